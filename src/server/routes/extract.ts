/** One page: `GET /v1/extract?url=…` and `POST /v1/extract` (a JSON body, or the raw page). */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { clientGone, type RouteOptions, type ServerContext } from '../context.js';
import { RequestError, requestErrorOf } from '../errors.js';
import { extractQuerySchema, extractRequestSchema } from '../schemas.js';
import {
  type PageBody,
  type PageSource,
  type SettingsBody,
  type SettingsQuery,
  settingsFrom,
  settingsFromQuery,
  sourceOf,
} from '../settings.js';
import { type ExtractSettings, RAW_TYPES } from '../types.js';

async function answer(
  context: ServerContext,
  reply: FastifyReply,
  source: PageSource,
  settings: ExtractSettings,
): Promise<FastifyReply> {
  context.admit();
  const outcome = await context.extract(source, settings, clientGone(reply));
  if ('error' in outcome) throw requestErrorOf(outcome.error);
  return context.sendJson(reply, outcome.body, outcome.lines);
}

export const extractRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  // Raw pages arrive as bytes (their charset is the worker's business); JSON is fastify's.
  app.removeContentTypeParser(['text/plain']);
  app.addContentTypeParser(RAW_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.get<{ Querystring: SettingsQuery }>(
    '/v1/extract',
    { schema: { querystring: extractQuerySchema } },
    async (request, reply) => {
      const settings = settingsFromQuery(request.query);
      if (!request.query.url) throw new RequestError('BAD_REQUEST', 'querystring must have the url to fetch');
      return answer(context, reply, { kind: 'fetch', url: request.query.url }, settings);
    },
  );

  app.post<{ Querystring: SettingsQuery; Body: (PageBody & SettingsBody) | Buffer }>(
    '/v1/extract',
    {
      schema: {
        querystring: extractQuerySchema,
        body: { content: { 'application/json': { schema: extractRequestSchema } } },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body))
        return answer(context, reply, sourceOf(body ?? {}), settingsFrom(body ?? {}));
      if (body.length === 0) throw new RequestError('BAD_REQUEST', 'the body is empty: send the page');
      const source: PageSource = {
        kind: 'bytes',
        bytes: body,
        contentType: request.headers['content-type'],
        url: request.query.url,
      };
      return answer(context, reply, source, settingsFromQuery(request.query));
    },
  );
};
