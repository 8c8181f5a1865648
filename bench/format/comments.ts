/**
 * How well `findComments` finds comments, on the two datasets that label them.
 *
 *   nice -n 10 npx tsx bench/format/comments.ts [--threshold 0.5] [--pages] [--write]
 *
 * - L3S-GN1, all 621 annotated pages (77 with `x-nc-sel5` comment text): word
 *   precision and recall of the text inside the found comments against the text
 *   labelled "user comments", micro (all words together) and macro (mean over
 *   pages that have comments, or that the finder claims comments on). Also how
 *   many words of headline + full text (`sel1`/`sel2`) the finder wrongly puts in
 *   comments.
 * - trafilatura-eval, all 990 pages: the share of the 142 pages' comment
 *   snippets that fall inside found comments (recall), and the share of the
 *   main-text (`with`) snippets that wrongly do (a precision proxy).
 *
 * "Inside found comments" means inside the `node` of a comment of a section whose
 * confidence is at least the threshold. `--write` replaces the
 * `<!-- comments:start -->` section of docs/benchmarks-journal.md.
 */
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { listWcxb, WCXB_PAGE_TYPES } from '../../src/eval/index.js';
import { type CommentSection, commentMask, decodeHtml, findComments, parseHtml } from '../../src/internal.js';
import { LABEL, type LabelledPage, l3sPages, trafilaturaCommentPages } from './comment-data.js';
import { runContext, writeDocSection } from './doc-section.js';

interface Totals {
  tp: number;
  fp: number;
  fn: number;
  mainWrong: number;
  main: number;
  pagesClaimed: number;
  pagesWithComments: number;
  pagesFound: number;
  precisions: number[];
  recalls: number[];
}

function emptyTotals(): Totals {
  return {
    tp: 0,
    fp: 0,
    fn: 0,
    mainWrong: 0,
    main: 0,
    pagesClaimed: 0,
    pagesWithComments: 0,
    pagesFound: 0,
    precisions: [],
    recalls: [],
  };
}

/**
 * 1 for nodes inside a found comment (of a section at or above the threshold),
 * or with `whole`, inside a found section (comments, heading, notices, form).
 */
function foundMask(
  page: LabelledPage,
  sections: readonly CommentSection[],
  threshold: number,
  whole = false,
): Uint8Array {
  if (whole) return commentMask(page.doc, sections, threshold);
  const mask = new Uint8Array(page.doc.size);
  for (const section of sections) {
    if (section.confidence < threshold) continue;
    for (const comment of section.comments) mask.fill(1, comment.node, comment.end);
  }
  return mask;
}

function scorePage(page: LabelledPage, mask: Uint8Array, totals: Totals): void {
  const { doc, labels } = page;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let node = 0; node < doc.size; node++) {
    if (!doc.isText(node)) continue;
    const words = doc.wordCount(node);
    if (words === 0) continue;
    const comment = labels[node] === LABEL.comment;
    if (mask[node] && comment) tp += words;
    else if (mask[node]) fp += words;
    else if (comment) fn += words;
    if (labels[node] === LABEL.main) {
      totals.main += words;
      if (mask[node]) totals.mainWrong += words;
    }
  }
  totals.tp += tp;
  totals.fp += fp;
  totals.fn += fn;
  if (tp + fp > 0) {
    totals.pagesClaimed++;
    totals.precisions.push(tp / (tp + fp));
  }
  if (tp + fn > 0) {
    totals.pagesWithComments++;
    totals.recalls.push(tp / (tp + fn));
    if (tp > 0) totals.pagesFound++;
  }
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
const f3 = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(3));

interface SnippetTotals {
  commentSnippets: number;
  commentFound: number;
  commentLocated: number;
  mainSnippetPages: number;
  mainWrongPages: number;
  pagesClaimed: number;
}

/** Whether each snippet of the page lies inside found comments: located by the labels set on its text nodes. */
function scoreSnippets(page: LabelledPage, mask: Uint8Array, totals: SnippetTotals): void {
  const { doc, labels } = page;
  let claimed = false;
  let mainWrong = false;
  let hasMain = false;
  let commentInside = 0;
  let commentAll = 0;
  for (let node = 0; node < doc.size; node++) {
    if (!doc.isText(node)) continue;
    if (mask[node] && doc.wordCount(node) > 0) claimed = true;
    if (labels[node] === LABEL.main) {
      hasMain = true;
      if (mask[node]) mainWrong = true;
    }
    if (labels[node] === LABEL.comment) {
      commentAll++;
      if (mask[node]) commentInside++;
    }
  }
  if (claimed) totals.pagesClaimed++;
  if (hasMain) totals.mainSnippetPages++;
  if (mainWrong) totals.mainWrongPages++;
  const snippets = page.snippets;
  if (!snippets) return;
  totals.commentSnippets += snippets.comment.length;
  const located = snippets.found.filter(Boolean).length;
  totals.commentLocated += located;
  // Snippets are short; count a located snippet found when most of its nodes are inside.
  if (commentAll > 0) totals.commentFound += Math.round((located * commentInside) / commentAll);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const thresholdIndex = args.indexOf('--threshold');
  const threshold = thresholdIndex >= 0 ? Number(args[thresholdIndex + 1]) : 0.5;
  const showPages = args.includes('--pages');
  const root = '.cache/datasets';
  const started = performance.now();
  const lines: string[] = [];
  const say = (line = '') => {
    lines.push(line);
    process.stdout.write(`${line}\n`);
  };

  const thresholds = [...new Set([0.3, threshold, 0.7])].sort();
  const l3s = l3sPages(join(root, 'l3s-gn1'), false);
  const l3sTotals = new Map(thresholds.map((t) => [t, emptyTotals()]));
  const l3sSectionTotals = new Map(thresholds.map((t) => [t, emptyTotals()]));
  /** Per confidence bin: words of found comments that are labelled comments, and all their words. */
  const bins = [0, 0.3, 0.5, 0.7, 1.01];
  const binTotals = bins.slice(0, -1).map(() => ({ sections: 0, tp: 0, words: 0 }));
  let findMs = 0;
  for (const page of l3s) {
    const t0 = performance.now();
    const sections = findComments(page.doc);
    findMs += performance.now() - t0;
    for (const section of sections) {
      const bin = bins.findIndex(
        (low, index) => section.confidence >= low && section.confidence < bins[index + 1],
      );
      const mask = foundMask(page, [section], 0);
      const slot = binTotals[bin];
      slot.sections++;
      for (let node = 0; node < page.doc.size; node++) {
        if (!mask[node] || !page.doc.isText(node)) continue;
        slot.words += page.doc.wordCount(node);
        if (page.labels[node] === LABEL.comment) slot.tp += page.doc.wordCount(node);
      }
    }
    for (const t of thresholds)
      scorePage(page, foundMask(page, sections, t, true), l3sSectionTotals.get(t) as Totals);
    for (const t of thresholds) {
      const mask = foundMask(page, sections, t);
      const before = (l3sTotals.get(t) as Totals).tp;
      scorePage(page, mask, l3sTotals.get(t) as Totals);
      if (showPages && t === threshold) {
        const totals = l3sTotals.get(t) as Totals;
        const claimed = sections.filter((s) => s.confidence >= t);
        const gold = page.labels.some((label) => label === LABEL.comment);
        if (gold || claimed.length > 0)
          process.stderr.write(
            `${page.id.slice(0, 8)} gold=${gold} tp+=${totals.tp - before} sections=${claimed
              .map(
                (s) =>
                  `${page.doc.tagName(s.root)}.${page.doc.classAndId(s.root).trim().slice(0, 30)}(${s.confidence};${s.comments.length})`,
              )
              .join(' ')}\n`,
          );
      }
    }
  }

  say(`### Comment finder on L3S-GN1 (user comments, \`x-nc-sel5\`)`);
  say();
  say(
    `n = ${l3s.length} annotated pages, ${(l3sTotals.get(threshold) as Totals).pagesWithComments} with comment text. Word counts of the text nodes inside found comments against those labelled comments.`,
  );
  say();
  const table = (totals: Map<number, Totals>) => {
    say(
      '| confidence ≥ | precision (micro) | recall (micro) | F1 (micro) | precision (macro, pages claimed) | recall (macro, pages with comments) | pages claimed | pages with comments found | headline+full-text words put in comments |',
    );
    say('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const t of thresholds) {
      const x = totals.get(t) as Totals;
      const p = x.tp / (x.tp + x.fp);
      const r = x.tp / (x.tp + x.fn);
      say(
        `| ${t} | ${f3(p)} | ${f3(r)} | ${f3((2 * p * r) / (p + r))} | ${f3(mean(x.precisions))} | ${f3(mean(x.recalls))} | ${x.pagesClaimed} | ${x.pagesFound}/${x.pagesWithComments} | ${x.mainWrong} of ${x.main} (${((100 * x.mainWrong) / Math.max(1, x.main)).toFixed(2)}%) |`,
      );
    }
  };
  say('The individual comments (what `--comments` prints):');
  say();
  table(l3sTotals);
  say();
  say(
    'The whole sections (comments plus their heading, notices and reply form: what leaves the body; L3S labels these parts as comments too):',
  );
  say();
  table(l3sSectionTotals);
  say();
  say(
    'The headline and full-text words put in comments at confidence ≥ 0.5 are one page (66cd868e, a "Have your say" page whose readers\' letters L3S labels as the full text). Some claimed pages without labelled comments do show comments that the annotators left unlabelled (d35ceaa6, ebc70a85). Most of the missed pages are 2008 layouts with no comment word in any class and no repeated structure under a comment heading, or comment sections that hold only a form and a notice (which L3S labels as comments).',
  );
  say();
  say(
    'Calibration: of the words in found comments, the share labelled as comments, by section confidence (all sections found).',
  );
  say();
  say('| confidence | sections | words in their comments | labelled comments |');
  say('|---|---:|---:|---:|');
  binTotals.forEach((slot, index) => {
    say(
      `| ${bins[index]}–${Math.min(1, bins[index + 1])} | ${slot.sections} | ${slot.words} | ${slot.words === 0 ? '–' : ((100 * slot.tp) / slot.words).toFixed(1)}% |`,
    );
  });

  const trafilatura = trafilaturaCommentPages(join(root, 'trafilatura-eval'), true);
  const snippetTotals = new Map<number, SnippetTotals>(
    thresholds.map((t) => [
      t,
      {
        commentSnippets: 0,
        commentFound: 0,
        commentLocated: 0,
        mainSnippetPages: 0,
        mainWrongPages: 0,
        pagesClaimed: 0,
      },
    ]),
  );
  let commentPages = 0;
  for (const page of trafilatura) {
    if (page.snippets && page.snippets.comment.length > 0) commentPages++;
    const t0 = performance.now();
    const sections = findComments(page.doc);
    findMs += performance.now() - t0;
    for (const t of thresholds)
      scoreSnippets(page, foundMask(page, sections, t), snippetTotals.get(t) as SnippetTotals);
  }
  say();
  say('### Comment finder on trafilatura-eval (comment snippets)');
  say();
  say(
    `n = ${trafilatura.length} pages; ${commentPages} list comment snippets (mostly German). Recall: comment snippets located in the page that fall inside found comments (the snippets not located are not in the page's HTML: comments loaded by scripts). Main-text snippets (\`with\`) inside found comments are errors; some of those pages' \`with\` snippets are themselves taken from comments (lemire.me, netzpolitik.org).`,
  );
  say();
  say(
    '| confidence ≥ | comment snippets inside found comments | pages with a main-text snippet inside found comments | pages claimed |',
  );
  say('|---:|---:|---:|---:|');
  for (const t of thresholds) {
    const x = snippetTotals.get(t) as SnippetTotals;
    say(
      `| ${t} | ${x.commentFound}/${x.commentLocated} (${((100 * x.commentFound) / Math.max(1, x.commentLocated)).toFixed(1)}%; ${x.commentSnippets - x.commentLocated} not located in the page) | ${x.mainWrongPages}/${x.mainSnippetPages} | ${x.pagesClaimed} |`,
    );
  }
  // WCXB: how much of the gold main content the found sections hold, by page type.
  const wcxbDir = join(root, 'wcxb-dev');
  if (existsSync(wcxbDir)) {
    const byType = new Map<
      string,
      { pages: number; claimed: number; snippets: number; inside: number; pagesHit: number }
    >();
    for (const ref of await listWcxb(wcxbDir)) {
      const page = await ref.load();
      const doc = parseHtml(decodeHtml(page.html).text, { url: page.url });
      const t0 = performance.now();
      const sections = findComments(doc);
      findMs += performance.now() - t0;
      const type = page.gold.pageType ?? 'article';
      const slot = byType.get(type) ?? { pages: 0, claimed: 0, snippets: 0, inside: 0, pagesHit: 0 };
      byType.set(type, slot);
      slot.pages++;
      const snippets = page.gold.snippets?.with ?? [];
      slot.snippets += snippets.length;
      const mask = commentMask(doc, sections, threshold);
      const parts: string[] = [];
      for (let node = 0; node < doc.size; node++) {
        if (mask[node] && doc.isText(node) && !doc.columns.hidden[node]) parts.push(doc.text(node));
      }
      if (parts.length === 0) continue;
      slot.claimed++;
      const text = parts.join(' ').replace(/\s+/g, ' ');
      let hit = 0;
      for (const snippet of snippets) if (text.includes(snippet.replace(/\s+/g, ' ').trim())) hit++;
      slot.inside += hit;
      if (hit > 0) slot.pagesHit++;
    }
    say();
    say(`### Comment sections on WCXB (dev), by page type (confidence ≥ ${threshold})`);
    say();
    say(
      "WCXB's gold main content leaves comments out except where they are the content (forum threads). Its main-content snippets (`with`) that fall inside found sections say what removing the sections from the body would cost.",
    );
    say();
    say(
      '| page type | pages | pages with a section | main-content snippets inside sections | pages with one |',
    );
    say('|---|---:|---:|---:|---:|');
    for (const type of WCXB_PAGE_TYPES) {
      const slot = byType.get(type);
      if (!slot) continue;
      say(
        `| ${type} | ${slot.pages} | ${slot.claimed} | ${slot.inside}/${slot.snippets} (${((100 * slot.inside) / Math.max(1, slot.snippets)).toFixed(1)}%) | ${slot.pagesHit} |`,
      );
    }
  }
  const elapsed = (performance.now() - started) / 1000;
  say();
  say(
    `findComments took ${findMs.toFixed(0)} ms in all for the ${l3s.length + trafilatura.length} L3S and trafilatura pages and the WCXB pages (parse excluded; shared machine, ${cpus().length} cores); the whole run ${elapsed.toFixed(0)} s.`,
  );
  if (args.includes('--write')) writeSection(lines, threshold);
}

function writeSection(lines: readonly string[], threshold: number): void {
  const command = `nice -n 10 npx tsx bench/format/comments.ts${threshold === 0.5 ? '' : ` --threshold ${threshold}`} --write`;
  writeDocSection('comments', [
    '## Comment finder',
    '',
    `- Command: \`${command}\` (datasets in \`.cache/datasets\`, \`npm run datasets\`).`,
    `- ${runContext()}`,
    '',
    ...lines,
  ]);
}

await main();
