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

/** A pattern's top-level alternatives (its source split at the `|` outside groups and classes). */
function alternatives(source: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let at = 0; at < source.length; at++) {
    const char = source[at];
    if (char === '\\') at++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '|' && depth === 0) {
      out.push(source.slice(start, at));
      start = at + 1;
    }
  }
  out.push(source.slice(start));
  return out;
}

describe('the call pattern with its word boundary tested once', () => {
  // s52-extractor: `\b(?:A|B|…)` in place of `\bA|\bB|…` (14× faster on the kept blocks the rule
  // reads). The same language: each phrase with its own boundary matches the same texts.
  const inner = /^\\b\(\?:(.*)\)$/s.exec(CALL_TO_ACTION.source)?.[1] ?? '';
  const phrases = alternatives(inner);
  const oneByOne = new RegExp(phrases.map((phrase) => `\\b${phrase}`).join('|'), CALL_TO_ACTION.flags);

  test('the pattern is one word boundary before its 21 phrases', () => {
    assert.equal(phrases.length, 21);
    assert.ok(phrases.every((phrase) => !phrase.startsWith('\\b')));
  });

  test('property: it matches exactly the texts its phrases match one by one', () => {
    const piece = fc.constantFrom(
      'subscribe now',
      'resubscribe today',
      'ſubscribe here',
      'please subscribe',
      'already subscribed',
      'to read the full article',
      'sign up now',
      'signing up for our weekly newsletter',
      'support quality journalism',
      'download the free app',
      'become a member',
      'jetzt abonnieren',
      'abonnieren sie unseren',
      'melde dich zum newsletter',
      'für unseren newsletter',
      'unterstützen sie unsere arbeit',
      'suscríbete',
      'hazte socio',
      'cancela cuando quieras',
      'nuestro canal de youtube',
      'abonnez-vous',
      'inscrivez-vous à la newsletter',
      'do subskrypcji',
      'x',
      '_',
      'é',
      '-',
      ' ',
      '.',
      'SUBSCRIBE NOW',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), (parts) => {
        const text = parts.join('');
        assert.equal(CALL_TO_ACTION.test(text), oneByOne.test(text), text);
      }),
      { numRuns: 2000 },
    );
  });
});
