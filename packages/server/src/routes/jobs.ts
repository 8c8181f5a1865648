/**
 * Asynchronous batch jobs on the pith queue: `POST /v1/jobs` (URLs, or an archive's name in the
 * server's archive directory), `GET /v1/jobs/{id}` (state, counts), `GET /v1/jobs/{id}/results`
 * (the records as JSON Lines, once complete). The work is done by `pith worker`s. Each route
 * passes on who asks (clientOf): a client sees its own jobs only, within its quota.
 *
 * Every call to the queue answers within QUEUE_DEADLINE_MS: a queue never reached since the
 * server started, or one that stopped answering, is the same 503 QUEUE_UNAVAILABLE as a Redis
 * that went away (issue 36, item 9: BullMQ waits for its first connection forever). A job's
 * output that cannot be read is a 500 RESULTS_UNREADABLE, one that is gone a 410 RESULTS_GONE,
 * never an unhandled stream error (item 2: it took the process down).
 */
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { getExtractor } from 'pith';
import { clientOf } from '../access.js';
import type { RouteOptions } from '../context.js';
import { RequestError } from '../errors.js';
import type { AsyncJobs, JobRequestBody } from '../options.js';
import { jobRequestSchema } from '../schemas.js';

const ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

/** How long one call to the queue may take (Redis answers in milliseconds; its connect timeout is 5 s). */
export const QUEUE_DEADLINE_MS = 5000;
const QUEUE_RETRY_AFTER_S = 5;

export const jobRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const jobs = (): AsyncJobs => {
    const backend = context.options.jobs;
    if (!backend) {
      throw new RequestError(
        'JOBS_DISABLED',
        'this server runs no jobs (pith serve --jobs-out DIR enables them)',
      );
    }
    return backend;
  };
  const resultsPath = (id: string) => `/v1/jobs/${id}/results`;

  app.post<{ Body: JobRequestBody }>(
    '/v1/jobs',
    { schema: { body: jobRequestSchema(context.options.maxJobUrls) } },
    async (request, reply) => {
      const backend = jobs();
      // Refused here, as /v1/extract refuses it, whatever the job service behind checks again.
      if (request.body.extractor !== undefined) getExtractor(request.body.extractor);
      const client = clientOf(request);
      const submitted = await queueCall(request.log, () => backend.submit(request.body, client));
      const view = await queueCall(request.log, () => backend.view(submitted.id, client));
      return reply
        .code(202)
        .header('location', `/v1/jobs/${submitted.id}`)
        .send({
          ...view,
          id: submitted.id,
          existing: submitted.existing,
          results: resultsPath(submitted.id),
        });
    },
  );

  app.get<{ Params: { id: string } }>('/v1/jobs/:id', { schema: { params: ID_PARAMS } }, async (request) => {
    const backend = jobs();
    const view = await queueCall(request.log, () => backend.view(request.params.id, clientOf(request)));
    if (!view) throw new RequestError('NOT_FOUND', `no job ${request.params.id}`);
    return { ...view, results: resultsPath(view.id) };
  });

  app.get<{ Params: { id: string } }>(
    '/v1/jobs/:id/results',
    { schema: { params: ID_PARAMS } },
    async (request, reply) => {
      const { id } = request.params;
      const backend = jobs();
      const results = await queueCall(request.log, () => backend.results(id, clientOf(request)));
      if (!results) throw new RequestError('NOT_FOUND', `no job ${id}`);
      if ('state' in results) {
        if (results.state === 'missing') throw resultsGone(id);
        throw new RequestError('JOB_NOT_DONE', `job ${id} is ${results.state}, not completed`);
      }
      const body = Readable.from(resultLines(results.lines, id, request.log), { objectMode: false });
      return reply.type('application/x-ndjson; charset=utf-8').send(body);
    },
  );
};

/**
 * The output's bytes as they are read; a read error becomes the route's error (before the first
 * byte, a clean JSON answer; after, the response is cut short). The client leaving ends the
 * loop, which closes the file.
 */
async function* resultLines(lines: Readable, id: string, log: FastifyBaseLogger): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of lines) yield chunk as Buffer;
  } catch (error) {
    log.error({ err: error, job: id }, 'a job output could not be read');
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw resultsGone(id);
    throw new RequestError(
      'RESULTS_UNREADABLE',
      `the output of job ${id} cannot be read on the server${typeof code === 'string' ? ` (${code})` : ''}`,
    );
  }
}

function resultsGone(id: string): RequestError {
  return new RequestError('RESULTS_GONE', `job ${id} is completed but its output is no longer on the server`);
}

function queueUnavailable(): RequestError {
  return new RequestError(
    'QUEUE_UNAVAILABLE',
    `the job queue cannot be reached; retry in ${QUEUE_RETRY_AFTER_S} s`,
    { 'retry-after': String(QUEUE_RETRY_AFTER_S) },
  );
}

/**
 * The codes the job service refuses a request with (its JobRequestError), each with its status
 * in errors.ts: the request (400, 404), the job's payload (413), the client's quota (429); the
 * checks a worker makes again (checks.ts) that only a misconfigured server fails (500).
 */
const JOB_REFUSALS: ReadonlySet<string> = new Set([
  'BAD_REQUEST',
  'NOT_FOUND',
  'BAD_JOB',
  'BAD_OPTION',
  'UNKNOWN_EXTRACTOR',
  'JOB_TOO_LARGE',
  'QUOTA_EXCEEDED',
  'INPUT_NOT_ALLOWED',
  'OUTPUT_NOT_ALLOWED',
  'PRIVATE_NOT_ALLOWED',
]);

/**
 * Refusals of the job service as the server's errors; Redis away, never reached, or slower
 * than the deadline as 503 (its cause in the log only: it names the queue's address).
 */
async function queueCall<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${QUEUE_DEADLINE_MS} ms`)),
      QUEUE_DEADLINE_MS,
    );
  });
  try {
    return await Promise.race([call(), deadline]);
  } catch (error) {
    if (error instanceof RequestError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && JOB_REFUSALS.has(code))
      throw new RequestError(code, (error as Error).message);
    log.warn({ err: error }, 'the job queue cannot be reached');
    throw queueUnavailable();
  } finally {
    clearTimeout(timer);
  }
}
