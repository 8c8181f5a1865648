/** What the service says about itself: health, metrics, its OpenAPI document, its extractors. */
import type { FastifyPluginAsync } from 'fastify';
import { EXTRACTORS, type ExtractorParameter, OUTPUT_FORMATS, VERSION } from '../../index.js';
import type { RouteOptions } from '../context.js';
import { hostPolicy } from '../hosts.js';
import { openApiDocument } from '../openapi.js';

export const serviceRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const { pool, metrics, options, outbox } = context;
  app.get('/healthz', { config: { access: 'open', rateLimit: false } }, async () => ({
    status: 'ok',
    version: VERSION,
    uptimeSeconds: Math.round((Date.now() - context.startedAt) / 100) / 10,
    pool: {
      threads: pool.threads,
      concurrency: pool.concurrency,
      running: pool.running,
      queued: pool.queued,
      queueLimit: pool.queueLimit,
    },
  }));

  app.get('/metrics', async (_request, reply) =>
    reply.type('text/plain; version=0.0.4; charset=utf-8').send(
      metrics.render(
        {
          threads: pool.threads,
          running: pool.running,
          queued: pool.queued,
          timeouts: pool.timeouts,
        },
        {
          connections: outbox.connections,
          unsentBytes: outbox.unsentBytes,
          cutOff: outbox.cutOff,
          refused: outbox.refused,
        },
      ),
    ),
  );

  // Built on the first request: by then every route, of every plugin, is in the table.
  let openApi: object | undefined;
  app.get('/openapi.json', { config: { access: 'open' } }, async () => {
    openApi ??= openApiDocument(
      {
        maxBodyBytes: options.maxBodyBytes,
        timeoutMs: options.timeoutMs,
        maxAnswerBytes: options.maxAnswerBytes,
        maxBatch: options.maxBatch,
        maxJobUrls: options.maxJobUrls,
      },
      {
        apiKeys: (options.apiKeys?.length ?? 0) > 0,
        rateLimit: options.rateLimit,
        authFailuresPerMinute: options.authFailuresPerMinute,
        hostCheck: hostPolicy(options.host, options.allowedHosts) !== undefined,
        isOpen: (operation) => context.routes.isOpen(operation),
        isUnlimited: (operation) => context.routes.isUnlimited(operation),
      },
    );
    return openApi;
  });

  const extractors = {
    default: 'pith',
    formats: [...OUTPUT_FORMATS],
    extractors: Object.values(EXTRACTORS).map((extractor) => ({
      name: extractor.name,
      version: extractor.version,
      description: extractor.description,
      needsLayout: 'needsLayout' in extractor && extractor.needsLayout === true,
      parameters: (extractor.parameters as readonly ExtractorParameter[]).map((parameter) => ({
        name: parameter.name,
        type: parameter.type,
        default: parameter.default,
        description: parameter.description,
        ...(parameter.choices ? { choices: [...parameter.choices] } : {}),
      })),
    })),
  };
  app.get('/v1/extractors', async () => extractors);
};
