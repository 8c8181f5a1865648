/**
 * page/: the web page at `/`: its HTML shell, style sheet and script. The script is
 * client.ts, compiled by tsc with the rest (dist/server/page/client.js) and, when the
 * server runs from source, transpiled once on the fly.
 */
import { readFile } from 'node:fs/promises';
import { PAGE_CSS } from './style.js';

export { PAGE_CSP, pageHtml } from './html.js';

export interface PageAsset {
  type: string;
  body: string;
}

let script: Promise<string> | undefined;

async function loadScript(): Promise<string> {
  if (!import.meta.url.endsWith('.ts')) {
    const compiled = await readFile(new URL('./client.js', import.meta.url), 'utf8');
    return compiled.replace(/\n\/\/# sourceMappingURL=.*$/, '\n');
  }
  // From source (tsx): TypeScript is a dev dependency, there whenever the sources are.
  const { default: ts } = await import('typescript');
  const source = await readFile(new URL('./client.ts', import.meta.url), 'utf8');
  return ts.transpileModule(source, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      verbatimModuleSyntax: true,
    },
  }).outputText;
}

/** The page's assets by name: `app.js` and `app.css`. */
export async function pageAsset(name: string): Promise<PageAsset | undefined> {
  if (name === 'app.css') return { type: 'text/css; charset=utf-8', body: PAGE_CSS };
  if (name === 'app.js') {
    script ??= loadScript();
    return { type: 'text/javascript; charset=utf-8', body: await script };
  }
  return undefined;
}
