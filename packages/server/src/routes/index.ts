/**
 * routes/: the route plugins, one per concern. Each is registered with the server's
 * context (`app.register(plugin, { context })`) and inherits what the server sets up
 * around them: the error mapper, metrics and safety headers, API keys and rate limits
 * (a route opts out with `config: { access: 'open' }` or `config: { rateLimit: false }`).
 */
export { batchRoutes } from './batch.js';
export { extractRoutes } from './extract.js';
export { jobRoutes } from './jobs.js';
export { pageRoutes } from './page.js';
export { serviceRoutes } from './service.js';
