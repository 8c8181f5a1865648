// Time and peak memory of pith's default extraction against page size, 10 kB to 10 MB, to show
// that both grow linearly. Four kinds of page, each built at every size:
//   news-pages  the <body>s of real L3S-GN1 news pages one after another (real markup, boilerplate
//               and articles), cut at a tag boundary at the target size;
//   article     one long article: the paragraphs of real L3S-GN1 article bodies (the element with
//               the most <p> children of each page), repeated in one <article>;
//   wide        synthetic: one flat list of linked items (many siblings);
//   deep        synthetic: blocks of 400 nested <div>s with text at every level, one after another.
// Every (kind, size) runs in a fresh Node process (V8 --single-threaded) that reads only the page
// file, extracts a small page of the same kind for a second (JIT warm-up), then times
// `parseHtml` and `extract(bytes, { format: 'markdown' })` on the page (median of at least 3 runs
// and 0.5 s each, after a full GC) and reports its peak RSS (the process's maximum resident set
// size, Node's own baseline included).
//
//   npm run build && nice -n 10 npx tsx bench/speed/size-curve.ts [--sizes=10k,30k,100k,300k,1m,3m,10m]
//       [--kinds=news-pages,article,wide,deep] [--dist=DIR] [--write] [--from-json]
//
// --from-json: no measuring, the last run's results (.cache/speed/size-curve.json) written again.
// --write: the chart to docs/speed-curve.svg and the table into docs/benchmarks-journal.md, between
// <!-- speed-curve:start --> and <!-- speed-curve:end --> (appended when absent), followed by the
// last run of bench/speed/throughput.ts (.cache/speed/throughput.json) when there is one.
// Results: .cache/speed/size-curve.json; pages: .cache/speed/pages/.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeXml, PALETTE } from '../../src/eval/index.js';
import { TAG } from '../../src/internal.js';
import { listPages, repoRoot } from '../parsers/corpus.js';
import { flag, hasFlag, readBytes, runJsonChild } from './pages.js';
import { loadPipeline } from './pipeline.js';
import { readThroughput, throughputMarkdown } from './throughput-report.js';

const KINDS = ['news-pages', 'article', 'wide', 'deep'] as const;
type Kind = (typeof KINDS)[number];

const KIND_LABELS: Record<Kind, string> = {
  'news-pages': 'real news pages, one after another',
  article: 'one long article (real paragraphs)',
  wide: 'synthetic flat list',
  deep: 'synthetic 400-deep nesting',
};

interface Measurement {
  kind: Kind;
  target: number;
  bytes: number;
  nodes: number;
  /** Medians of 3 runs, in CPU time of the process (steady on a shared machine). */
  parseMs: number;
  extractMs: number;
  /** Median wall-clock time of the extraction. */
  extractWallMs: number;
  contentChars: number;
  rssBeforeMb: number;
  /** Peak RSS after the parse-only runs, which come first. */
  parsePeakRssMb: number;
  peakRssMb: number;
  error?: string;
}

const pagesDir = path.join(repoRoot, '.cache', 'speed', 'pages');

function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!match) throw new Error(`bad size ${text}`);
  const unit = match[2].toLowerCase() === 'k' ? 1e3 : match[2].toLowerCase() === 'm' ? 1e6 : 1;
  return Math.round(Number(match[1]) * unit);
}

const formatSize = (bytes: number) =>
  bytes >= 1e6 ? `${(bytes / 1e6).toFixed(bytes >= 1e7 ? 0 : 1)} MB` : `${Math.round(bytes / 1e3)} kB`;

// ── building the pages ─────────────────────────────────────────────────────

type PithModule = Awaited<ReturnType<typeof loadPipeline>>['pith'];

/** The decoded L3S-GN1 pages, in a fixed order. */
function newsSources(pith: PithModule): string[] {
  return listPages()
    .filter((ref) => ref.dataset === 'l3s-gn1')
    .slice(0, 200)
    .map((ref) => pith.decodeHtml(readBytes(ref)).text);
}

/** The inner HTML of each page's <body>. */
function bodies(pith: PithModule, sources: string[]): string[] {
  const out: string[] = [];
  for (const source of sources) {
    const doc = pith.parseHtml(source);
    if (doc.body < 0) continue;
    const first = doc.body + 1;
    const end = doc.end(doc.body);
    if (first >= end) continue;
    out.push(source.slice(doc.columns.sourceStart[first], doc.columns.sourceEnd[end - 1]));
  }
  return out;
}

/** Each page's run of paragraphs: the children of the element with the most <p> children. */
function articleParagraphs(pith: PithModule, sources: string[]): string[] {
  const out: string[] = [];
  for (const source of sources) {
    const doc = pith.parseHtml(source);
    let best = -1;
    let bestCount = 2;
    for (let node = 1; node < doc.size; node++) {
      if (!doc.isElement(node)) continue;
      const count = doc.children(node).filter((child) => doc.tag(child) === TAG.p).length;
      if (count > bestCount) {
        best = node;
        bestCount = count;
      }
    }
    if (best < 0) continue;
    const paragraphs = doc.children(best).filter((child) => doc.tag(child) === TAG.p);
    out.push(
      paragraphs.map((p) => source.slice(doc.columns.sourceStart[p], doc.columns.sourceEnd[p])).join('\n'),
    );
  }
  return out;
}

/** Pieces repeated (cycling) until `size`, then cut at the last `<` before it. */
function fill(pieces: string[], size: number, head: string, tail: string): string {
  const parts: string[] = [head];
  let length = head.length + tail.length;
  for (let index = 0; length < size; index++) {
    const piece = pieces[index % pieces.length];
    parts.push(piece);
    length += piece.length + 1;
  }
  let body = parts.join('\n');
  const limit = size - tail.length;
  if (body.length > limit) {
    const cut = body.lastIndexOf('<', limit);
    body = body.slice(0, cut > head.length ? cut : limit);
  }
  return body + tail;
}

function buildPage(kind: Kind, size: number, sources: () => string[], pith: PithModule): string {
  const head = (title: string) =>
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body>`;
  switch (kind) {
    case 'news-pages':
      return fill(bodies(pith, sources()), size, head('News pages'), '</body></html>');
    case 'article': {
      const nav =
        '<header><nav><a href="/">Home</a> <a href="/world">World</a> <a href="/sport">Sport</a></nav></header>';
      return fill(
        articleParagraphs(pith, sources()),
        size,
        `${head('A long article')}${nav}<article><h1>A long article</h1>`,
        '</article><footer><a href="/about">About</a> © News</footer></body></html>',
      );
    }
    case 'wide': {
      const items = Array.from(
        { length: 1000 },
        (_, i) => `<li><a href="/item/${i}">Item ${i}</a> a short description of item number ${i}.</li>`,
      );
      return fill(items, size, `${head('A long list')}<ul>`, '</ul></body></html>');
    }
    case 'deep': {
      const depth = 400;
      let block = '';
      for (let level = 0; level < depth; level++) block += `<div class="l${level % 10}">text ${level} `;
      block += '</div>'.repeat(depth);
      return fill([block], size, head('Deep nesting'), '</body></html>');
    }
  }
}

function pageFile(kind: Kind, size: number): string {
  return path.join(pagesDir, `${kind}-${size}.html`);
}

// ── the child: one page, one process ───────────────────────────────────────

/**
 * CPU ms of `run`, at least 3 times and until 0.5 s of CPU time is spent (small pages get many
 * runs, so their median is not one noisy measurement). One full GC first, so that garbage of
 * what ran before does not count in the peak RSS; not one per run: V8 then flushes compiled
 * code it sees as unused, and small pages measured 5–20× slower.
 */
function repeat(run: () => void): number[] {
  (globalThis as { gc?: () => void }).gc?.();
  const times: number[] = [];
  let total = 0;
  while (times.length < 3 || (total < 500 && times.length < 200)) {
    const cpu = process.cpuUsage();
    run();
    times.push(cpuMsSince(cpu));
    total += times[times.length - 1];
  }
  return times;
}

/** The process's peak resident set size so far, in MB. */
function maxRssMb(): number {
  return (process.resourceUsage().maxRSS * 1024) / 1e6;
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function runChild(kind: Kind, size: number): Promise<Measurement> {
  const { pith } = await loadPipeline();
  // JIT warm-up: a 30 kB page of the same kind, extracted over and over for a second of CPU
  // time (a few runs leave the parser in unoptimised code, 3–10× slower on one big page).
  const warmUp = readFileSync(pageFile(kind, 30_000));
  const warmUpStart = process.cpuUsage();
  for (let runs = 0; runs < 20 || cpuMsSince(warmUpStart) < 1000; runs++) {
    pith.extract(warmUp, { format: 'markdown' });
  }
  const bytes = new Uint8Array(readFileSync(pageFile(kind, size)));
  const rssBeforeMb = process.memoryUsage().rss / 1e6;
  const result: Measurement = {
    kind,
    target: size,
    bytes: bytes.byteLength,
    nodes: 0,
    parseMs: Number.NaN,
    extractMs: Number.NaN,
    extractWallMs: Number.NaN,
    contentChars: 0,
    rssBeforeMb,
    parsePeakRssMb: 0,
    peakRssMb: 0,
  };
  try {
    const text = pith.decodeHtml(bytes).text;
    const parseTimes = repeat(() => {
      result.nodes = pith.parseHtml(text).size;
    });
    result.parsePeakRssMb = maxRssMb();
    const extractWallTimes: number[] = [];
    const extractTimes = repeat(() => {
      const started = performance.now();
      result.contentChars = pith.extract(bytes, { format: 'markdown' }).content.length;
      extractWallTimes.push(performance.now() - started);
    });
    result.extractMs = median(extractTimes);
    result.extractWallMs = median(extractWallTimes);
    result.parseMs = median(parseTimes);
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  }
  result.peakRssMb = maxRssMb();
  return result;
}

function spawnChild(kind: Kind, size: number): Promise<Measurement> {
  const args = ['--child', `--kind=${kind}`, `--size=${size}`];
  if (hasFlag('src')) args.push('--src');
  if (flag('dist', '') !== '') args.push(`--dist=${flag('dist', '')}`);
  return runJsonChild<Measurement>(fileURLToPath(import.meta.url), args, `${kind} ${size}`, ['--expose-gc']);
}

// ── the chart ──────────────────────────────────────────────────────────────

interface Panel {
  title: string;
  yLabel: string;
  value: (m: Measurement) => number;
  /** A second quantity per kind, drawn dashed in the same colour (e.g. the parse alone). */
  dashed?: { label: string; value: (m: Measurement) => number };
  /** A dashed guide: this value at `atBytes`, growing linearly with size. */
  guide?: { label: string; atBytes: number; value: number };
  limit?: { label: string; value: number };
}

/** Log–log line chart of one quantity against page size, one line per kind. */
function panel(results: Measurement[], kinds: Kind[], spec: Panel, width: number, height: number): string {
  const left = 58;
  const right = 26;
  const top = 26;
  // The legend goes under the plot, one row per kind (plus the dashed series).
  const legendRows = kinds.length + (spec.dashed ? 1 : 0);
  const bottom = 46 + legendRows * 14;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const ok = results.filter((m) => !m.error && Number.isFinite(spec.value(m)) && spec.value(m) > 0);
  const xs = ok.map((m) => m.bytes);
  const ys = ok
    .map(spec.value)
    .concat(spec.dashed ? ok.map(spec.dashed.value).filter((v) => v > 0) : [])
    .concat(spec.limit ? [spec.limit.value] : []);
  // Decades around the data (a "10 MB" page of 10,000,300 bytes stays in the 1–10 MB decade).
  const xMin = 10 ** Math.floor(Math.log10(Math.min(...xs)) + 0.01);
  const xMax = 10 ** Math.ceil(Math.log10(Math.max(...xs)) - 0.01);
  const yMin = 10 ** Math.floor(Math.log10(Math.min(...ys)));
  const yMax = 10 ** Math.ceil(Math.log10(Math.max(...ys)));
  const sx = (v: number) =>
    left + ((Math.log10(v) - Math.log10(xMin)) / (Math.log10(xMax) - Math.log10(xMin))) * plotW;
  const sy = (v: number) =>
    top + plotH - ((Math.log10(v) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))) * plotH;
  const num = (v: number) => (Math.round(v * 10) / 10).toString();
  const label = (v: number, unit: 'bytes' | 'value') =>
    unit === 'bytes' ? formatSize(v) : v >= 1 ? String(v) : v.toPrecision(1);
  const body: string[] = [`<text x="${left}" y="16" font-weight="600">${escapeXml(spec.title)}</text>`];
  for (let x = xMin; x <= xMax * 1.0001; x *= 10) {
    body.push(
      `<line x1="${num(sx(x))}" y1="${top}" x2="${num(sx(x))}" y2="${top + plotH}" stroke="#eee"/>`,
      `<text x="${num(sx(x))}" y="${top + plotH + 14}" text-anchor="middle">${escapeXml(label(x, 'bytes'))}</text>`,
    );
  }
  for (let y = yMin; y <= yMax * 1.0001; y *= 10) {
    body.push(
      `<line x1="${left}" y1="${num(sy(y))}" x2="${left + plotW}" y2="${num(sy(y))}" stroke="#eee"/>`,
      `<text x="${left - 4}" y="${num(sy(y) + 4)}" text-anchor="end">${escapeXml(label(y, 'value'))}</text>`,
    );
  }
  body.push(
    `<rect x="${left}" y="${top}" width="${plotW}" height="${plotH}" fill="none" stroke="#888"/>`,
    `<text x="${left + plotW / 2}" y="${top + plotH + 30}" text-anchor="middle">page size (bytes, log scale)</text>`,
    `<text x="12" y="${top + plotH / 2}" text-anchor="middle" transform="rotate(-90 12 ${num(top + plotH / 2)})">${escapeXml(spec.yLabel)}</text>`,
  );
  if (spec.limit) {
    const y = sy(spec.limit.value);
    body.push(
      `<line x1="${left}" y1="${num(y)}" x2="${left + plotW}" y2="${num(y)}" stroke="#d62728" stroke-dasharray="2 3"/>`,
      `<text x="${left + 4}" y="${num(y - 4)}" fill="#d62728">${escapeXml(spec.limit.label)}</text>`,
    );
  }
  if (spec.guide) {
    const { atBytes, value } = spec.guide;
    const at = (bytes: number) => (value * bytes) / atBytes;
    body.push(
      `<line x1="${num(sx(xMin))}" y1="${num(sy(Math.max(yMin, at(xMin))))}" x2="${num(sx(xMax))}" y2="${num(sy(Math.min(yMax, at(xMax))))}" stroke="#999" stroke-dasharray="6 4"/>`,
      `<text x="${num(sx(xMax) - 4)}" y="${num(sy(Math.min(yMax, at(xMax))) + 14)}" text-anchor="end" fill="#777">${escapeXml(spec.guide.label)}</text>`,
    );
  }
  const legendX = left;
  const legendY = (row: number) => top + plotH + 36 + row * 14;
  if (spec.dashed) {
    const y = legendY(kinds.length) + 9;
    body.push(
      `<line x1="${legendX}" y1="${y - 4}" x2="${legendX + 10}" y2="${y - 4}" stroke="#555" stroke-dasharray="3 3"/>`,
      `<text x="${legendX + 14}" y="${y}">${escapeXml(spec.dashed.label)}</text>`,
    );
  }
  kinds.forEach((kind, index) => {
    const colour = PALETTE[index % PALETTE.length];
    const points = ok.filter((m) => m.kind === kind).sort((a, b) => a.bytes - b.bytes);
    if (points.length === 0) return;
    const line = (value: (m: Measurement) => number, dash: string) =>
      `<polyline fill="none" stroke="${colour}" stroke-width="1.8"${dash} points="${points
        .filter((m) => value(m) > 0)
        .map((m) => `${num(sx(m.bytes))},${num(sy(value(m)))}`)
        .join(' ')}"/>`;
    body.push(line(spec.value, ''));
    if (spec.dashed) body.push(line(spec.dashed.value, ' stroke-dasharray="3 3" stroke-opacity="0.7"'));
    for (const m of points) {
      body.push(
        `<circle cx="${num(sx(m.bytes))}" cy="${num(sy(spec.value(m)))}" r="3" fill="${colour}"><title>${escapeXml(`${kind}, ${formatSize(m.bytes)}: ${spec.value(m).toFixed(1)}`)}</title></circle>`,
      );
    }
    body.push(
      `<rect x="${legendX}" y="${legendY(index) + 4}" width="10" height="3" fill="${colour}"/>`,
      `<text x="${legendX + 14}" y="${legendY(index) + 9}">${escapeXml(`${kind}: ${KIND_LABELS[kind]}`)}</text>`,
    );
  });
  return body.join('');
}

function chart(results: Measurement[], kinds: Kind[], caption: string): string {
  const width = 520;
  const height = 420;
  const reference = results.find((m) => m.kind === kinds[0] && m.target === 1_000_000 && !m.error);
  const time = panel(
    results,
    kinds,
    {
      title: 'extract(bytes, markdown): CPU time',
      yLabel: 'ms (log scale)',
      value: (m) => m.extractMs,
      dashed: { label: 'dashed: parseHtml alone', value: (m) => m.parseMs },
      guide: reference
        ? { label: 'linear growth', atBytes: reference.bytes, value: reference.extractMs }
        : undefined,
      limit: { label: 'target: 10 MB under 1 s', value: 1000 },
    },
    width,
    height,
  );
  const memory = panel(
    results,
    kinds,
    {
      title: 'peak RSS of the process',
      yLabel: 'MB (log scale)',
      value: (m) => m.peakRssMb,
      dashed: { label: 'dashed: peak after the parses alone', value: (m) => m.parsePeakRssMb },
      limit: { label: 'target: 300 MB', value: 300 },
    },
    width,
    height,
  );
  const total = height + 24;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width * 2}" height="${total}" viewBox="0 0 ${width * 2} ${total}" font-family="system-ui, sans-serif" font-size="11" role="img" aria-label="pith extraction time and memory against page size">`,
    '<title>pith extraction time and memory against page size</title>',
    `<g>${time}</g>`,
    `<g transform="translate(${width} 0)">${memory}</g>`,
    `<text x="8" y="${total - 6}" fill="#555" font-size="10">${escapeXml(caption)}</text>`,
    '</svg>',
  ].join('');
}

// ── the parent ─────────────────────────────────────────────────────────────

/** Slope of log(ms) against log(bytes) from 100 kB up: 1 means linear growth. */
function exponent(points: Measurement[]): number {
  const usable = points.filter((m) => !m.error && m.target >= 100_000 && m.extractMs > 0);
  if (usable.length < 2) return Number.NaN;
  const xs = usable.map((m) => Math.log(m.bytes));
  const ys = usable.map((m) => Math.log(m.extractMs));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  for (let index = 0; index < xs.length; index++) {
    sxy += (xs[index] - mx) * (ys[index] - my);
    sxx += (xs[index] - mx) ** 2;
  }
  return sxy / sxx;
}

interface SavedRun {
  command: string;
  date: string;
  machine: string;
  from?: string;
  results: Measurement[];
}

function replaceSection(file: string, name: string, content: string): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const block = `${start}\n${content}\n${end}`;
  const updated =
    from >= 0 && to > from
      ? text.slice(0, from) + block + text.slice(to + end.length)
      : `${text.replace(/\s*$/, '\n\n')}${block}\n`;
  writeFileSync(file, updated);
}

async function main(): Promise<void> {
  if (hasFlag('child')) {
    const result = await runChild(flag('kind', '') as Kind, Number(flag('size', '0')));
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  const json = path.join(repoRoot, '.cache', 'speed', 'size-curve.json');
  let results: Measurement[];
  let kinds: Kind[];
  let from: string;
  let { command, date, machine } = {
    command: `npx tsx bench/speed/size-curve.ts${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}`,
    date: new Date().toISOString().slice(0, 10),
    machine: `${os.cpus()[0]?.model ?? '?'} (nproc ${os.cpus().length}), Node ${process.version}`,
  };
  if (hasFlag('from-json')) {
    // Rewrite the table and chart from the last run's results, without measuring again.
    const saved = JSON.parse(readFileSync(json, 'utf8')) as SavedRun;
    ({ command, date, machine, results } = saved);
    from = saved.from ?? 'dist';
    kinds = KINDS.filter((kind) => results.some((m) => m.kind === kind));
  } else {
    const sizes = flag('sizes', '10k,30k,100k,300k,1m,3m,10m').split(',').map(parseSize);
    kinds = flag('kinds', KINDS.join(',')).split(',') as Kind[];
    for (const kind of kinds) if (!KINDS.includes(kind)) throw new Error(`unknown kind ${kind}`);
    // Build every page (and the warm-up page of each kind) in this process, once.
    const pipeline = await loadPipeline();
    from = pipeline.from;
    let sources: string[] | undefined;
    const getSources = () => {
      sources ??= newsSources(pipeline.pith);
      return sources;
    };
    mkdirSync(pagesDir, { recursive: true });
    for (const kind of kinds) {
      for (const size of new Set([30_000, ...sizes])) {
        const file = pageFile(kind, size);
        if (!existsSync(file)) writeFileSync(file, buildPage(kind, size, getSources, pipeline.pith));
      }
    }
    sources = undefined;
    results = [];
    for (const kind of kinds) {
      for (const size of sizes) {
        process.stderr.write(`${kind} ${formatSize(size)}…\n`);
        results.push(await spawnChild(kind, size));
      }
    }
    writeFileSync(
      json,
      JSON.stringify({ command, date, machine, from, results } satisfies SavedRun, null, 2),
    );
  }

  const lines: string[] = [
    '### Speed and memory against page size',
    '',
    `Command: \`npm run build && nice -n 10 ${command}\` (code from ${from}/), ${date}, ${machine}, a machine shared with other jobs.`,
    'Every row is a fresh process (V8 `--single-threaded`) that warms up on a 30 kB page of the same kind (1 s of extraction), then runs',
    "`parseHtml` on the decoded page, then `extract(bytes, { format: 'markdown' })` (decoding, parsing, metadata, the default extractor, Markdown),",
    'each at least 3 times and for at least 0.5 s, after a full GC. The medians are shown, in CPU time of the process (one thread, so the time the work takes on one core; steadier than the',
    'wall clock on a shared machine), with the wall-clock median of the extraction beside it. Peak RSS is the maximum resident set size of that process, Node itself included; "RSS before" is',
    'its RSS with the page loaded, before the first parse; "peak after parse" is the peak when only the parses have run. The pages are built by bench/speed/size-curve.ts:',
    ...kinds.map((kind) => `- \`${kind}\`: ${KIND_LABELS[kind]}`),
    '',
    '![time and peak RSS against page size](speed-curve.svg)',
    '',
    '| kind | size | nodes | parse ms | extract ms | extract MB/s | extract ms (wall) | output chars | RSS before MB | peak RSS after parse MB | peak RSS MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const m of results) {
    lines.push(
      m.error
        ? `| ${m.kind} | ${formatSize(m.bytes)} | – | – | failed: ${m.error} | – | – | – | ${m.rssBeforeMb.toFixed(0)} | ${m.parsePeakRssMb.toFixed(0)} | ${m.peakRssMb.toFixed(0)} |`
        : `| ${m.kind} | ${formatSize(m.bytes)} | ${m.nodes.toLocaleString('en-US')} | ${m.parseMs.toFixed(1)} | ${m.extractMs.toFixed(1)} | ` +
            `${(m.bytes / 1e6 / (m.extractMs / 1000)).toFixed(1)} | ${m.extractWallMs.toFixed(1)} | ${m.contentChars.toLocaleString('en-US')} | ${m.rssBeforeMb.toFixed(0)} | ${m.parsePeakRssMb.toFixed(0)} | ${m.peakRssMb.toFixed(0)} |`,
    );
  }
  lines.push(
    '',
    `Growth exponent of the extraction time from 100 kB up (slope of log time against log size; 1 = linear): ${kinds
      .map((kind) => `${kind} ${exponent(results.filter((m) => m.kind === kind)).toFixed(2)}`)
      .join(', ')}.`,
  );
  const throughput = readThroughput();
  if (throughput) {
    lines.push(
      '',
      '### Throughput against Readability (bench/speed/throughput.ts, its last run)',
      '',
      'Readability runs as `pith bench` runs it (src/eval/peers) on the page decoded once by pith; boilerpipe (Java) is not',
      'run here: issue 8 puts it at about 2.2× Readability on linkedom.',
      '',
      throughputMarkdown(throughput),
    );
  }
  const markdown = lines.join('\n');
  console.log(markdown);
  if (hasFlag('write')) {
    writeFileSync(
      path.join(repoRoot, 'docs', 'speed-curve.svg'),
      chart(results, kinds, `${command} · ${date} · ${machine} · shared machine`),
    );
    replaceSection(path.join(repoRoot, 'docs', 'benchmarks-journal.md'), 'speed-curve', markdown);
    console.log('\nwrote docs/speed-curve.svg and the speed-curve section of docs/benchmarks-journal.md');
  }
}

await main();
