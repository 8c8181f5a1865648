import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { computeTtrLines, physicalLineStarts } from '../../../packages/pith/src/extractors/ttr/index.js';

const PAPER = { removeStyle: false, reflow: false };

describe('ttr: TTR array (Algorithm 1)', () => {
  // Hand-computed: per line x = non-tag characters (ends trimmed), y = tags, TTR = x/y or x.
  const page = [
    '<html>', // 0: x 0, y 1 → 0
    '<head><script>var a = "<b>";</script></head>', // 1: script gone; <head></head> → x 0, y 2 → 0
    '<!-- a comment -->', // 2: removed → empty → dropped
    '', // 3: empty → dropped
    '<body><p>Hello world</p>', // 4: x 11, y 3 → 11/3
    '   Plain text line   ', // 5: x 15, y 0 → 15
    '</body></html>', // 6: x 0, y 2 → 0
  ].join('\n');

  test('counts text and tags per line after removing scripts, comments and empty lines', () => {
    const lines = computeTtrLines(page, PAPER);
    assert.deepEqual(Array.from(lines.sourceLines), [0, 1, 4, 5, 6]);
    assert.deepEqual(Array.from(lines.text), [0, 0, 11, 15, 0]);
    assert.deepEqual(Array.from(lines.tags), [1, 2, 3, 0, 2]);
    assert.deepEqual(Array.from(lines.ttr), [0, 0, 11 / 3, 15, 0]);
    assert.equal(lines.totalLines, 7);
  });

  test('offsets point at the kept lines, without their line breaks', () => {
    const lines = computeTtrLines(page, PAPER);
    const texts = Array.from(lines.starts, (start, i) => page.slice(start, lines.ends[i]));
    assert.deepEqual(texts, [
      '<html>',
      page.split('\n')[1],
      '<body><p>Hello world</p>',
      '   Plain text line   ',
      '</body></html>',
    ]);
  });

  test('a comment spanning lines removes the lines it empties and only its part of the others', () => {
    const lines = computeTtrLines('<p>a</p><!-- start\nmiddle\nend --> tail', PAPER);
    assert.deepEqual(Array.from(lines.sourceLines), [0, 2]);
    assert.deepEqual(Array.from(lines.ttr), [0.5, 4]);
  });

  test('a script spanning lines is removed with its tags; tags inside it are not counted', () => {
    const lines = computeTtrLines('<div>\n<script>\nif (a < b) { x = "<p>"; }\n</script>\n</div>', PAPER);
    assert.deepEqual(Array.from(lines.sourceLines), [0, 4]);
    assert.deepEqual(Array.from(lines.tags), [1, 1]);
  });

  test('<style> content is text by default (the paper) and removed with removeStyle', () => {
    const source = '<p>x</p>\n<style>p{color:red}</style>';
    const kept = computeTtrLines(source, PAPER);
    assert.deepEqual(Array.from(kept.ttr), [0.5, 6]); // "p{color:red}" = 12 characters over 2 tags
    const removed = computeTtrLines(source, { ...PAPER, removeStyle: true });
    assert.deepEqual(Array.from(removed.sourceLines), [0]);
  });

  test('a comment inside a kept <style> is removed (old pages wrap their CSS in one)', () => {
    const lines = computeTtrLines('<style>\n<!--\np{color:red}\n-->\n</style>\n<p>x</p>', PAPER);
    assert.deepEqual(Array.from(lines.sourceLines), [0, 4, 5]);
    assert.deepEqual(Array.from(lines.ttr), [0, 0, 0.5]);
  });

  test('inner whitespace counts, the line ends do not; quoted > stays in the tag', () => {
    const lines = computeTtrLines('    <td title="a > b">  foo  </td>   ', PAPER);
    assert.deepEqual(Array.from(lines.text), [7]);
    assert.deepEqual(Array.from(lines.tags), [2]);
    assert.deepEqual(Array.from(lines.ttr), [3.5]);
  });

  test('a lone < is text; a doctype is a tag; astral characters count once', () => {
    const lines = computeTtrLines('<!DOCTYPE html>\na < b 😀', PAPER);
    assert.deepEqual(Array.from(lines.tags), [1, 0]);
    assert.deepEqual(Array.from(lines.text), [0, 7]);
  });

  test('CRLF and CR line breaks split lines as Doc.lineStarts does', () => {
    assert.deepEqual(Array.from(physicalLineStarts('a\r\nb\rc\nd')), [0, 3, 5, 7]);
    const lines = computeTtrLines('<p>a</p>\r\n<p>bb</p>\r<p>ccc</p>', PAPER);
    assert.deepEqual(Array.from(lines.ttr), [0.5, 1, 1.5]);
  });

  test('reflow breaks before block start tags and after block end tags, ignoring newlines', () => {
    const source = '<div><p>One\ntwo</p><ul><li><a href="/">Home</a></li></ul>Tail</div>';
    const lines = computeTtrLines(source, { ...PAPER, reflow: true });
    const segments = Array.from(lines.starts, (start, i) => source.slice(start, lines.ends[i]));
    assert.deepEqual(segments, [
      '<div>',
      '<p>One\ntwo</p>',
      '<ul>',
      '<li><a href="/">Home</a></li>',
      '</ul>',
      'Tail</div>',
    ]);
    assert.deepEqual(Array.from(lines.ttr), [0, 3.5, 0, 1, 0, 4]);
    // Each segment knows the physical line it starts on.
    assert.deepEqual(Array.from(lines.sourceLines), [0, 0, 1, 1, 1, 1]);
  });

  test('an empty source has no lines', () => {
    assert.equal(computeTtrLines('', PAPER).ttr.length, 0);
    assert.equal(computeTtrLines('  \n\n<!-- x -->', PAPER).ttr.length, 0);
  });
});
