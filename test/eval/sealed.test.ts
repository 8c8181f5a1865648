import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  inSplit,
  isSealedUrl,
  listDataset,
  resolveDatasetSpec,
  siteOf,
} from '../../packages/workbench/src/eval/datasets/index.js';
import { HAS_SAMPLE, samplePath } from '../helpers.js';

test('siteOf: the registrable domain, roughly', () => {
  assert.equal(siteOf('https://www.bbc.co.uk/news/world-1'), 'bbc.co.uk');
  assert.equal(siteOf('http://blogs.wsj.com/brussels/x'), 'wsj.com');
  assert.equal(siteOf('https://m.example.org/a?b'), 'example.org');
  assert.equal(siteOf('https://news.example.com.au/x'), 'example.com.au');
  assert.equal(siteOf('not a url'), 'not a url');
  // fast-check's counterexample (CI, session 24): a domain that is itself a suffix pair, with "www." before it.
  assert.equal(siteOf('https://www.co.aa/'), siteOf('https://co.aa/'));
  assert.equal(siteOf('https://www.www.co.aa/'), 'co.aa');
  assert.equal(siteOf('https://www.aa/'), 'www.aa');
});

test('the split is by site: every page of a site falls on the same side', () => {
  fc.assert(
    fc.property(fc.domain(), fc.webPath(), fc.webPath(), (domain, a, b) => {
      assert.equal(isSealedUrl(`https://${domain}${a}`), isSealedUrl(`https://www.${domain}${b}`));
    }),
  );
});

test('dev and sealed partition a sealed dataset; other datasets have no sealed pages', () => {
  for (const url of [
    'https://a.example/1',
    'https://b.example/2',
    'https://c.example/3',
    'https://d.example/4',
  ]) {
    assert.notEqual(inSplit('trafilatura-eval', url, 'dev'), inSplit('trafilatura-eval', url, 'sealed'));
    assert.ok(inSplit('trafilatura-eval', url, 'all'));
    assert.ok(inSplit('cleaneval', url, 'dev'));
    assert.ok(!inSplit('cleaneval', url, 'sealed'));
  }
});

test('newspaper-fulltext: read, detected, and split', { skip: !HAS_SAMPLE }, async () => {
  const spec = await resolveDatasetSpec(samplePath('newspaper-fulltext'));
  assert.equal(spec.format, 'newspaper-fulltext');
  const all = await listDataset(spec, { split: 'all' });
  const dev = await listDataset(spec, { split: 'dev' });
  const sealed = await listDataset(spec, { split: 'sealed' });
  assert.ok(all.length > 0);
  assert.equal(dev.length + sealed.length, all.length);
  const page = await all[0].load();
  assert.ok((page.gold.text ?? '').length > 100);
  assert.match(page.url ?? '', /^https?:\/\//);
});
