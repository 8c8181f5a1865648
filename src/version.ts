/**
 * pith's version: the `version` of package.json, copied here by `npm version` (scripts/version.mjs)
 * so that the library knows it without reading a file (it runs where there is none); a test checks
 * that the two agree. `pith --version`, `/healthz`, the web page, the OpenAPI document and the
 * fetcher's User-Agent all show this. (Each extractor has its own version besides, which changes
 * when its outputs do.)
 */
export const VERSION = '0.3.0';
