/// <reference lib="dom" />
/**
 * The web page's script (served at /assets/app.js as an ES module; compiled by tsc with
 * the rest, transpiled on the fly when the server runs from source). It talks only to
 * this server's API, and shows extracted pages in `<iframe sandbox>` without
 * `allow-scripts`: nothing from a page ever runs.
 *
 * It must not import anything at run time: the browser gets this one file.
 */
import type { ApiError, ExtractResponse } from '../types.js';

interface Parameter {
  name: string;
  type: 'number' | 'boolean' | 'string';
  default: number | boolean | string;
  description: string;
  choices?: string[];
}

interface ExtractorInfo {
  name: string;
  version: string;
  description: string;
  needsLayout: boolean;
  parameters: Parameter[];
}

type View = 'kept' | 'rendered' | 'markdown' | 'metadata' | 'plot';

interface Outcome {
  extractor: string;
  result?: ExtractResponse;
  error?: ApiError;
}

/** The policy of the reader-style frame around rendered HTML (inside the page's own policy). */
const RENDERED_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
const RENDERED_CSS =
  'body{font:17px/1.6 Georgia,"Times New Roman",serif;max-width:42em;margin:1.5em auto;padding:0 1em;color:#1c2128;background:#fff}' +
  'img{max-width:100%;height:auto}pre{overflow:auto;background:#f3f4f6;padding:.6em}table{border-collapse:collapse}' +
  'td,th{border:1px solid #ccc;padding:.2em .4em}blockquote{border-left:3px solid #ccc;margin-left:0;padding-left:1em;color:#444}';

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found as T;
}

function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<Record<string, string>> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(properties)) {
    if (value === undefined) continue;
    if (name === 'text') node.textContent = value;
    else if (name === 'className') node.className = value;
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

const form = element<HTMLFormElement>('input');
const source = element<HTMLTextAreaElement>('source');
const fileInput = element<HTMLInputElement>('file');
const fileName = element<HTMLSpanElement>('file-name');
const fileClear = element<HTMLButtonElement>('file-clear');
const extractorSelect = element<HTMLSelectElement>('extractor');
const compareSelect = element<HTMLSelectElement>('compare');
const pageUrl = element<HTMLInputElement>('page-url');
const parametersOf = element<HTMLSpanElement>('parameters-of');
const extractorDescription = element<HTMLParagraphElement>('extractor-description');
const parameterFields = element<HTMLDivElement>('parameter-fields');
const parametersReset = element<HTMLButtonElement>('parameters-reset');
const runButton = element<HTMLButtonElement>('run');
const status = element<HTMLSpanElement>('status');
const errorBox = element<HTMLDivElement>('error');
const results = element<HTMLElement>('results');
const keyRow = element<HTMLDivElement>('key-row');
const keyInput = element<HTMLInputElement>('api-key');
const columns = element<HTMLDivElement>('columns');
const tabs = Array.from(document.querySelectorAll<HTMLButtonElement>('[role=tab]'));

let extractors: ExtractorInfo[] = [];
let file: File | undefined;
let view: View = 'kept';
let outcomes: Outcome[] = [];
const blobUrls: string[] = [];

function showError(message: string | undefined): void {
  errorBox.hidden = !message;
  errorBox.textContent = message ?? '';
}

function formatNumber(value: number): string {
  return value.toLocaleString('en');
}

/** "1 kept block", "2 kept blocks". */
function count(value: number, one: string, many = `${one}s`): string {
  return `${formatNumber(value)} ${value === 1 ? one : many}`;
}

// ── the API key, for a server that needs one ────────────────────────────────

/** Where the key is kept: this tab only, gone when it closes. */
const KEY_STORAGE = 'pith-api-key';

function apiHeaders(headers: Record<string, string> = {}): Record<string, string> {
  const key = sessionStorage.getItem(KEY_STORAGE);
  return key ? { ...headers, authorization: `Bearer ${key}` } : headers;
}

/** The server refused the request for want of a (valid) key: ask for one. */
function askForKey(): void {
  keyRow.hidden = false;
  keyInput.value = sessionStorage.getItem(KEY_STORAGE) ?? '';
  showError(
    keyInput.value
      ? 'The server did not take this API key: check it.'
      : 'This server needs an API key: enter it above.',
  );
  keyInput.focus();
}

keyInput.addEventListener('change', () => {
  const key = keyInput.value.trim();
  if (key) sessionStorage.setItem(KEY_STORAGE, key);
  else sessionStorage.removeItem(KEY_STORAGE);
  if (extractors.length === 0) {
    loadExtractors().catch((error: unknown) => showError(`Could not load the extractors: ${String(error)}`));
  } else {
    showError(undefined);
  }
});

// ── extractors and their parameters ─────────────────────────────────────────

async function loadExtractors(): Promise<void> {
  const response = await fetch('/v1/extractors', { headers: apiHeaders() });
  if (response.status === 401) {
    askForKey();
    return;
  }
  showError(undefined);
  const body = (await response.json()) as { default: string; extractors: ExtractorInfo[] };
  extractors = body.extractors;
  for (const info of extractors) {
    extractorSelect.append(make('option', { value: info.name, text: info.name }));
    compareSelect.append(make('option', { value: info.name, text: info.name }));
  }
  extractorSelect.value = body.default;
  renderParameters();
}

function currentExtractor(): ExtractorInfo | undefined {
  return extractors.find((info) => info.name === extractorSelect.value);
}

function renderParameters(): void {
  const info = currentExtractor();
  parametersOf.textContent = info?.name ?? '';
  extractorDescription.textContent = info?.description ?? '';
  parameterFields.replaceChildren();
  if (!info || info.parameters.length === 0) {
    parameterFields.append(make('p', { className: 'empty', text: 'This extractor has no parameters.' }));
    return;
  }
  for (const parameter of info.parameters) {
    const id = `parameter-${parameter.name}`;
    const description = make('small', { text: parameter.description });
    const name = make('span', { className: 'name', text: parameter.name });
    let control: HTMLInputElement | HTMLSelectElement;
    if (parameter.type === 'boolean') {
      control = make('input', { type: 'checkbox', id });
      control.checked = parameter.default === true;
      parameterFields.append(
        make('label', { className: 'check', for: id }, [control, make('span', {}, [name, ' ', description])]),
      );
      control.dataset.parameter = parameter.name;
      continue;
    }
    if (parameter.choices) {
      control = make('select', { id });
      for (const choice of parameter.choices) control.append(make('option', { value: choice, text: choice }));
      control.value = String(parameter.default);
    } else {
      control = make('input', {
        id,
        type: parameter.type === 'number' ? 'number' : 'text',
        step: parameter.type === 'number' ? 'any' : undefined,
        value: String(parameter.default),
      });
    }
    control.dataset.parameter = parameter.name;
    parameterFields.append(make('label', { for: id }, [name, control, description]));
  }
}

/** The parameters the user changed from their defaults. */
function chosenOptions(): Record<string, string | number | boolean> {
  const info = currentExtractor();
  const options: Record<string, string | number | boolean> = {};
  if (!info) return options;
  for (const control of Array.from(
    parameterFields.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-parameter]'),
  )) {
    const parameter = info.parameters.find((candidate) => candidate.name === control.dataset.parameter);
    if (!parameter) continue;
    let value: string | number | boolean;
    if (parameter.type === 'boolean') value = (control as HTMLInputElement).checked;
    else if (parameter.type === 'number') value = Number(control.value);
    else value = control.value;
    if (value !== parameter.default && !(typeof value === 'number' && Number.isNaN(value))) {
      // own-keys: an extractor parameter's name, from the server's list
      options[parameter.name] = value;
    }
  }
  return options;
}

// ── the input: text, URL or file ────────────────────────────────────────────

function setFile(chosen: File | undefined): void {
  file = chosen;
  fileName.textContent = chosen ? `${chosen.name} (${formatNumber(chosen.size)} bytes)` : '';
  fileClear.hidden = !chosen;
  source.disabled = Boolean(chosen);
  if (!chosen) fileInput.value = '';
}

fileInput.addEventListener('change', () => setFile(fileInput.files?.[0]));
fileClear.addEventListener('click', () => {
  setFile(undefined);
  source.focus();
});
form.addEventListener('dragover', (event) => {
  event.preventDefault();
  form.classList.add('dragging');
});
form.addEventListener('dragleave', () => form.classList.remove('dragging'));
form.addEventListener('drop', (event) => {
  event.preventDefault();
  form.classList.remove('dragging');
  const dropped = event.dataTransfer?.files?.[0];
  if (dropped) setFile(dropped);
});

const URL_ONLY = /^https?:\/\/\S+$/i;

/**
 * The title as a heading on top of the Markdown: the kept view highlights the page's headline
 * when the extractor keeps it, so the Markdown beside it must show it too (without this, the
 * API's content is the body alone and the title only `metadata.title`).
 */
const TITLE_HEADING = true;

async function requestExtraction(extractor: string, options: Record<string, unknown>): Promise<Outcome> {
  const include = ['html', 'view', 'plot'];
  let response: Response;
  if (file) {
    const query = new URLSearchParams({
      extractor,
      format: 'markdown',
      include: include.join(','),
      titleHeading: String(TITLE_HEADING),
    });
    if (pageUrl.value.trim()) query.set('url', pageUrl.value.trim());
    for (const [name, value] of Object.entries(options)) query.append('option', `${name}=${value}`);
    response = await fetch(`/v1/extract?${query}`, {
      method: 'POST',
      headers: apiHeaders({ 'content-type': file.type || 'text/html' }),
      body: file,
    });
  } else {
    const text = source.value.trim();
    const body: Record<string, unknown> = {
      extractor,
      format: 'markdown',
      include,
      options,
      titleHeading: TITLE_HEADING,
    };
    if (URL_ONLY.test(text)) body.url = text;
    else {
      body.html = source.value;
      if (pageUrl.value.trim()) body.url = pageUrl.value.trim();
    }
    response = await fetch('/v1/extract', {
      method: 'POST',
      headers: apiHeaders({ 'content-type': 'application/json' }),
      body: JSON.stringify(body),
    });
  }
  if (response.status === 401) askForKey();
  const payload = (await response.json().catch(() => ({
    error: { code: 'BAD_RESPONSE', message: `HTTP ${response.status}` },
  }))) as ExtractResponse | { error: ApiError };
  if ('error' in payload) return { extractor, error: payload.error };
  return { extractor, result: payload };
}

async function run(): Promise<void> {
  if (!file && source.value.trim() === '') {
    showError('Paste a page or a URL first, or open a file.');
    source.focus();
    return;
  }
  showError(undefined);
  runButton.disabled = true;
  form.setAttribute('aria-busy', 'true');
  status.textContent = 'Extracting…';
  const started = performance.now();
  try {
    const chosen = [extractorSelect.value];
    if (compareSelect.value && compareSelect.value !== extractorSelect.value)
      chosen.push(compareSelect.value);
    const options = chosenOptions();
    // Parameters belong to the first extractor; the one compared with runs on its defaults.
    outcomes = await Promise.all(
      chosen.map((name, index) => requestExtraction(name, index === 0 ? options : {})),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const failed = outcomes.filter((outcome) => outcome.error);
    status.textContent = failed.length === outcomes.length ? '' : `Done in ${seconds} s.`;
    if (failed.length === outcomes.length) {
      // Nothing to show but the error: say it once, above.
      showError(failed.map((outcome) => `${outcome.error?.code}: ${outcome.error?.message}`).join('\n'));
      outcomes = [];
    }
    renderResults();
    // The results start below the form, often below the fold: bring them up.
    if (outcomes.length > 0) {
      const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
      results.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    }
  } catch (error) {
    status.textContent = '';
    showError(`The server did not answer: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    runButton.disabled = false;
    form.removeAttribute('aria-busy');
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void run();
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    if (!runButton.disabled) void run();
  }
});
extractorSelect.addEventListener('change', renderParameters);
parametersReset.addEventListener('click', renderParameters);

// ── results ─────────────────────────────────────────────────────────────────

function selectTab(next: View, focus = false): void {
  view = next;
  for (const tab of tabs) {
    const selected = tab.dataset.view === next;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    if (selected) {
      columns.setAttribute('aria-labelledby', tab.id);
      if (focus) tab.focus();
    }
  }
  showView();
}

for (const tab of tabs) {
  tab.addEventListener('click', () => selectTab(tab.dataset.view as View));
  tab.addEventListener('keydown', (event) => {
    const visible = tabs.filter((candidate) => !candidate.hidden);
    const at = visible.indexOf(tab);
    let target: HTMLButtonElement | undefined;
    if (event.key === 'ArrowRight') target = visible[(at + 1) % visible.length];
    else if (event.key === 'ArrowLeft') target = visible[(at - 1 + visible.length) % visible.length];
    else if (event.key === 'Home') target = visible[0];
    else if (event.key === 'End') target = visible[visible.length - 1];
    if (!target) return;
    event.preventDefault();
    selectTab(target.dataset.view as View, true);
  });
}

function frame(title: string, html: string): HTMLIFrameElement {
  // Empty sandbox: no scripts, no same origin, no forms, no popups, no top navigation.
  const iframe = make('iframe', { sandbox: '', title, referrerpolicy: 'no-referrer' });
  iframe.srcdoc = html;
  return iframe;
}

/** The id of the first kept block in the kept view (VIEW_FIRST_KEPT_ID in view.ts). */
const FIRST_KEPT_ID = 'pith-first-kept';

/**
 * The kept view's frame, opened at the first kept block: a page whose first screen is all
 * boilerplate shows what was kept at once. A blob: document (the page's CSP allows it in frames)
 * rather than srcdoc, because only a URL carries the fragment the frame scrolls to without a
 * script; the sandbox is the same.
 *
 * The browser scrolls a frame to its fragment once, at the layout the frame has then. A frame
 * whose size settles later (a phone's column laid out after the frame's first layout, seen under
 * load in CI: the block 172 px above the frame's top) would open past its block, so the page asks
 * again on the frame's load and on each change of its size, until the reader takes over (focus moves
 * into the frame) or a few seconds after the load.
 */
function keptFrame(title: string, html: string): { iframe: HTMLIFrameElement; url: string } {
  const blob = URL.createObjectURL(new Blob([html], { type: 'text/html;charset=utf-8' }));
  blobUrls.push(blob);
  const url = `${blob}#${FIRST_KEPT_ID}`;
  const iframe = make('iframe', { sandbox: '', title, referrerpolicy: 'no-referrer' });
  iframe.src = url;
  let loaded = false;
  const observer = new ResizeObserver(() => {
    // A frame taken off the page (a new result before its load) lets go of the window too.
    if (!iframe.isConnected) release();
    else if (loaded) showFirstKept(iframe, url);
  });
  const release = (): void => {
    observer.disconnect();
    window.removeEventListener('blur', readerTookOver);
  };
  const readerTookOver = (): void => {
    if (document.activeElement === iframe) release();
  };
  iframe.addEventListener(
    'load',
    () => {
      loaded = true;
      showFirstKept(iframe, url);
      setTimeout(release, FIRST_KEPT_HOLD_MS);
    },
    { once: true },
  );
  observer.observe(iframe);
  window.addEventListener('blur', readerTookOver);
  return { iframe, url };
}

/** How long after its load the kept view's frame is held at its first kept block. */
const FIRST_KEPT_HOLD_MS = 4000;

/**
 * Scrolls the kept view's frame to its first kept block: away and back, because a frame asked for
 * the fragment it is at does not scroll again; `replace`, so that neither step is a step of the
 * window's history (the frame's location is one a parent may navigate across origins).
 */
function showFirstKept(iframe: HTMLIFrameElement, url: string): void {
  const location = iframe.contentWindow?.location;
  if (!location) return;
  location.replace(url.replace(/#.*$/, '#'));
  location.replace(url);
}

function copyButton(text: string): HTMLButtonElement {
  const button = make('button', { type: 'button', className: 'secondary', text: 'Copy' });
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Copy failed';
    }
    setTimeout(() => {
      button.textContent = 'Copy';
    }, 1500);
  });
  return button;
}

function downloadButton(text: string, name: string, type: string): HTMLAnchorElement {
  const url = URL.createObjectURL(new Blob([text], { type }));
  blobUrls.push(url);
  return make('a', { className: 'button secondary', href: url, download: name, text: 'Download' });
}

function baseName(outcome: Outcome): string {
  const url = outcome.result?.url;
  const fromUrl = url
    ? url
        .replace(/[?#].*$/, '')
        .split('/')
        .filter(Boolean)
        .pop()
    : undefined;
  const stem = (file?.name ?? fromUrl ?? 'page').replace(/\.(x?html?|php|aspx?)$/i, '');
  return `${stem.replace(/[^\w.-]+/g, '-') || 'page'}.${outcome.extractor}`;
}

/** The page's own metadata among the record's fields, in the order shown. */
const METADATA_FIELDS = [
  'title',
  'authors',
  'published',
  'modified',
  'siteName',
  'language',
  'direction',
  'description',
  'canonicalUrl',
  'image',
  'tags',
  'pageType',
] as const satisfies readonly (keyof ExtractResponse)[];

function renderMetadata(result: ExtractResponse): HTMLElement {
  const list = make('dl', { className: 'metadata' });
  for (const name of METADATA_FIELDS) {
    const value = result[name];
    const shown = Array.isArray(value) ? value.join(', ') : value;
    if (shown === null || shown === '') continue;
    list.append(make('dt', { text: name }), make('dd', { text: String(shown) }));
  }
  list.append(
    make('dt', { text: 'extractor' }),
    make('dd', { text: `${result.extractor} ${result.extractorVersion}` }),
    make('dt', { text: 'quality' }),
    make('dd', { text: result.quality === null ? 'no estimate' : String(result.quality) }),
    make('dt', { text: 'page type' }),
    make('dd', { text: `${result.detectedPageType} (${result.pageTypeProbability})` }),
  );
  if (result.reasons.length > 0) {
    const said = result.reasons.map((reason) => `${reason}: ${REASON_TEXTS.get(reason) ?? ''}`);
    list.append(make('dt', { text: 'reasons' }), make('dd', { className: 'lines', text: said.join('\n') }));
  }
  if (result.encoding) list.append(make('dt', { text: 'encoding' }), make('dd', { text: result.encoding }));
  if (result.url) list.append(make('dt', { text: 'url' }), make('dd', { text: result.url }));
  return list;
}

function renderView(outcome: Outcome, view: View): HTMLElement[] {
  const result = outcome.result;
  if (!result)
    return [make('p', { className: 'error', text: `${outcome.error?.code}: ${outcome.error?.message}` })];
  switch (view) {
    case 'kept': {
      if (!result.view) return [make('p', { className: 'empty', text: 'No view.' })];
      const { iframe, url } = keptFrame(`What ${outcome.extractor} kept`, result.view.html);
      const legend = make('div', { className: 'legend' }, [
        make('span', {}, [make('span', { className: 'swatch kept' }), 'kept']),
        make('span', {}, [make('span', { className: 'swatch dropped' }), 'removed']),
        make('span', { className: 'hint-why', text: 'hover or tap a removed block: what it is' }),
      ]);
      if (result.view.keptBlocks > 0) {
        const jump = make('button', {
          type: 'button',
          className: 'link first-kept',
          text: 'first kept block',
        });
        jump.addEventListener('click', () => showFirstKept(iframe, url));
        legend.append(jump);
      }
      return [legend, iframe];
    }
    case 'rendered': {
      const html = result.html ?? '';
      const page = `<!DOCTYPE html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${RENDERED_CSP}"><style>${RENDERED_CSS}</style>${html}`;
      return [frame(`The content ${outcome.extractor} extracted`, page)];
    }
    case 'markdown': {
      const note = result.title
        ? [
            make('p', {
              className: 'note',
              text: "The page title is the first heading here (the API's titleHeading, the command line's --title-heading); without it the Markdown is the body and the title is in the metadata.",
            }),
          ]
        : [];
      return [
        ...note,
        make('pre', { className: 'markdown', tabindex: '0', text: result.markdown || '(nothing kept)' }),
      ];
    }
    case 'metadata':
      return [renderMetadata(result)];
    case 'plot': {
      if (!result.plot) {
        return [
          make('p', { className: 'empty', text: `${outcome.extractor} does not select lines: no plot.` }),
        ];
      }
      const url = URL.createObjectURL(new Blob([result.plot], { type: 'image/svg+xml' }));
      blobUrls.push(url);
      // At its own size (its labels are 12 px) in a box that scrolls sideways: scaled down to a
      // column's width, a plot of a thousand lines had labels of 4 px on a phone.
      const image = make('img', {
        className: 'plot',
        src: url,
        alt: `${outcome.extractor}: values per source line`,
      });
      return [
        make('p', {
          className: 'note',
          text: 'Drawn at full size: scroll sideways inside the plot to follow the lines.',
        }),
        make(
          'div',
          {
            className: 'plot-scroll',
            tabindex: '0',
            role: 'region',
            'aria-label': `${outcome.extractor}: per-line plot`,
          },
          [image],
        ),
      ];
    }
  }
}

function tools(outcome: Outcome, view: View): HTMLElement[] {
  const result = outcome.result;
  if (!result) return [];
  if (view === 'markdown') {
    return [
      copyButton(result.markdown ?? ''),
      downloadButton(result.markdown ?? '', `${baseName(outcome)}.md`, 'text/markdown'),
    ];
  }
  if (view === 'rendered') {
    const html = result.html ?? '';
    return [copyButton(html), downloadButton(html, `${baseName(outcome)}.html`, 'text/html')];
  }
  return [];
}

/** Each reason code's sentence, from the page's glossary (the library's one table, QUALITY_REASON_TEXTS). */
const REASON_TEXTS = new Map(
  Array.from(document.querySelectorAll<HTMLElement>('#reason-glossary dd[data-reason]'), (dd) => [
    dd.dataset.reason ?? '',
    dd.textContent ?? '',
  ]),
);

/** Codes that mean the result is not the page's text at all: the badge is red whatever the score. */
const EMPTYING_REASONS = new Set(['EMPTY', 'SCRIPT_RENDERED']);

/**
 * The badge's colour, by the rule the glossary states (#quality-help): green only for 0.80 or
 * more with nothing to say against it; any reason code or warning caps it at amber; a result
 * that is empty or a script shell is red. A high score beside warnings must not look sure.
 */
function badgeBand(result: ExtractResponse): 'good' | 'fair' | 'poor' | 'none' {
  const { quality, reasons, warnings } = result;
  if (quality === null) return 'none';
  if (quality < 0.5 || reasons.some((reason) => EMPTYING_REASONS.has(reason))) return 'poor';
  if (quality < 0.8 || reasons.length > 0 || warnings.length > 0) return 'fair';
  return 'good';
}

/** The badge: the expected F1 (or "no estimate"), the page type and how many reasons qualify it. */
function qualityBadge(result: ExtractResponse): HTMLElement {
  const { quality, detectedPageType, pageTypeProbability, reasons } = result;
  const score = quality === null ? 'quality: no estimate' : `quality ${quality.toFixed(2)}`;
  const typeText = `${detectedPageType} ${Math.round((pageTypeProbability ?? 0) * 100)}%`;
  const band = badgeBand(result);
  const badge = make(
    'span',
    {
      className: `quality-badge ${band}`,
      title:
        'Expected F1 of this extraction (calibrated on held-out pages) and the page type; green needs 0.80 or more and no reason code or warning (see "What the quality badge and its codes mean")',
      'data-quality': quality === null ? '' : String(quality),
      'data-band': band,
    },
    [make('strong', { text: score }), make('span', { className: 'page-type', text: typeText })],
  );
  for (const reason of reasons) {
    badge.append(make('code', { className: 'reason', text: reason, title: REASON_TEXTS.get(reason) }));
  }
  return badge;
}

/** The reason codes in words, under the header: what lowered the score, said so a person reads it. */
function reasonList(result: ExtractResponse): HTMLElement | undefined {
  if (result.reasons.length === 0) return undefined;
  const list = make('ul', { className: 'reasons' });
  for (const reason of result.reasons) {
    const text = REASON_TEXTS.get(reason) ?? 'No explanation for this code.';
    list.append(make('li', { 'data-reason': reason }, [make('code', { text: reason }), ' ', text]));
  }
  if (result.quality !== null && result.quality >= 0.8 && badgeBand(result) !== 'good') {
    list.append(
      make('li', {
        className: 'rule',
        text: `The score is ${result.quality.toFixed(2)}, but the badge is not green: green needs no reason code and no warning.`,
      }),
    );
  }
  return list;
}

function stats(result: ExtractResponse): string {
  const parts: string[] = [];
  if (result.view) {
    const { keptText, totalText, keptBlocks, droppedBlocks } = result.view;
    const share = totalText > 0 ? Math.round((100 * keptText) / totalText) : 0;
    parts.push(
      `kept ${formatNumber(keptText)} of ${count(totalText, 'character')} (${share}%)`,
      `${count(keptBlocks, 'kept block')}, ${formatNumber(droppedBlocks)} removed`,
    );
  }
  parts.push(`${result.ms} ms`);
  return parts.join(' · ');
}

interface Column {
  outcome: Outcome;
  tools: HTMLElement;
  /** One body per view, made the first time the view is shown (frames load once). */
  bodies: Map<View, HTMLElement>;
  element: HTMLElement;
}

let shown: Column[] = [];

/** Builds the result columns for new outcomes, then shows the current view. */
function renderResults(): void {
  for (const url of blobUrls.splice(0)) URL.revokeObjectURL(url);
  if (outcomes.length === 0) {
    results.hidden = true;
    return;
  }
  results.hidden = false;
  const plotTab = tabs.find((tab) => tab.dataset.view === 'plot');
  if (plotTab) plotTab.hidden = !outcomes.some((outcome) => outcome.result?.plot);
  if (view === 'plot' && plotTab?.hidden) view = 'kept';
  columns.style.setProperty('--columns', String(outcomes.length));
  shown = outcomes.map((outcome) => {
    const header = make('header', {}, [make('h2', { text: outcome.extractor })]);
    if (outcome.result) {
      header.append(
        qualityBadge(outcome.result),
        make('span', { className: 'stats', text: stats(outcome.result) }),
      );
    }
    const toolbox = make('span', { className: 'tools' });
    header.append(toolbox);
    const element = make('article', { className: 'result', 'data-extractor': outcome.extractor }, [header]);
    const reasons = outcome.result && reasonList(outcome.result);
    if (reasons) element.append(reasons);
    if (outcome.result && outcome.result.warnings.length > 0) {
      element.append(make('p', { className: 'warnings', text: outcome.result.warnings.join(' ') }));
    }
    return { outcome, tools: toolbox, bodies: new Map(), element };
  });
  columns.replaceChildren(...shown.map((column) => column.element));
  showView();
}

function showView(): void {
  for (const column of shown) {
    let body = column.bodies.get(view);
    if (!body) {
      body = make('div', { className: 'view', 'data-view': view }, renderView(column.outcome, view));
      column.bodies.set(view, body);
      column.element.append(body);
    }
    for (const [name, other] of column.bodies) other.hidden = name !== view;
    column.tools.replaceChildren(...tools(column.outcome, view));
  }
}

loadExtractors().catch((error: unknown) => {
  showError(`Could not load the extractors: ${error instanceof Error ? error.message : String(error)}`);
});
