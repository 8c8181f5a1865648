// Tree fidelity of parse5 and htmlparser2 against Chromium, on the broken-markup cases and on the
// dataset page sample recorded by browser-trees.ts.
//
//   npx tsx bench/parsers/browser-trees.ts     # once: Chromium's trees -> .cache/parsers/browser-trees.json
//   npx tsx bench/parsers/fidelity.ts [--show-cases] [--per-dataset=10]
//
// Scores (per document, against the browser):
//   exact       the item lists (trees.ts) are identical; for cases, attributes included
//   el-sim      2·LCS / (N+M) over the element sequences of (depth, tag)
//   text-path   share of the browser's content text characters (not inside script/style/template)
//               found in a matching text run (runs aligned by a diff over all text runs) whose
//               ancestor tag path is identical
// "lenient" drops html/head/body/tbody elements (and the depth they add) first: htmlparser2 never
// creates implied wrappers, which shifts every depth but means nothing for extraction.
// Extraction-oriented scores (lenient):
//   block-path  the ancestor path restricted to non-inline elements matches (the text sits in the
//               same blocks: p, li, td, div, ...)
//   inner-block the nearest non-inline ancestor has the same tag (text in a p / td / li / h2 ...)
//   seg-agree   for each pair of consecutive text runs: both trees agree on whether the two share
//               their nearest non-inline ancestor (same block) or not: how blocks segment the text
//   link-agree  the text is inside an <a> in both trees or in neither (link density)
//   head-agree  the text is inside <head> in both trees or in neither (strict paths)
// Also scores pith's own parser (src/dom parseHtml, as it is at the time of the run) when it loads.
// Writes .cache/parsers/fidelity.json and prints Markdown.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'htmlparser2';
import { parse } from 'parse5';
import { browserTreesFile, listCases } from './browser-trees.js';
import { cacheDir, listPages, loadPage } from './corpus.js';
import { align, internTokens, lcsLength } from './diff.js';
import {
  type Item,
  itemsFromHtmlparser2,
  itemsFromParse5,
  itemsFromPithDoc,
  loadPithParser,
  TEXT,
} from './trees.js';

// parse5 with the scripting flag off, as in a browser with JavaScript disabled (so <noscript> content
// is parsed as markup, which is also what htmlparser2 does).
const PARSERS: Record<string, (html: string, withAttrs: boolean) => Item[]> = {
  parse5: (h, a) => itemsFromParse5(parse(h, { scriptingEnabled: false }), a),
  htmlparser2: (h, a) => itemsFromHtmlparser2(parseDocument(h), a),
};

const NON_CONTENT = new Set(['script', 'style', 'template']);
const WRAPPERS = new Set(['html', 'head', 'body', 'tbody']);
const INLINE = new Set(
  (
    'a abbr acronym b bdi bdo big blink cite code data del dfn em font i ins kbd label mark nobr q rp rt ruby s ' +
    'samp small span strike strong sub sup time tt u var wbr br img'
  ).split(' '),
);

interface TextRun {
  text: string;
  path: string[];
  /** Item index of the nearest non-inline ancestor element (-1: none), and its tag. */
  block: number;
  blockTag: string;
}

interface View {
  elements: string[]; // "depth:tag"
  texts: TextRun[];
}

function view(items: Item[], lenient: boolean): View {
  const anc: string[] = []; // tag at each depth of the original tree
  const ancIndex: number[] = []; // item index of the element at each depth
  const elements: string[] = [];
  const texts: TextRun[] = [];
  for (const [k, [d, tag, extra]] of items.entries()) {
    const ancestors = anc.slice(0, d);
    const path = lenient ? ancestors.filter((t) => !WRAPPERS.has(t)) : ancestors;
    const depth = lenient ? path.length : d;
    if (tag === TEXT) {
      let b = d - 1;
      while (b >= 0 && INLINE.has(anc[b]!)) b--;
      texts.push({ text: extra, path, block: b >= 0 ? ancIndex[b]! : -1, blockTag: b >= 0 ? anc[b]! : '' });
    } else {
      anc[d] = tag;
      anc.length = d + 1;
      ancIndex[d] = k;
      ancIndex.length = d + 1;
      if (!(lenient && WRAPPERS.has(tag))) elements.push(`${depth}:${tag}`);
    }
  }
  return { elements, texts };
}

interface Scores {
  exact: boolean;
  exactLenient: boolean;
  elSim: number | null;
  elSimLenient: number | null;
  textFound: number;
  textPath: number;
  textPathLenient: number;
  blockPath: number;
  innerBlock: number;
  segAgree: number;
  linkAgree: number;
  headAgree: number;
  textChars: number;
  alignFailed: boolean;
  /** Chars whose block path differs (lenient), by divergence signature. */
  blockSignatures: Record<string, number>;
}

function sameItems(a: Item[], b: Item[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x[0] !== y[0] || x[1] !== y[1] || x[2] !== y[2]) return false;
  }
  return true;
}

function stripAttrs(items: Item[]): Item[] {
  return items.map(([d, t, e]) => (t === TEXT ? [d, t, e] : [d, t, '']));
}

function lenientItems(items: Item[]): string[] {
  // Rebuild an ordered list of elements and texts with lenient depths.
  const out: string[] = [];
  const anc: string[] = [];
  for (const [d, tag, extra] of items) {
    const path = anc.slice(0, d).filter((t) => !WRAPPERS.has(t));
    if (tag === TEXT) out.push(`${path.length} ${TEXT} ${extra}`);
    else {
      anc[d] = tag;
      anc.length = d + 1;
      if (!WRAPPERS.has(tag)) out.push(`${path.length} ${tag} ${extra}`);
    }
  }
  return out;
}

function simOf(a: string[], b: string[]): number | null {
  if (a.length + b.length === 0) return 1;
  const [x, y] = internTokens([a, b]);
  const l = lcsLength(x!, y!);
  return l === null ? null : (2 * l) / (a.length + b.length);
}

const blockPathOf = (p: string[]) => p.filter((t) => !INLINE.has(t));

function signature(pb: string[], po: string[]): string {
  let i = 0;
  while (i < pb.length && i < po.length && pb[i] === po[i]) i++;
  const ctx = i > 0 ? pb[i - 1] : '(top)';
  return `in ${ctx}: browser ${pb[i] ?? '(text)'} / parser ${po[i] ?? '(text)'}`;
}

export function score(browser: Item[], other: Item[], withAttrs: boolean): Scores {
  const exact = sameItems(browser, other);
  const bl = lenientItems(browser);
  const ol = lenientItems(other);
  const exactLenient = bl.length === ol.length && bl.every((x, i) => x === ol[i]);
  const bs = view(browser, false);
  const os = view(other, false);
  const bL = view(browser, true);
  const oL = view(other, true);
  const elSim = simOf(bs.elements, os.elements);
  const elSimLenient = simOf(bL.elements, oL.elements);

  const [tb, to] = internTokens([bs.texts.map((t) => t.text), os.texts.map((t) => t.text)]);
  const pairs = align(tb!, to!);
  // Only content text counts: script/style/template text is never extracted.
  const isContent = (p: string[]) => !p.some((t) => NON_CONTENT.has(t));
  const total = bs.texts.reduce((s, t) => s + (isContent(t.path) ? t.text.length : 0), 0);
  let found = 0;
  let pathOk = 0;
  let pathOkL = 0;
  let blockOk = 0;
  let linkOk = 0;
  let headOk = 0;
  let innerOk = 0;
  let segPairs = 0;
  let segOk = 0;
  let prev: [number, number] | null = null;
  const sigs: Record<string, number> = {};
  for (const [i, j] of pairs ?? []) {
    if (!isContent(bs.texts[i]!.path)) continue;
    const n = bs.texts[i]!.text.length;
    if (bs.texts[i]!.blockTag === os.texts[j]!.blockTag) innerOk += n;
    if (prev) {
      const sameB = bs.texts[prev[0]]!.block === bs.texts[i]!.block;
      const sameO = os.texts[prev[1]]!.block === os.texts[j]!.block;
      segPairs++;
      if (sameB === sameO) segOk++;
    }
    prev = [i, j];
    found += n;
    const pb = bs.texts[i]!.path;
    const po = os.texts[j]!.path;
    if (pb.join('/') === po.join('/')) pathOk += n;
    const pbl = bL.texts[i]!.path;
    const pol = oL.texts[j]!.path;
    if (pbl.join('/') === pol.join('/')) pathOkL += n;
    const bb = blockPathOf(pbl);
    const bo = blockPathOf(pol);
    if (bb.join('/') === bo.join('/')) blockOk += n;
    else {
      const sig = signature(bb, bo);
      sigs[sig] = (sigs[sig] ?? 0) + n;
    }
    if (pbl.includes('a') === pol.includes('a')) linkOk += n;
    if (pb.includes('head') === po.includes('head')) headOk += n;
  }
  if (pairs && found < total) sigs['(text run not matched)'] = total - found;
  const r = (x: number) => (total === 0 ? 1 : x / total);
  return {
    exact: withAttrs ? exact : sameItems(stripAttrs(browser), stripAttrs(other)),
    exactLenient,
    elSim,
    elSimLenient,
    textFound: r(found),
    textPath: r(pathOk),
    textPathLenient: r(pathOkL),
    blockPath: r(blockOk),
    innerBlock: r(innerOk),
    segAgree: segPairs === 0 ? 1 : segOk / segPairs,
    linkAgree: r(linkOk),
    headAgree: r(headOk),
    textChars: total,
    alignFailed: pairs === null,
    blockSignatures: sigs,
  };
}

function unifiedDiff(a: string[], b: string[]): string[] {
  const [x, y] = internTokens([a, b]);
  const pairs = align(x!, y!, 10_000) ?? [];
  const out: string[] = [];
  let i = 0;
  let j = 0;
  for (const [pi, pj] of [...pairs, [a.length, b.length] as [number, number]]) {
    while (i < pi) out.push(`- ${a[i++]}`);
    while (j < pj) out.push(`+ ${b[j++]}`);
    if (i < a.length && j < b.length) out.push(`  ${a[i]}`);
    i++;
    j++;
  }
  return out;
}

const fmtItem = ([d, t, e]: Item) =>
  `${'  '.repeat(d)}${t === TEXT ? JSON.stringify(e) : `<${t}${e ? ` ${e}` : ''}>`}`;

async function main(): Promise<void> {
  const pith = await loadPithParser();
  if (pith) PARSERS.pith = (h, a) => itemsFromPithDoc(pith(h), a);
  const showCases = process.argv.includes('--show-cases');
  const per = Number(process.argv.find((a) => a.startsWith('--per-dataset='))?.split('=')[1] ?? 10);
  const file = path.join(cacheDir, browserTreesFile(per));
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as {
    meta: { chromium: string; date: string };
    cases: Record<string, Item[]>;
    pages: Record<string, Item[]>;
  };
  const names = Object.keys(PARSERS);
  const lines: string[] = [];
  const log = (s = '') => lines.push(s);

  // ---- cases
  const caseResults: Record<string, Record<string, Scores>> = {};
  const caseDiffs: string[] = [];
  for (const c of listCases()) {
    const b = recorded.cases[c.id];
    if (!b) throw new Error(`no browser tree for case ${c.id}: re-run browser-trees.ts`);
    caseResults[c.id] = {};
    for (const name of names) {
      const o = PARSERS[name]!(c.html, true);
      const s = score(b, o, true);
      caseResults[c.id]![name] = s;
      if (!s.exact) {
        caseDiffs.push(
          `### ${c.id} — ${name}${s.exactLenient ? ' (lenient match)' : ''}`,
          '```',
          c.html,
          '```',
        );
        caseDiffs.push('```diff', ...unifiedDiff(b.map(fmtItem), o.map(fmtItem)), '```', '');
      }
    }
  }
  const caseIds = Object.keys(caseResults);
  log(`Chromium ${recorded.meta.chromium} (JavaScript off), recorded ${recorded.meta.date.slice(0, 10)}`);
  log();
  log(`**Broken-markup cases** (${caseIds.length}, bench/parsers/cases/): exact tree match with the browser`);
  log();
  log('| parser | exact (tags, text, attributes) | exact ignoring implied html/head/body/tbody |');
  log('|---|---:|---:|');
  for (const name of names) {
    const ex = caseIds.filter((id) => caseResults[id]![name]!.exact).length;
    const exL = caseIds.filter((id) => caseResults[id]![name]!.exactLenient).length;
    log(`| ${name} | ${ex}/${caseIds.length} | ${exL}/${caseIds.length} |`);
  }
  log();
  log(`| case | ${names.map((n) => `${n}`).join(' | ')} |`);
  log(`|---|${names.map(() => ':---:').join('|')}|`);
  for (const id of caseIds) {
    const cell = (s: Scores) =>
      s.exact
        ? 'exact'
        : s.exactLenient
          ? 'implied wrappers only'
          : `differs (block ${(100 * s.blockPath).toFixed(0)}%, link ${(100 * s.linkAgree).toFixed(0)}%)`;
    log(`| ${id} | ${names.map((n) => cell(caseResults[id]![n]!)).join(' | ')} |`);
  }
  log();

  // ---- pages
  const refs = new Map(listPages().map((r) => [r.id, r]));
  const pageIds = Object.keys(recorded.pages);
  const pageResults: Record<string, Record<string, Scores>> = {};
  for (const id of pageIds) {
    const ref = refs.get(id);
    if (!ref) throw new Error(`page ${id} not found in .cache/datasets`);
    const page = loadPage(ref);
    pageResults[id] = {};
    for (const name of names)
      pageResults[id]![name] = score(recorded.pages[id]!, PARSERS[name]!(page.html, false), false);
  }
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  log(`**Dataset pages** (${pageIds.length}, ${per} per dataset, fixed random sample): mean over pages`);
  log();
  const bad = (x: Scores) => x.innerBlock < 0.99 || x.segAgree < 0.99 || x.headAgree < 0.99;
  log('| parser | exact | exact lenient | el-sim | el-sim lenient | text-path | text-path lenient |');
  log('|---|---:|---:|---:|---:|---:|---:|');
  const summary: Record<string, Record<string, number>> = {};
  for (const name of names) {
    const ss = pageIds.map((id) => pageResults[id]![name]!);
    const m = (
      k:
        | 'textFound'
        | 'textPath'
        | 'textPathLenient'
        | 'blockPath'
        | 'innerBlock'
        | 'segAgree'
        | 'linkAgree'
        | 'headAgree',
    ) => mean(ss.map((x) => x[k]));
    const row = {
      pages: ss.length,
      exact: ss.filter((x) => x.exact).length,
      exactLenient: ss.filter((x) => x.exactLenient).length,
      elSim: mean(ss.map((x) => x.elSim ?? 0)),
      elSimLenient: mean(ss.map((x) => x.elSimLenient ?? 0)),
      textFound: m('textFound'),
      textPath: m('textPath'),
      textPathLenient: m('textPathLenient'),
      blockPath: m('blockPath'),
      innerBlock: m('innerBlock'),
      segAgree: m('segAgree'),
      linkAgree: m('linkAgree'),
      headAgree: m('headAgree'),
      blockPathBad: ss.filter((x) => x.blockPath < 0.99).length,
      misplacedPages: ss.filter(bad).length,
      nullSims: ss.filter((x) => x.elSim === null || x.elSimLenient === null).length,
      alignFailed: ss.filter((x) => x.alignFailed).length,
    };
    summary[name] = row;
    log(
      `| ${name} | ${row.exact}/${ss.length} | ${row.exactLenient}/${ss.length} | ${row.elSim.toFixed(3)} | ` +
        `${row.elSimLenient.toFixed(3)} | ${pct(row.textPath)} | ${pct(row.textPathLenient)} |`,
    );
  }
  log();
  log(
    '| parser | text found | block-path | pages block-path < 99% | inner-block | seg-agree | link-agree | head-agree | pages with misplaced text (inner-block, seg-agree or head-agree < 99%) |',
  );
  log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const name of names) {
    const r = summary[name]!;
    log(
      `| ${name} | ${pct(r.textFound!)} | ${pct(r.blockPath!)} | ${r.blockPathBad} | ${pct(r.innerBlock!)} | ` +
        `${pct(r.segAgree!)} | ${pct(r.linkAgree!)} | ${pct(r.headAgree!)} | ${r.misplacedPages}/${r.pages} |`,
    );
  }
  log();
  for (const name of names) {
    const ss = pageIds.map((id) => pageResults[id]![name]!);
    const chars = ss.reduce((a, x) => a + x.textChars, 0);
    const pooled = (k: 'blockPath' | 'innerBlock' | 'linkAgree' | 'headAgree' | 'textPathLenient') =>
      pct(ss.reduce((a, x) => a + x[k] * x.textChars, 0) / chars);
    const off = pageIds.filter((id) => !pageResults[id]![name]!.exactLenient);
    log(
      `- ${name}, pooled over all ${chars} content chars: text-path lenient ${pooled('textPathLenient')}, ` +
        `block-path ${pooled('blockPath')}, inner-block ${pooled('innerBlock')}, link-agree ${pooled('linkAgree')}, ` +
        `head-agree ${pooled('headAgree')}; pages not matching leniently: ${off.length}${off.length <= 3 ? ` (${off.join(', ')})` : ''}`,
    );
  }
  log();
  log('By dataset: mean inner-block / mean seg-agree / pages with misplaced text');
  log();
  log(`| dataset | pages | ${names.join(' | ')} |`);
  log(`|---|---:|${names.map(() => '---:').join('|')}|`);
  const datasets = [...new Set(pageIds.map((id) => refs.get(id)!.dataset))];
  for (const ds of datasets) {
    const ids = pageIds.filter((id) => refs.get(id)!.dataset === ds);
    const m = (n: string, k: 'innerBlock' | 'segAgree') => mean(ids.map((id) => pageResults[id]![n]![k]));
    const nBad = (n: string) => ids.filter((id) => bad(pageResults[id]![n]!)).length;
    const cells = names.map((n) => `${pct(m(n, 'innerBlock'))} / ${pct(m(n, 'segAgree'))} / ${nBad(n)}`);
    log(`| ${ds} | ${ids.length} | ${cells.join(' | ')} |`);
  }
  const notes = names
    .filter((n) => summary[n]!.nullSims || summary[n]!.alignFailed)
    .map(
      (n) =>
        `${n}: ${summary[n]!.nullSims} el-sim over the D bound (counted 0), ${summary[n]!.alignFailed} text alignments failed`,
    );
  if (notes.length) log(`\n${notes.join('; ')}`);
  log();
  for (const name of names) {
    const agg = new Map<string, { chars: number; pages: Set<string> }>();
    let totalChars = 0;
    for (const id of pageIds) {
      const s = pageResults[id]![name]!;
      totalChars += s.textChars;
      for (const [sig, n] of Object.entries(s.blockSignatures)) {
        const e = agg.get(sig) ?? { chars: 0, pages: new Set<string>() };
        e.chars += n;
        e.pages.add(id);
        agg.set(sig, e);
      }
    }
    const top = [...agg.entries()].sort((a, b) => b[1].chars - a[1].chars).slice(0, 15);
    log(
      `Where ${name} puts text in a different block than the browser (top signatures, share of all text chars):`,
    );
    log();
    log('| divergence (first differing block ancestor) | chars | pages |');
    log('|---|---:|---:|');
    for (const [sig, e] of top) log(`| ${sig} | ${pct(e.chars / totalChars)} | ${e.pages.size} |`);
    log();
  }
  log(`Worst pages for htmlparser2 (inner-block, seg-agree, head-agree: ${names.join(' / ')}):`);
  const score1 = (x: Scores) => Math.min(x.innerBlock, x.segAgree, x.headAgree);
  const worst = [...pageIds].sort(
    (a, b) => score1(pageResults[a]!.htmlparser2!) - score1(pageResults[b]!.htmlparser2!),
  );
  for (const id of worst.slice(0, 12)) {
    const rs = names.map((n) => pageResults[id]![n]!);
    log(
      `- ${id}: ${rs.map((r) => pct(r.innerBlock)).join(' / ')}; ${rs.map((r) => pct(r.segAgree)).join(' / ')}; ` +
        `${rs.map((r) => pct(r.headAgree)).join(' / ')}`,
    );
  }

  console.log(lines.join('\n'));
  if (showCases) console.log(`\n## Case diffs (- browser, + parser)\n\n${caseDiffs.join('\n')}`);
  const suffix = per === 10 ? '' : `-${per}`;
  writeFileSync(
    path.join(cacheDir, `fidelity${suffix}.json`),
    `${JSON.stringify({ meta: recorded.meta, summary, cases: caseResults, pages: pageResults }, null, 1)}\n`,
  );
  writeFileSync(path.join(cacheDir, 'fidelity-case-diffs.md'), `${caseDiffs.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
