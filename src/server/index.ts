/**
 * server/: `pith serve`, the HTTP API and the web page. Extraction runs in worker
 * threads (pool.ts, worker.ts); URLs are fetched with the library's safe fetcher.
 *
 * ```ts
 * import { createServer } from './server/index.js';
 * const server = createServer({ port: 8080 });
 * console.log(await server.listen());
 * ```
 */
export {
  createServer,
  DEFAULT_SERVER_OPTIONS,
  type PithServer,
  type ServerFetchOptions,
  type ServerOptions,
  statusOf,
} from './app.js';
export { openApiDocument } from './openapi.js';
export type { ApiError, ApiMetadata, ExtractResponse, Include } from './types.js';
export { type KeptView, keptView, VIEW_NODE_ATTRIBUTE, VIEW_STATE_ATTRIBUTE } from './view.js';
