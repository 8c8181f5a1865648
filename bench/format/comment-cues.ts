/**
 * Which class/id words and which visible words mark comment sections, measured on
 * pages with labelled comments (L3S-GN1 `x-nc-sel5`, trafilatura-eval comment
 * snippets) rather than guessed.
 *
 *   nice -n 10 npx tsx bench/format/comment-cues.ts [--top 40]
 *
 * For every element: "comment side" when its subtree holds comment text and no
 * main text, "main side" when it holds main text and no comment text. A class/id
 * token (the class and id split at non-letters, digits dropped) or a candidate
 * substring is counted once per page per side. A good cue shows up on the comment
 * side of many pages and on the main side of none.
 *
 * Visible cue words: the words of headings and short link texts inside comment-side
 * elements (and of the last heading before the first comment text), per dataset.
 */
import { join } from 'node:path';
import { IS_HEADING, NodeKind, TAG } from 'pith/internal';
import { LABEL, type LabelledPage, l3sPages, trafilaturaCommentPages } from './comment-data.js';

/** Candidate substrings (several languages) whose precision is measured. */
const CANDIDATES = [
  'comment',
  'komment',
  'commentaire',
  'comentario',
  'commenti',
  'reactie',
  'reaction',
  'reply',
  'replies',
  'respond',
  'response',
  'antwort',
  'discuss',
  'disqus',
  'talkback',
  'feedback',
  'review',
  'guestbook',
  'gaestebuch',
  'gastebuch',
  'conversation',
  'thread',
  'opinion',
  'remark',
  'cmt',
  'koment',
  'vcard',
  'avatar',
  'author',
  'fn',
  'says',
  'meta',
  'date',
  'post',
  'message',
  'user',
];

interface Counts {
  comment: Map<string, number>;
  main: Map<string, number>;
  pages: number;
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function measure(pages: readonly LabelledPage[]): {
  tokens: Counts;
  substrings: Counts;
  headingWords: Counts;
  linkWords: Counts;
} {
  const tokens: Counts = { comment: new Map(), main: new Map(), pages: pages.length };
  const substrings: Counts = { comment: new Map(), main: new Map(), pages: pages.length };
  const headingWords: Counts = { comment: new Map(), main: new Map(), pages: pages.length };
  const linkWords: Counts = { comment: new Map(), main: new Map(), pages: pages.length };
  for (const page of pages) {
    const { doc, labels } = page;
    const commentWords = new Int32Array(doc.size);
    const mainWords = new Int32Array(doc.size);
    for (let node = doc.size - 1; node > 0; node--) {
      if (doc.isText(node)) {
        if (labels[node] === LABEL.comment) commentWords[node] = doc.wordCount(node);
        else if (labels[node] === LABEL.main) mainWords[node] = doc.wordCount(node);
      }
      const parent = doc.parent(node);
      commentWords[parent] += commentWords[node];
      mainWords[parent] += mainWords[node];
    }
    const seen = { tokenComment: new Set<string>(), tokenMain: new Set<string>() };
    const subSeen = { comment: new Set<string>(), main: new Set<string>() };
    const pageHeadingWords = { comment: new Set<string>(), main: new Set<string>() };
    const pageLinkWords = { comment: new Set<string>(), main: new Set<string>() };
    let lastHeading = '';
    let firstCommentSeen = false;
    // End of the outermost comment-side / main-side element we are in (0 when none).
    let commentRegionEnd = 0;
    let mainRegionEnd = 0;
    for (let node = 1; node < doc.size; node++) {
      if (doc.kind(node) === NodeKind.Text && labels[node] === LABEL.comment && !firstCommentSeen) {
        firstCommentSeen = true;
        for (const word of words(lastHeading)) pageHeadingWords.comment.add(word);
      }
      if (!doc.isElement(node)) continue;
      const t = doc.tag(node);
      const side =
        commentWords[node] > 0 && mainWords[node] === 0
          ? 'comment'
          : mainWords[node] > 0 && commentWords[node] === 0
            ? 'main'
            : '';
      if (side === 'comment' && node >= commentRegionEnd) commentRegionEnd = doc.end(node);
      if (side === 'main' && node >= mainRegionEnd) mainRegionEnd = doc.end(node);
      const region = node < commentRegionEnd ? 'comment' : node < mainRegionEnd ? 'main' : '';
      if (IS_HEADING[t]) {
        if (!firstCommentSeen) lastHeading = doc.textContent(node);
        if (region !== '')
          for (const word of words(doc.textContent(node))) pageHeadingWords[region].add(word);
      }
      if (t === TAG.a && region !== '' && doc.textLength(node) <= 30) {
        for (const word of words(doc.textContent(node))) pageLinkWords[region].add(word);
      }
      if (side === '') continue;
      const cues = doc.classAndId(node);
      if (cues !== '') {
        for (const token of cues.split(/[^a-z]+/)) {
          if (token.length < 2) continue;
          (side === 'comment' ? seen.tokenComment : seen.tokenMain).add(token);
        }
        for (const candidate of CANDIDATES) {
          if (cues.includes(candidate)) (side === 'comment' ? subSeen.comment : subSeen.main).add(candidate);
        }
      }
      const itemtype = doc.attr(node, 'itemtype') ?? '';
      if (/schema\.org\/(?:User)?Comment\b/i.test(itemtype))
        (side === 'comment' ? subSeen.comment : subSeen.main).add('itemtype=Comment');
    }
    for (const token of seen.tokenComment) bump(tokens.comment, token);
    for (const token of seen.tokenMain) bump(tokens.main, token);
    for (const key of subSeen.comment) bump(substrings.comment, key);
    for (const key of subSeen.main) bump(substrings.main, key);
    for (const word of pageHeadingWords.comment) bump(headingWords.comment, word);
    for (const word of pageHeadingWords.main) bump(headingWords.main, word);
    for (const word of pageLinkWords.comment) bump(linkWords.comment, word);
    for (const word of pageLinkWords.main) bump(linkWords.main, word);
  }
  return { tokens, substrings, headingWords, linkWords };
}

function words(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}{2,}/gu) ?? []).slice(0, 20);
}

function table(counts: Counts, keys: readonly string[], title: string): string {
  const lines = [
    `| ${title} | pages, comment side | pages, main side |`,
    '|---|---:|---:|',
    ...keys.map((key) => `| ${key} | ${counts.comment.get(key) ?? 0} | ${counts.main.get(key) ?? 0} |`),
  ];
  return lines.join('\n');
}

function topKeys(map: Map<string, number>, n: number): string[] {
  return [...map]
    .filter(([, count]) => count >= 2)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([key]) => key);
}

function main(): void {
  const args = process.argv.slice(2);
  const topIndex = args.indexOf('--top');
  const n = topIndex >= 0 ? Number(args[topIndex + 1]) : 40;
  const root = '.cache/datasets';
  const sets: [string, LabelledPage[]][] = [
    ['l3s-gn1', l3sPages(join(root, 'l3s-gn1'), true)],
    ['trafilatura-eval', trafilaturaCommentPages(join(root, 'trafilatura-eval'))],
  ];
  for (const [name, pages] of sets) {
    const { tokens, substrings, headingWords, linkWords } = measure(pages);
    process.stdout.write(`\n## ${name}: ${pages.length} pages with labelled comments\n\n`);
    const keys = [...CANDIDATES, 'itemtype=Comment'].filter(
      (key) => (substrings.comment.get(key) ?? 0) + (substrings.main.get(key) ?? 0) > 0,
    );
    process.stdout.write(`${table(substrings, keys, 'substring of class/id')}\n\n`);
    const enriched = [...tokens.comment]
      .filter(([token, count]) => count >= 3 && (tokens.main.get(token) ?? 0) <= count / 10)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, n)
      .map(([token]) => token);
    process.stdout.write(`${table(tokens, enriched, 'class/id token (≥3 pages, main ≤ 10%)')}\n\n`);
    process.stdout.write(`${table(headingWords, topKeys(headingWords.comment, n), 'heading word')}\n\n`);
    process.stdout.write(`${table(linkWords, topKeys(linkWords.comment, n), 'short link word')}\n`);
  }
}

main();
