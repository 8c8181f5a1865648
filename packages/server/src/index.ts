/**
 * server/: `pith serve`, the HTTP API and the web page. Extraction runs in worker
 * threads (pool.ts, extract-thread.ts); URLs are fetched with the library's safe fetcher.
 *
 * ```ts
 * import { createServer } from './server/index.js';
 * const server = createServer({ port: 8080 });
 * console.log(await server.listen());
 * ```
 */
export { MIN_KEY_LENGTH, parseApiKeys } from './access.js';
export { createServer, type PithServer } from './app.js';
export type { RouteOptions, ServerContext } from './context.js';
export { statusOf } from './errors.js';
export { isLoopback, startupWarnings } from './hosts.js';
export { openApiDocument } from './openapi.js';
export {
  DEFAULT_SERVER_OPTIONS,
  type RateLimit,
  type ServerFetchOptions,
  type ServerOptions,
} from './options.js';
export type { ApiError, ExtractResponse, Include } from './types.js';
export {
  type KeptView,
  keptView,
  VIEW_FIRST_KEPT_ID,
  VIEW_NODE_ATTRIBUTE,
  VIEW_STATE_ATTRIBUTE,
  VIEW_WHY_ATTRIBUTE,
} from './view.js';
