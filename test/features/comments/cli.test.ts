import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runPith } from '../../helpers.js';

const pith = (args: string[]) => runPith(args);

const PAGE = `<html><head><title>Rivers | Blog</title></head><body>
<article class="post"><h1>Rivers</h1><p>${'Rivers meander because the outer bank erodes faster than the inner one. '.repeat(4)}</p></article>
<div id="comments"><h3>Comments</h3><ol class="commentlist">
<li class="comment" id="comment-1"><cite class="fn">Ann</cite> <time datetime="2024-02-03">3 Feb</time><div class="comment-content"><p>Lovely piece.</p></div></li>
<li class="comment" id="comment-2"><cite class="fn">Ben</cite> <time datetime="2024-02-04">4 Feb</time><div class="comment-content"><p>What about deltas?</p></div></li>
</ol></div></body></html>`;

describe('pith extract --comments', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pith-comments-'));
  const file = join(dir, 'page.html');
  writeFileSync(file, PAGE);

  test('Markdown: the body without the comments, then a final Comments section', () => {
    const { code, stdout } = pith(['extract', file, '--comments', '-e', 'all-text']);
    assert.equal(code, 0);
    const [body, comments] = stdout.split('\n## Comments\n');
    assert.match(body, /^Rivers meander because/);
    assert.doesNotMatch(body, /Lovely|deltas/);
    assert.match(
      comments,
      /^\n- \*\*Ann\*\* · 2024-02-03\n\n {2}Lovely piece\.\n\n- \*\*Ben\*\* · 2024-02-04\n\n {2}What about deltas\?\n$/,
    );
  });

  test('JSON: a comments list; without the flag, null', () => {
    const withComments = JSON.parse(
      pith(['extract', file, '--comments', '-f', 'json', '-e', 'all-text']).stdout,
    );
    assert.deepEqual(withComments.comments, [
      { author: 'Ann', date: '2024-02-03', text: 'Lovely piece.' },
      { author: 'Ben', date: '2024-02-04', text: 'What about deltas?' },
    ]);
    const without = JSON.parse(pith(['extract', file, '-f', 'json', '-e', 'all-text']).stdout);
    assert.equal(without.comments, null);
  });

  test('several inputs: each JSON Lines record carries its comments', () => {
    const { stdout } = pith(['extract', file, file, '--comments', '-e', 'all-text', '--no-progress']);
    const records = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.equal(records.length, 2);
    for (const record of records) assert.equal(record.comments.length, 2);
  });
});
