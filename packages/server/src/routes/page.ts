/** The web page at `/` and its script and style sheet. */
import type { FastifyPluginAsync } from 'fastify';
import { RequestError } from '../errors.js';
import { PAGE_CSP, pageAsset, pageHtml } from '../page/index.js';

export const pageRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', { config: { access: 'open' } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PAGE_CSP)
      .header('cache-control', 'no-cache')
      .send(pageHtml()),
  );
  app.get<{ Params: { name: string } }>(
    '/assets/:name',
    { config: { access: 'open' } },
    async (request, reply) => {
      const asset = await pageAsset(request.params.name);
      if (!asset) throw new RequestError('NOT_FOUND', `no asset ${request.params.name}`);
      return reply.type(asset.type).header('cache-control', 'no-cache').send(asset.body);
    },
  );
};
