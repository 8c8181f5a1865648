/**
 * The web page's HTML shell. Everything it shows is filled in by client.ts from the
 * API; there is no inline script (the page's CSP allows scripts from this server only).
 */
import { QUALITY_REASON_TEXTS, VERSION } from '../../index.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  );
}

/**
 * What the badge's colour and codes mean. The codes' sentences are the library's one table
 * (QUALITY_REASON_TEXTS); the script reads them from here to explain each code where it shows
 * it, and colours the badge by the rule written here (`badgeBand` in client.ts).
 */
function qualityGlossary(): string {
  const codes = Object.entries(QUALITY_REASON_TEXTS)
    .map(([code, text]) => `<dt><code>${code}</code></dt><dd data-reason="${code}">${escapeHtml(text)}</dd>`)
    .join('');
  return `<details id="quality-help" class="glossary">
  <summary>What the quality badge and its codes mean</summary>
  <p>The score is the expected F1 of the extraction: how much of what a person would mark as the main text it kept, and how little else, from 0 to 1, estimated for pith's own extractor from held-out pages.</p>
  <p>The colour: <span class="quality-badge good">green</span> for a score of 0.80 or more with no reason code and no warning; <span class="quality-badge fair">amber</span> for a score from 0.50, or for any score with a reason code or a warning; <span class="quality-badge poor">red</span> for a score under 0.50, or when nothing was kept (EMPTY) or the page is drawn by its scripts (SCRIPT_RENDERED); grey when there is no estimate (extractors other than pith).</p>
  <dl id="reason-glossary">${codes}</dl>
</details>`;
}

/**
 * The page's Content-Security-Policy. Frames are `srcdoc` documents, which inherit it:
 * hence inline styles (the original page's CSS) but no inline scripts; images only
 * from here, `data:` and `blob:` (the plot), so an extracted page never loads anything.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function pageHtml(): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pith: what was kept</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/app.css">
<script type="module" src="/assets/app.js"></script>
</head>
<body>
<a class="skip" href="#source">Skip to the page input</a>
<header class="bar">
  <h1>pith <span class="version">${VERSION}</span></h1>
  <p class="tagline">the main content of a web page, and why</p>
  <nav aria-label="Service"><a href="/openapi.json">API</a> <a href="/v1/extractors">extractors</a> <a href="/metrics">metrics</a></nav>
</header>
<main>
<form id="input" class="panel" novalidate>
  <div id="key-row" class="row key-row" hidden>
    <label for="api-key" class="label">API key</label>
    <input id="api-key" type="password" autocomplete="off" spellcheck="false" aria-describedby="key-note">
    <span id="key-note" class="muted">This server needs one; the page keeps it for this tab only.</span>
  </div>
  <label for="source" class="label">Page: paste its HTML or a URL, or drop a file here</label>
  <textarea id="source" rows="7" spellcheck="false" autocomplete="off"
    placeholder="https://example.com/an-article&#10;— or —&#10;&lt;html&gt;…&lt;/html&gt;"></textarea>
  <div class="row file-row">
    <input id="file" type="file" accept=".html,.htm,.xhtml,text/html,application/xhtml+xml" class="visually-hidden">
    <label class="button secondary" for="file">Open a file…</label>
    <span id="file-name" class="muted"></span>
    <button type="button" id="file-clear" class="link" hidden>remove file</button>
  </div>
  <div class="row fields">
    <label>Extractor <select id="extractor"></select></label>
    <label>Compare with <select id="compare"><option value="">nothing</option></select></label>
    <label class="grow">Page URL <input id="page-url" type="url" inputmode="url" placeholder="for links in pasted HTML (optional)"></label>
  </div>
  <p id="extractor-description" class="muted description"></p>
  <details id="parameters">
    <summary>Parameters of <span id="parameters-of">pith</span></summary>
    <div id="parameter-fields" class="parameters"></div>
    <button type="button" id="parameters-reset" class="link">reset to defaults</button>
  </details>
  <div class="row actions">
    <button type="submit" id="run">Extract</button>
    <span class="hint"><kbd>Ctrl</kbd>+<kbd>Enter</kbd></span>
    <span id="status" class="muted" role="status" aria-live="polite"></span>
  </div>
  <div id="error" class="error" role="alert" hidden></div>
</form>
<section id="results" aria-label="Results" hidden>
  <div class="tabs" role="tablist" aria-label="Result views">
    <button type="button" role="tab" id="tab-kept" data-view="kept" aria-selected="true" aria-controls="columns">What was kept</button>
    <button type="button" role="tab" id="tab-rendered" data-view="rendered" aria-selected="false" aria-controls="columns" tabindex="-1">Rendered</button>
    <button type="button" role="tab" id="tab-markdown" data-view="markdown" aria-selected="false" aria-controls="columns" tabindex="-1">Markdown</button>
    <button type="button" role="tab" id="tab-metadata" data-view="metadata" aria-selected="false" aria-controls="columns" tabindex="-1">Metadata</button>
    <button type="button" role="tab" id="tab-plot" data-view="plot" aria-selected="false" aria-controls="columns" tabindex="-1">Per-line plot</button>
  </div>
  <div id="columns" class="columns" role="tabpanel" aria-labelledby="tab-kept" tabindex="0"></div>
  ${qualityGlossary()}
</section>
</main>
<footer class="muted">Pages are shown without their scripts and without loading anything from the web.</footer>
</body>
</html>
`;
}
