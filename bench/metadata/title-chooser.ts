/**
 * Would a learned chooser among a page's title candidates beat the title rules (issue 16's
 * metadata target: WCXB dev title ≥ 0.85 held out)? Each page's candidates — the rules' title,
 * the first three `<h1>`s and `<h2>`s, og:title, twitter:title, JSON-LD headline and name, the
 * `<title>` whole, without its site name (`stripSiteName`), split at its separators (first part,
 * last part, every prefix and suffix of parts) — are deduplicated by the metric's normalisation,
 * described by where they come from, how long they are and how alike they are to the `<h1>`, the
 * `<title>` and the rules' choice; gradient-boosted trees learn "this candidate is the gold title"
 * on one half of WCXB dev (by site, `metadataHalfOf`) and pick the likeliest candidate on the
 * other. Also printed: the oracle (a candidate equals the gold). An experiment: nothing ships.
 *
 *   npx tsx bench/metadata/title-chooser.ts
 */
import path from 'node:path';
import { listWcxb, metadataHalfOf, normaliseMetadataText } from '@pith/workbench/eval';
import {
  decodeHtml,
  extractMetadata,
  parseHtml,
  parseJsonLd,
  predictProbability,
  stripSiteName,
  TAG,
  trainGbdt,
} from 'pith/internal';
import { repoRoot } from '../parsers/corpus.js';

const key = (text: string | undefined) => normaliseMetadataText(text ?? '');
const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
/** Word Dice similarity. */
function dice(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  if (x.size + y.size === 0) return 0;
  let both = 0;
  for (const word of x) if (y.has(word)) both++;
  return (2 * both) / (x.size + y.size);
}

const SOURCES = [
  'rules',
  'h1First',
  'h1Other',
  'h2',
  'og',
  'twitter',
  'jsonHeadline',
  'jsonName',
  'titleWhole',
  'titleStripped',
  'titleFirstPart',
  'titleLastPart',
  'titlePrefix',
  'titleSuffix',
] as const;
const SEPARATOR = /(\s+(?:[|\-–—:»·•~]|::)\s+)/;
const FEATURES = [
  ...SOURCES,
  'sources',
  'words',
  'chars',
  'shareOfTitle',
  'namesHost',
  'likeH1',
  'likeTitle',
  'likeRules',
  'h1s',
  'h2s',
  'candidates',
  'titlePieces',
  'inTitle',
  'holdsH1',
  'inH1',
  'rulesAreH1',
  'ogIsH1',
  'pipe',
  'year',
];

interface Candidate {
  text: string;
  from: Set<string>;
}
interface PageCandidates {
  half: string;
  gold: string;
  rules: string;
  candidates: Candidate[];
  rows: number[][];
}

function headings(doc: ReturnType<typeof parseHtml>, tag: number): string[] {
  return doc
    .findAll(tag)
    .slice(0, 3)
    .map((node) => doc.textContent(node).replace(/\s+/g, ' ').trim());
}

function metaContent(doc: ReturnType<typeof parseHtml>, name: string): string | undefined {
  for (const node of doc.findAll(TAG.meta)) {
    if ((doc.attr(node, 'property') ?? doc.attr(node, 'name'))?.toLowerCase() === name)
      return doc.attr(node, 'content') ?? undefined;
  }
  return undefined;
}

function jsonLdTitles(doc: ReturnType<typeof parseHtml>): { headline?: string; name?: string } {
  for (const node of doc.findAll(TAG.script)) {
    if (doc.attr(node, 'type')?.toLowerCase() !== 'application/ld+json') continue;
    const data = parseJsonLd(doc.textContent(node));
    const items = Array.isArray(data) ? data : [data];
    for (const item of items.flatMap((entry) =>
      entry && typeof entry === 'object' && Array.isArray((entry as { '@graph'?: unknown })['@graph'])
        ? ((entry as { '@graph': unknown[] })['@graph'] as unknown[])
        : [entry],
    )) {
      if (!item || typeof item !== 'object') continue;
      const record = item as Record<string, unknown>;
      if (typeof record.headline === 'string' || typeof record.name === 'string') {
        return {
          headline: typeof record.headline === 'string' ? record.headline : undefined,
          name: typeof record.name === 'string' ? record.name : undefined,
        };
      }
    }
  }
  return {};
}

const pages: PageCandidates[] = [];
for (const ref of await listWcxb(path.join(repoRoot, '.cache', 'datasets', 'wcxb-dev'))) {
  const page = await ref.load();
  const gold = page.gold.metadata?.title;
  if (!gold) continue;
  const doc = parseHtml(decodeHtml(page.html).text, { url: page.url });
  const metadata = extractMetadata(doc, { url: page.url, now: Date.UTC(2026, 10, 21) });
  const found = new Map<string, Candidate>();
  const add = (value: string | undefined, from: string) => {
    const text = value?.replace(/\s+/g, ' ').trim() ?? '';
    if (key(text) === '') return;
    const candidate = found.get(key(text)) ?? { text, from: new Set<string>() };
    candidate.from.add(from);
    found.set(key(text), candidate);
  };
  const rules = metadata.title ?? '';
  add(rules, 'rules');
  const h1s = headings(doc, TAG.h1);
  const h2s = headings(doc, TAG.h2);
  for (const [index, text] of h1s.entries()) add(text, index === 0 ? 'h1First' : 'h1Other');
  for (const text of h2s) add(text, 'h2');
  const og = metaContent(doc, 'og:title');
  add(og, 'og');
  add(metaContent(doc, 'twitter:title'), 'twitter');
  const json = jsonLdTitles(doc);
  add(json.headline, 'jsonHeadline');
  add(json.name, 'jsonName');
  const titleNode = doc.findFirst(TAG.title);
  const title = titleNode > 0 ? doc.textContent(titleNode).replace(/\s+/g, ' ').trim() : '';
  if (title !== '') {
    add(title, 'titleWhole');
    const siteNames = [metaContent(doc, 'og:site_name')].filter((name): name is string => !!name);
    add(stripSiteName(title, siteNames, { url: page.url, h1s }), 'titleStripped');
    const pieces = title.split(SEPARATOR);
    const parts = pieces.filter((_, index) => index % 2 === 0);
    if (parts.length > 1 && parts.length <= 6) {
      add(parts[0], 'titleFirstPart');
      add(parts[parts.length - 1], 'titleLastPart');
      for (let end = 3; end < pieces.length; end += 2) add(pieces.slice(0, end).join(''), 'titlePrefix');
      for (let start = 2; start < pieces.length - 2; start += 2)
        add(pieces.slice(start).join(''), 'titleSuffix');
    }
  }
  const host = URL.canParse(page.url) ? new URL(page.url).hostname.replace(/^www\./, '').split('.')[0] : '';
  const h1 = h1s[0] ?? '';
  const candidates = [...found.values()];
  const rows = candidates.map(({ text, from }) => [
    ...SOURCES.map((source) => (from.has(source) ? 1 : 0)),
    from.size,
    text.split(' ').length,
    text.length,
    title === '' ? -1 : text.length / title.length,
    host !== '' &&
    text
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .includes(host)
      ? 1
      : 0,
    h1 === '' ? -1 : dice(text, h1),
    title === '' ? -1 : dice(text, title),
    rules === '' ? -1 : dice(text, rules),
    h1s.length,
    h2s.length,
    found.size,
    title === '' ? 0 : title.split(SEPARATOR).length,
    key(title).includes(key(text)) ? 1 : 0,
    h1 !== '' && key(text).includes(key(h1)) ? 1 : 0,
    h1 !== '' && key(h1).includes(key(text)) ? 1 : 0,
    key(rules) === key(h1) ? 1 : 0,
    og === undefined ? -1 : key(og) === key(h1) ? 1 : 0,
    text.includes('|') ? 1 : 0,
    /\d{4}/.test(text) ? 1 : 0,
  ]);
  pages.push({ half: metadataHalfOf(page.url), gold, rules, candidates, rows });
}

function evaluate(trainOn: string, testOn: string): void {
  const features: number[] = [];
  const labels: number[] = [];
  for (const page of pages.filter((entry) => entry.half === trainOn)) {
    page.rows.forEach((row, index) => {
      features.push(...row);
      labels.push(key(page.candidates[index].text) === key(page.gold) ? 1 : 0);
    });
  }
  const params = { rounds: 200, maxDepth: 4, minSamplesLeaf: 10, learningRate: 0.05 };
  const { model } = trainGbdt(
    { features: Float32Array.from(features), featureNames: FEATURES, labels },
    params,
  );
  let n = 0;
  let learned = 0;
  let rules = 0;
  let oracle = 0;
  for (const page of pages.filter((entry) => entry.half === testOn)) {
    n++;
    let best = 0;
    let bestProbability = -1;
    page.rows.forEach((row, index) => {
      const probability = predictProbability(model, Float32Array.from(row));
      if (probability > bestProbability) {
        bestProbability = probability;
        best = index;
      }
    });
    if (key(page.candidates[best].text) === key(page.gold)) learned++;
    if (key(page.rules) === key(page.gold)) rules++;
    if (page.candidates.some((candidate) => key(candidate.text) === key(page.gold))) oracle++;
  }
  const share = (count: number) => (count / n).toFixed(3);
  process.stdout.write(
    `trained on the ${trainOn} half, scored on the ${testOn} half (${n} pages with a gold title): rules ${share(rules)}, learned chooser ${share(learned)}, oracle ${share(oracle)}\n`,
  );
}

evaluate('tuning', 'held-out');
evaluate('held-out', 'tuning');
