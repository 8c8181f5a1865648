import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseHtml } from '../../packages/pith/src/dom/index.js';
import {
  anyTextMatches,
  CALL_TO_ACTION,
  CALL_WORD,
  COMMENT_WORD,
} from '../../packages/pith/src/extractors/pith/post-rules.js';
import { blockText, segmentBlocks } from '../../packages/pith/src/features/blocks/index.js';
import { inlineParagraphPages } from '../helpers.js';

/** Every block of the page: whether the pattern matches one of its nodes, and whether it matches its built text. */
function bothWays(html: string, pattern: RegExp): { nodes: boolean; text: boolean; blockText: string }[] {
  const blocks = segmentBlocks(parseHtml(html));
  const out: { nodes: boolean; text: boolean; blockText: string }[] = [];
  for (let block = 0; block < blocks.count; block++) {
    const text = blockText(blocks, block);
    out.push({ nodes: anyTextMatches(blocks, block, pattern), text: pattern.test(text), blockText: text });
  }
  return out;
}

describe("the comment policy's word, tested per text node (issue 38, s38-feat3)", () => {
  // Cut from L3S-GN1 acc703fe (morrisdailyherald.com): the rules' bold label and their first
  // sentence are two text nodes of one block; the story's "declined comment." ends in a node too.
  const rules = `<p><b>COMMENT RULES</b><br>
    Comment posters are responsible for the opinions they express.</p>
    <p>A desk clerk who answered the phone at the hotel late Thursday <i>declined</i> comment.</p>
    <p>Bowman was pronounced dead Thursday at 12:06 p.m., said Coroner's Lt. Joe Bale.</p>`;

  test('a block matches when one of its nodes does, and only then', () => {
    const found = bothWays(`<body>${rules}</body>`, COMMENT_WORD);
    assert.deepEqual(
      found.map((row) => row.nodes),
      [true, true, false],
    );
    for (const row of found) assert.equal(row.nodes, row.text, row.blockText);
  });

  test('a word split by an inline tag is two words in the block text and in its nodes', () => {
    // blockText joins the nodes with a space: "<b>comment</b>s" reads "comment s" (a match),
    // "<b>com</b>ment" reads "com ment" (none), both ways.
    const found = bothWays(
      '<body><p><b>comment</b>s here</p><p><b>com</b>ment here</p></body>',
      COMMENT_WORD,
    );
    assert.deepEqual(
      found.map((row) => [row.nodes, row.text]),
      [
        [true, true],
        [false, false],
      ],
    );
  });

  test('property: per node equals the built text, on blocks of pieces of the words and inline tags', () => {
    const piece = fc.constantFrom(
      'comment',
      'Comment',
      'COMMENTERS',
      'post',
      'Posting',
      'posters',
      's',
      'ing',
      'er',
      'ed',
      'x',
      '_',
      '1',
      ' ',
      '\u00a0',
      '\n\t',
      '.',
      '-',
      "'",
      'é',
      'ſ',
      '\u212a',
      'İ',
      'コメント',
    );
    const pages = inlineParagraphPages(piece, { pieces: 6, runs: 5, inlines: ['b', 'i', 'a', 'span', 'em'] });
    fc.assert(
      fc.property(pages, (html) => {
        for (const row of bothWays(html, COMMENT_WORD)) assert.equal(row.nodes, row.text, row.blockText);
      }),
      { numRuns: 500 },
    );
  });
});

describe("the call to action's word piece, tested per text node before the block's text is built (issue 38, s44-alloc)", () => {
  // Modelled on trafilatura-eval's paywall lines under a story ("Subscribe now to our eNATION
  // edition for the full story.", "To view the full story, please subscribe"), split by inline tags.
  const calls = [
    'Subscribe <b>now</b> to our eNATION edition for the full story.',
    'To view the full story, <a href="/s">please subscribe</a>',
    'Sign up for <i>our weekly</i> newsletter',
    'Jetzt <b>abonnieren</b>',
    'Abonnez-vous',
    'Hazte <em>socio</em>',
  ];

  test("a block the pattern matches holds the piece in one of its nodes, for the rule's own lines", () => {
    const found = bothWays(`<body>${calls.map((text) => `<p>${text}</p>`).join('')}</body>`, CALL_TO_ACTION);
    assert.equal(found.length, calls.length);
    for (const row of found) {
      assert.equal(row.text, true, row.blockText);
      assert.equal(bothWays(`<body><p>${row.blockText}</p></body>`, CALL_WORD)[0].nodes, true, row.blockText);
    }
    const blocks = segmentBlocks(parseHtml(`<body>${calls.map((text) => `<p>${text}</p>`).join('')}</body>`));
    for (let block = 0; block < blocks.count; block++)
      assert.equal(anyTextMatches(blocks, block, CALL_WORD), true);
  });

  test('property: whenever the call pattern matches the built text, a node holds the piece', () => {
    const piece = fc.constantFrom(
      'subscribe now',
      'sub',
      'scribe',
      'ſubscribe today',
      'please ',
      'already a subscriber',
      'to continue reading the rest of the article',
      'to read the whole story',
      'signing up here',
      'register to the daily newsletters',
      'support independent journalism',
      'download our free app',
      'become a patron',
      'jetzt abonnieren',
      'melden sie sich für den newsletter',
      'unterstützen sie uns',
      'suscríbete',
      'hazte miembro',
      'cancela cuando quieras',
      'tenemos canal de telegram',
      'abonnez-vous',
      'inscrivez-vous à notre newsletter',
      'do subskrypcji',
      'news',
      'letter',
      ' ',
      '\u00a0',
      '\n',
      '.',
      'x',
    );
    const pages = inlineParagraphPages(piece, { pieces: 5, runs: 4, inlines: ['b', 'i', 'a', 'span'] });
    let matched = 0;
    fc.assert(
      fc.property(pages, (html) => {
        const blocks = segmentBlocks(parseHtml(html));
        for (let block = 0; block < blocks.count; block++) {
          const text = blockText(blocks, block);
          if (!CALL_TO_ACTION.test(text)) continue;
          matched++;
          assert.equal(anyTextMatches(blocks, block, CALL_WORD), true, text);
        }
      }),
      { numRuns: 500 },
    );
    assert.ok(matched > 100, `only ${matched} blocks matched`);
  });
});
