/**
 * Many pages: `POST /v1/extract/batch`, results streamed back as JSON Lines as pages finish.
 *
 * The lines are written by hand, with backpressure: a line is handed to the connection once the
 * client has taken the ones before (the response drained), and a page starts only when the lines
 * already made fit in a buffer of one per lane. A client that stops reading stops the batch: it
 * holds a few lines at most, each counted in the outbox's budget, until the send timeout cuts it
 * off (issue 36, item 1; the route used to queue every line in memory).
 */
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import { clientGone, type RouteOptions, type ServerContext } from '../context.js';
import { apiErrorOf } from '../errors.js';
import { batchRequestSchema } from '../schemas.js';
import { type PageBody, type PageSource, type SettingsBody, settingsFrom, sourceOf } from '../settings.js';
import type { ApiError, ExtractSettings, TaskOutcome } from '../types.js';

interface BatchBody extends SettingsBody {
  pages: (PageBody & { id?: string })[];
}

/** One finished page of a batch. */
interface BatchItem {
  index: number;
  id?: string;
  outcome: TaskOutcome;
}

export const batchRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app.post<{ Body: BatchBody }>(
    '/v1/extract/batch',
    { schema: { body: batchRequestSchema(context.options.maxBatch) } },
    async (request, reply) => {
      const settings = settingsFrom(request.body);
      const pages = request.body.pages;
      const sources = pages.map((page, index) => sourceOf(page, `pages/${index}`));
      context.admit();
      const signal = clientGone(reply);
      reply.hijack();
      const response = reply.raw;
      // The headers the hooks set (safety, rate limit) go with it: fastify sends none once hijacked.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) response.setHeader(name, value);
      }
      response.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8' });
      for await (const item of batchItems(context, pages, sources, settings, signal)) {
        if (!(await writeLine(context, response, item))) break;
      }
      if (!response.destroyed) response.end();
    },
  );
};

/** A page's line, in pieces: the answer's bytes are written as the worker made them. */
function linePieces(item: BatchItem, error?: ApiError): Buffer[] {
  const head = { index: item.index, ...(item.id === undefined ? {} : { id: item.id }) };
  const failure = error ?? ('error' in item.outcome ? item.outcome.error : undefined);
  if (failure || !('body' in item.outcome)) {
    const { code, message } = failure ?? { code: 'INTERNAL', message: 'no answer' };
    return [Buffer.from(`${JSON.stringify({ ...head, error: { code, message } })}\n`)];
  }
  const { body } = item.outcome;
  return [
    Buffer.from(`${JSON.stringify(head).slice(0, -1)},"result":`),
    Buffer.from(body.buffer, body.byteOffset, body.byteLength),
    Buffer.from('}\n'),
  ];
}

/**
 * Writes one line once its bytes fit in the outbox's budget (else the page's line says
 * OVERLOADED); resolves when the response can take more: true, or false when it closed.
 */
async function writeLine(
  context: ServerContext,
  response: ServerResponse,
  item: BatchItem,
): Promise<boolean> {
  if (response.destroyed) return false;
  let pieces = linePieces(item);
  let bytes = pieces.reduce((sum, piece) => sum + piece.length, 0);
  if (!context.outbox.take(response, bytes)) {
    const refusal = context.unsentOverload();
    context.metrics.error(refusal.code);
    pieces = linePieces(item, { code: refusal.code, message: refusal.message });
    bytes = pieces[0].length;
    context.outbox.take(response, bytes, true);
  }
  let more = true;
  pieces.forEach((piece, index) => {
    const last = index === pieces.length - 1;
    more = response.write(piece, last ? () => context.outbox.release(response, bytes) : undefined);
  });
  if (more) return !response.destroyed;
  if (response.destroyed) return false;
  return new Promise<boolean>((resolve) => {
    const settle = (open: boolean) => () => {
      response.off('drain', drained);
      response.off('close', closed);
      resolve(open);
    };
    const drained = settle(true);
    const closed = settle(false);
    response.once('drain', drained);
    response.once('close', closed);
  });
}

/**
 * The batch's pages in the order they finish. Pages run `concurrency` at a time (one batch can
 * use every worker, and adds at most that many to the queue); a lane starts its next page only
 * while fewer lines than lanes wait to be written.
 */
async function* batchItems(
  context: ServerContext,
  pages: BatchBody['pages'],
  sources: readonly PageSource[],
  settings: ExtractSettings,
  signal: AbortSignal,
): AsyncGenerator<BatchItem> {
  const ready: BatchItem[] = [];
  const lanes = Math.min(context.pool.concurrency, pages.length);
  let wake: (() => void) | undefined;
  const roomWaiters: (() => void)[] = [];
  /** The client went away, or the writer stopped reading lines. */
  let stopped = false;
  const stop = () => {
    stopped = true;
    ready.length = 0;
    for (const resume of roomWaiters.splice(0)) resume();
  };
  signal.addEventListener('abort', stop, { once: true });
  let next = 0;
  let active = lanes;
  const lane = async () => {
    while (next < pages.length && !stopped) {
      while (ready.length >= lanes && !stopped) {
        await new Promise<void>((resume) => roomWaiters.push(resume));
      }
      if (stopped || next >= pages.length) break;
      const index = next++;
      const outcome = await context
        .extract(sources[index], settings, signal)
        .catch((error: unknown): TaskOutcome => ({ error: apiErrorOf(error) }));
      if ('error' in outcome) context.metrics.error(outcome.error.code);
      if (!stopped) ready.push({ index, id: pages[index].id, outcome });
      wake?.();
    }
    active--;
    wake?.();
  };
  for (let i = active; i > 0; i--) void lane();
  try {
    while (active > 0 || ready.length > 0) {
      const item = ready.shift();
      if (item) {
        roomWaiters.shift()?.();
        yield item;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  } finally {
    signal.removeEventListener('abort', stop);
    stop();
  }
}
