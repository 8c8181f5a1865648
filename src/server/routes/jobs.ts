/**
 * Asynchronous batch jobs on the pith queue: `POST /v1/jobs` (URLs, or an archive's name in the
 * server's archive directory), `GET /v1/jobs/{id}` (state, counts), `GET /v1/jobs/{id}/results`
 * (the records as JSON Lines, once complete). The work is done by `pith worker`s.
 */
import type { FastifyPluginAsync } from 'fastify';
import { getExtractor } from '../../index.js';
import type { RouteOptions } from '../context.js';
import { RequestError } from '../errors.js';
import type { AsyncJobs, JobRequestBody } from '../options.js';
import { jobRequestSchema } from '../schemas.js';

const ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

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
      // Refused here, as /v1/extract refuses it, not accepted for every page to fail in a worker.
      if (request.body.extractor !== undefined) getExtractor(request.body.extractor);
      const submitted = await queueCall(() => backend.submit(request.body));
      const view = await queueCall(() => jobs().view(submitted.id));
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
    const view = await queueCall(() => jobs().view(request.params.id));
    if (!view) throw new RequestError('NOT_FOUND', `no job ${request.params.id}`);
    return { ...view, results: resultsPath(view.id) };
  });

  app.get<{ Params: { id: string } }>(
    '/v1/jobs/:id/results',
    { schema: { params: ID_PARAMS } },
    async (request, reply) => {
      const results = await queueCall(() => jobs().results(request.params.id));
      if (!results) throw new RequestError('NOT_FOUND', `no job ${request.params.id}`);
      if ('state' in results) {
        throw new RequestError('JOB_NOT_DONE', `job ${request.params.id} is ${results.state}, not completed`);
      }
      return reply.type('application/x-ndjson; charset=utf-8').send(results.lines);
    },
  );
};

/** Refusals of the job service as the server's errors; Redis away as 503. */
async function queueCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof RequestError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'BAD_REQUEST' || code === 'NOT_FOUND')
      throw new RequestError(code, (error as Error).message);
    throw new RequestError(
      'QUEUE_UNAVAILABLE',
      `the job queue cannot be reached: ${(error as Error).message}`,
      {
        'retry-after': '5',
      },
    );
  }
}
