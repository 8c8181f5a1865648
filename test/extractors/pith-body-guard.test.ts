/**
 * Never a footer for a body (issue 37, item 3): the body guard (body-guard.ts) answers with the
 * recall mode when the block model's answer is tiny beside it and it reads as a body.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { guardBody } from '../../packages/pith/src/extractors/pith/body-guard.js';
import {
  CHOICE_FEATURE_NAMES,
  CHOICE_WIDTH,
} from '../../packages/pith/src/extractors/pith/choice-features.js';
import type { PithDiagnostics } from '../../packages/pith/src/extractors/pith/index.js';
import { extract } from '../../packages/pith/src/index.js';
import { REPO_ROOT } from '../helpers.js';

const column = (name: string) => CHOICE_FEATURE_NAMES.indexOf(`c:${name}`);

/** Choice rows of two candidates, 'balanced' (the answer) and 'recall'. */
function rows(
  answer: { words: number },
  recall: { words: number; sentenceShare: number; footerShare: number },
) {
  const values = new Float32Array(2 * CHOICE_WIDTH);
  values[column('logWords')] = Math.log1p(answer.words);
  values[CHOICE_WIDTH + column('logWords')] = Math.log1p(recall.words);
  values[CHOICE_WIDTH + column('sentenceShare')] = recall.sentenceShare;
  values[CHOICE_WIDTH + column('footerShare')] = recall.footerShare;
  return values;
}

describe('body guard', () => {
  test('the recall mode answers when the answer is tiny beside it and it reads as a body', () => {
    const body = { words: 1000, sentenceShare: 0.8, footerShare: 0 };
    assert.equal(guardBody(rows({ words: 150 }, body), ['balanced', 'recall']).chosen, 1);
    assert.equal(guardBody(rows({ words: 250 }, body), ['balanced', 'recall']).chosen, 0);
    // A recall mode that is itself a footer, or not prose, is no body.
    assert.equal(
      guardBody(rows({ words: 150 }, { ...body, footerShare: 0.6 }), ['balanced', 'recall']).chosen,
      0,
    );
    assert.equal(
      guardBody(rows({ words: 150 }, { ...body, sentenceShare: 0.1 }), ['balanced', 'recall']).chosen,
      0,
    );
    // Without a recall candidate the answer stays.
    assert.equal(guardBody(rows({ words: 10 }, body), ['balanced', 'heuristic']).chosen, 0);
  });

  test('it only ever answers with more words, five times the answer at least', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (answer, recall, sentenceShare, footerShare) => {
          const { chosen } = guardBody(
            rows({ words: answer }, { words: recall, sentenceShare, footerShare }),
            ['balanced', 'recall'],
          );
          return chosen === 0 || recall > 5 * answer * 0.999;
        },
      ),
    );
  });

  // WCXB dev 0649 (newegg.com's graphics cards, a listing): the block model keeps 194 words (two
  // products and a buying guide's heading); the recall mode keeps the listing (gold 580 words).
  const page = join(REPO_ROOT, '.cache', 'datasets', 'wcxb-dev', 'dev', 'html', '0649.html.gz');
  test('a real page: the listing, not a fifth of it (WCXB dev 0649)', { skip: !existsSync(page) }, () => {
    const html = gunzipSync(readFileSync(page));
    const options = {
      url: 'https://www.newegg.com/GPUs-Video-Graphics-Cards/SubCategory/ID-48',
      format: 'text' as const,
      limits: { timeoutMs: 600_000 },
    };
    const guarded = extract(html, options);
    const bare = extract(html, { ...options, extractorOptions: { bodyGuard: false } });
    const products = (text: string) => text.match(/Graphics Card/g)?.length ?? 0;
    assert.ok(products(bare.content) < 5, `without the guard: ${products(bare.content)} products`);
    assert.ok(products(guarded.content) >= 20, `with the guard: ${products(guarded.content)} products`);
    assert.match(guarded.content, /SAPPHIRE NITRO\+ Radeon RX 9070 XT/);
    assert.deepEqual((guarded.extraction.diagnostics as PithDiagnostics).bodyGuard, { answer: 'recall' });
  });
});
