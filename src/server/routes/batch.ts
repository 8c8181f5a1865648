/** Many pages: `POST /v1/extract/batch`, results streamed back as JSON Lines as pages finish. */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { clientGone, type RouteOptions, type ServerContext } from '../context.js';
import { apiErrorOf } from '../errors.js';
import { batchRequestSchema } from '../schemas.js';
import { type PageBody, type PageSource, type SettingsBody, settingsFrom, sourceOf } from '../settings.js';
import type { ExtractSettings, TaskOutcome } from '../types.js';

interface BatchBody extends SettingsBody {
  pages: (PageBody & { id?: string })[];
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
      const lines = Readable.from(batchLines(context, pages, sources, settings, clientGone(reply)));
      return reply.type('application/x-ndjson; charset=utf-8').send(lines);
    },
  );
};

/**
 * The batch's result lines in the order pages finish. Pages run `concurrency` at a
 * time (one batch can use every worker, and adds at most that many to the queue).
 */
async function* batchLines(
  context: ServerContext,
  pages: BatchBody['pages'],
  sources: readonly PageSource[],
  settings: ExtractSettings,
  signal: AbortSignal,
): AsyncGenerator<string> {
  const ready: string[] = [];
  let wake: (() => void) | undefined;
  let next = 0;
  let active = Math.min(context.pool.concurrency, pages.length);
  const lane = async () => {
    while (next < pages.length && !signal.aborted) {
      const index = next++;
      const outcome = await context
        .extract(sources[index], settings, signal)
        .catch((error: unknown): TaskOutcome => ({ error: apiErrorOf(error) }));
      if ('error' in outcome) context.metrics.error(outcome.error.code);
      const id = pages[index].id === undefined ? {} : { id: pages[index].id };
      const line =
        'error' in outcome
          ? { index, ...id, error: { code: outcome.error.code, message: outcome.error.message } }
          : { index, ...id, result: outcome.result };
      ready.push(`${JSON.stringify(line)}\n`);
      wake?.();
    }
    active--;
    wake?.();
  };
  for (let i = active; i > 0; i--) void lane();
  while (active > 0 || ready.length > 0) {
    if (ready.length > 0) {
      yield ready.shift() as string;
      continue;
    }
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
    wake = undefined;
  }
}
