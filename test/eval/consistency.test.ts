// Consistency of pith's Markdown with its HTML (issue 19, item 3): on the structure fixture corpus
// (test/fixtures/structure) and a handful of shared sample pages, the Markdown read back with
// markdown-it holds the same headings, list items, table cells, code, link targets and images as
// the HTML of the same selection (src/eval/structure/consistency.ts; the whole datasets:
// bench/format/consistency.ts).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import {
  CONSISTENCY_CLASSES,
  compareConsistency,
  htmlElements,
  markdownElements,
  pageConsistency,
  pageHeader,
} from '../../packages/workbench/src/eval/structure/index.js';
import { HAS_SAMPLE, REPO_ROOT, samplePath } from '../helpers.js';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'structure', 'fixtures');

/** The mismatches of one page, one line per class that has any ('' when none). */
function mismatches(html: Uint8Array | string, url: string): string {
  const consistency = pageConsistency(html, url);
  const lines: string[] = [];
  for (const name of CONSISTENCY_CLASSES) {
    const { onlyHtml, onlyMarkdown } = consistency[name];
    if (onlyHtml.length + onlyMarkdown.length === 0) continue;
    const show = (keys: string[]) => JSON.stringify(keys.slice(0, 3).map((key) => key.slice(0, 120)));
    lines.push(`${name}: HTML only ${show(onlyHtml)}, Markdown only ${show(onlyMarkdown)}`);
  }
  return lines.join('\n');
}

describe('consistency of the Markdown with the HTML', () => {
  test('the check sees a difference (a heading level, a lost list item, another link)', () => {
    const html = '<h2>A</h2><ul><li>one</li><li>two</li></ul><p><a href="https://x.org/a_(b)">l</a></p>';
    const same = compareConsistency(
      htmlElements(html),
      markdownElements('## A\n\n- one\n- two\n\n[l](https://x.org/a_\\(b\\))'),
    );
    for (const name of CONSISTENCY_CLASSES) assert.equal(same[name].mismatched, 0, name);
    const changed = compareConsistency(
      htmlElements(html),
      markdownElements('### A\n\n- one\n\ntwo\n\n[l](https://x.org/a_%28b%29)'),
    );
    assert.equal(changed.headings.mismatched, 2);
    assert.deepEqual(changed['list items'].onlyHtml, ['0 two']);
    assert.deepEqual(changed.links.onlyMarkdown, ['https://x.org/a_%28b%29']);
  });

  test('every page of the structure fixture corpus', { skip: !existsSync(FIXTURES) && 'no corpus' }, () => {
    const names = readdirSync(FIXTURES).filter((name) => name.endsWith('.html'));
    assert.ok(names.length >= 40, `${names.length} fixtures`);
    const failures: string[] = [];
    for (const name of names.sort()) {
      const html = readFileSync(join(FIXTURES, name), 'utf8');
      const found = mismatches(html, String(pageHeader(html).url ?? 'https://example.org/page'));
      if (found !== '') failures.push(`${name}\n${found}`);
    }
    assert.equal(failures.join('\n\n'), '');
  });

  test('shared sample pages', { skip: !HAS_SAMPLE && 'no ../shared/datasets/sample' }, () => {
    const url = 'https://example.org/news/2024/story.html';
    const pages: [string, Uint8Array][] = [];
    const first = (dir: string, count: number) => readdirSync(dir).sort().slice(0, count);
    for (const name of first(samplePath('wcxb-dev', 'dev', 'html'), 4))
      pages.push([`wcxb-dev/${name}`, gunzipSync(readFileSync(samplePath('wcxb-dev', 'dev', 'html', name)))]);
    for (const name of first(samplePath('trafilatura-eval', 'html'), 4))
      pages.push([`trafilatura-eval/${name}`, readFileSync(samplePath('trafilatura-eval', 'html', name))]);
    for (const name of first(samplePath('cleaneval', 'final', 'input'), 3))
      pages.push([`cleaneval/${name}`, readFileSync(samplePath('cleaneval', 'final', 'input', name))]);
    for (const name of readdirSync(samplePath('readability-testpages')).sort()) {
      const file = samplePath('readability-testpages', name, 'source.html');
      if (existsSync(file)) pages.push([`readability-testpages/${name}`, readFileSync(file)]);
    }
    assert.ok(pages.length >= 10, `${pages.length} pages`);
    const failures: string[] = [];
    for (const [name, bytes] of pages) {
      const found = mismatches(bytes, url);
      if (found !== '') failures.push(`${name}\n${found}`);
    }
    assert.equal(failures.join('\n\n'), '');
  });
});
