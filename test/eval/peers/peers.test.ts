import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { decodeHtml } from '../../../packages/pith/src/input/index.js';
import { normaliseSnippetText } from '../../../packages/workbench/src/eval/metrics/snippets.js';
import {
  createArticleExtractor,
  createDefuddle,
  createPostlight,
  createReadabilityJsdom,
  createReadabilityLinkedom,
  importModule,
  type ModuleLoader,
  PEERS,
  PeerDependencyError,
  PLACEHOLDER_URL,
  pageUrl,
  type TextExtractor,
} from '../../../packages/workbench/src/eval/peers/index.js';
import { loadPeerModule } from '../../../packages/workbench/src/eval/peers/types.js';
import { HAS_SAMPLE, REPO_ROOT, samplePath } from '../../helpers.js';

/** The JS peers (dev dependencies); the outside ones are tested in peers-external.test.ts. */
const PEER_NAMES = [
  'readability-jsdom',
  'readability-linkedom',
  'defuddle',
  'postlight',
  'article-extractor',
];
const EXTERNAL_PEER_NAMES = [
  'trafilatura',
  'justext',
  'readability-lxml',
  'boilerpipe-default',
  'boilerpipe-article',
];

/** A sample page with a sentence of its article and a string of its navigation or footer. */
interface SamplePage {
  label: string;
  path: string[];
  url: string;
  article: string;
  boilerplate: string;
}

const SAMPLE_PAGES: SamplePage[] = [
  {
    label: 'readability-testpages/001',
    path: ['readability-testpages', '001', 'source.html'],
    url: 'http://fakehost/test/page.html',
    article: 'The idea behind code coverage is to record which parts of your code',
    boilerplate: 'Photography', // the sidebar's navigation
  },
  {
    label: 'trafilatura-eval maescot',
    path: ['trafilatura-eval', 'html', 'maescot.de.schafskunde.html'],
    url: 'http://www.maescot.de/kleine-schafskunde/',
    article: 'Bei diesem arroganten Schafweibchen', // snippets from evaldata.json
    boilerplate: 'Der Webcomic mit den niedlichen Schafen',
  },
  {
    label: 'trafilatura-eval next2games',
    path: ['trafilatura-eval', 'html', 'next2games.de.anno.html'],
    url: 'https://next2games.de/previews,id1085,0,anno_1800_beta.html',
    article: 'Neben dem Startgebiet in einer klimatisch eher gemäßigten',
    boilerplate: 'n2g media network',
  },
];

/** The page decoded the way the workbench hands it to peers: by pith's decoder. */
function readPage(...parts: string[]): string {
  return decodeHtml(new Uint8Array(readFileSync(samplePath(...parts)))).text;
}

function installedVersion(pkg: string): string {
  return (
    JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
}

/**
 * Blocks the network for the whole file: `fetch` rejects, and so does every socket connection
 * (http, https, postman-request and undici all end in `net.Socket#connect`). Counts attempts.
 */
const network = { fetches: 0, connects: 0 };
const realFetch = globalThis.fetch;
const realConnect = net.Socket.prototype.connect;

before(() => {
  globalThis.fetch = () => {
    network.fetches++;
    return Promise.reject(new Error('network is blocked in tests'));
  };
  net.Socket.prototype.connect = function blockedConnect(): never {
    network.connects++;
    throw new Error('network is blocked in tests');
  } as typeof realConnect;
});

after(() => {
  globalThis.fetch = realFetch;
  net.Socket.prototype.connect = realConnect;
});

describe('peers on the sample pages', { skip: !HAS_SAMPLE && 'no ../shared/datasets/sample' }, () => {
  const peers = new Map<string, TextExtractor<string>>();
  before(async () => {
    for (const name of PEER_NAMES) {
      const create = PEERS[name];
      assert.ok(create, `PEERS has ${name}`);
      // The JS peers return plain strings (checked below).
      peers.set(name, (await create()) as TextExtractor<string>);
    }
  });
  after(async () => {
    for (const peer of peers.values()) await peer.close?.();
  });

  it('PEERS lists exactly the five JS peers and the five outside ones, each named after its key', () => {
    assert.deepEqual(Object.keys(PEERS).sort(), [...PEER_NAMES, ...EXTERNAL_PEER_NAMES].sort());
    for (const [name, peer] of peers) assert.equal(peer.name, name);
  });

  for (const name of PEER_NAMES) {
    it(`${name}: keeps a sentence of the article and drops the navigation, deterministically`, async () => {
      const peer = peers.get(name)!;
      for (const page of SAMPLE_PAGES) {
        const html = readPage(...page.path);
        const first = await peer.extract(html, page.url);
        const text = normaliseSnippetText(first);
        assert.ok(text.includes(page.article), `${name} on ${page.label}: article sentence missing`);
        assert.ok(!text.includes(page.boilerplate), `${name} on ${page.label}: kept '${page.boilerplate}'`);
        assert.equal(
          await peer.extract(html, page.url),
          first,
          `${name} on ${page.label}: not deterministic`,
        );
      }
    });
  }

  it('versions are the installed packages’ versions, with the DOM’s for the Readability and Defuddle peers', () => {
    const readability = installedVersion('@mozilla/readability');
    const jsdom = installedVersion('jsdom');
    const linkedom = installedVersion('linkedom');
    assert.equal(linkedom, '0.18.14'); // pinned: 0.18.15 needs a package the registry here lacks
    assert.equal(peers.get('readability-jsdom')!.version, `${readability}+jsdom.${jsdom}`);
    assert.equal(peers.get('readability-linkedom')!.version, `${readability}+linkedom.${linkedom}`);
    assert.equal(
      peers.get('defuddle')!.version,
      `${installedVersion('defuddle')}+linkedom.${linkedom}+parse5.${installedVersion('parse5')}`,
    );
    assert.equal(peers.get('postlight')!.version, installedVersion('@postlight/parser'));
    assert.equal(peers.get('article-extractor')!.version, installedVersion('@extractus/article-extractor'));
  });

  it('postlight answers an empty page itself (Postlight would fetch the URL instead)', async () => {
    const before = { ...network };
    assert.equal(await peers.get('postlight')!.extract('', 'https://example.org/article'), '');
    assert.equal(await peers.get('postlight')!.extract(' \n ', ''), '');
    assert.deepEqual(network, before);
  });

  it('article-extractor: content under 200 characters counts as empty', async () => {
    const html =
      '<html><head><title>T</title></head><body><article><p>Too short to count.</p></article></body></html>';
    assert.equal(await peers.get('article-extractor')!.extract(html, 'https://example.org/a'), '');
  });

  it('pages without a usable URL get the placeholder (article-extractor returns nothing without one)', async () => {
    const page = SAMPLE_PAGES[0]!;
    const html = readPage(...page.path);
    for (const name of PEER_NAMES) {
      const text = normaliseSnippetText(await peers.get(name)!.extract(html, ''));
      assert.ok(text.includes(page.article), `${name} without a URL`);
    }
  });

  it("text: 'pith' reads the peer's HTML with pith's parser, so adjacent blocks no longer run together", async () => {
    // die-partei: the date and the first paragraph are adjacent blocks with no whitespace between.
    const html = readPage('trafilatura-eval', 'html', 'die-partei.net.luebeck.html');
    const url = 'https://die-partei.net/luebeck/2012/05/31/das-ministerium-fur-club-kultur-informiert/';
    const native = await peers.get('postlight')!.extract(html, url);
    const pith = await createPostlight({ text: 'pith' });
    assert.match(pith.version, /\+pith-text$/);
    const read = await pith.extract(html, url);
    assert.ok(native.includes('2012Die GEMA'), 'native Postlight text glues the blocks');
    assert.ok(read.includes('2012 Die GEMA'), 'pith text separates them');
    const readability = await createReadabilityLinkedom({ text: 'pith' });
    const page = SAMPLE_PAGES[0]!;
    const text = await readability.extract(readPage(...page.path), page.url);
    assert.ok(text.includes(page.article));
  });

  it('defuddle reads the page through parse5, so a stray <body> in a <noscript> does not hide the article', async () => {
    // L3S-GN1 pages do this (a document.write fallback). linkedom alone nests the real content
    // where neither Defuddle nor Readability finds it (docs/decisions.md, "Peers").
    const sentence = (i: number) =>
      `<p>Paragraph ${i} tells how the sheep crossed the river at dawn, and how the shepherd followed it, counting every stone.</p>`;
    const html = `<!DOCTYPE html><html><head><title>Sheep</title></head><noscript><body id="home"></noscript>
      <div id="nav"><a href="/">Home</a> <a href="/news">News</a></div>
      <div class="story"><h1>The sheep and the river</h1>${[1, 2, 3, 4, 5, 6].map(sentence).join('')}</div>
      </body></html>`;
    const text = await peers.get('defuddle')!.extract(html, '');
    assert.ok(text.includes('Paragraph 6 tells how the sheep crossed the river'));
  });

  it("defuddle also runs on jsdom (dom: 'jsdom'), with jsdom's version in its own", async () => {
    const defuddle = await createDefuddle({ dom: 'jsdom' });
    assert.equal(defuddle.version, `${installedVersion('defuddle')}+jsdom.${installedVersion('jsdom')}`);
    const page = SAMPLE_PAGES[1]!;
    const text = normaliseSnippetText(await defuddle.extract(readPage(...page.path), page.url));
    assert.ok(text.includes(page.article));
    assert.ok(!text.includes(page.boilerplate));
  });

  // Last in this suite: covers every extraction above.
  it('no peer touched the network on any of these pages', () => {
    assert.deepEqual(network, { fetches: 0, connects: 0 });
  });
});

describe('missing packages', () => {
  const notFound = (specifier: string) =>
    Object.assign(new Error(`Cannot find package '${specifier}'`), { code: 'ERR_MODULE_NOT_FOUND' });

  /** A loader under which `missing` is not installed and everything else loads normally. */
  const without =
    (missing: string): ModuleLoader =>
    (specifier) =>
      specifier === missing ? Promise.reject(notFound(specifier)) : importModule(specifier);

  const cases: [
    peer: string,
    create: (load: ModuleLoader) => Promise<TextExtractor>,
    specifier: string,
    pkg: string,
  ][] = [
    [
      'readability-jsdom',
      (load) => createReadabilityJsdom({ load }),
      '@mozilla/readability',
      '@mozilla/readability',
    ],
    ['readability-jsdom', (load) => createReadabilityJsdom({ load }), 'jsdom', 'jsdom'],
    ['readability-linkedom', (load) => createReadabilityLinkedom({ load }), 'linkedom', 'linkedom'],
    ['defuddle', (load) => createDefuddle({ load }), 'defuddle/node', 'defuddle'],
    ['defuddle', (load) => createDefuddle({ load }), 'linkedom', 'linkedom'],
    ['defuddle', (load) => createDefuddle({ load, dom: 'jsdom' }), 'jsdom', 'jsdom'],
    ['postlight', (load) => createPostlight({ load }), '@postlight/parser', '@postlight/parser'],
    [
      'article-extractor',
      (load) => createArticleExtractor({ load }),
      '@extractus/article-extractor',
      '@extractus/article-extractor',
    ],
  ];

  for (const [peer, create, specifier, pkg] of cases) {
    it(`${peer} without ${specifier}: says which dev dependency to install`, async () => {
      await assert.rejects(create(without(specifier)), (error: unknown) => {
        assert.ok(error instanceof PeerDependencyError);
        assert.equal(error.message, `peer ${peer} needs dev dependency ${pkg}: run npm install`);
        assert.equal(error.peer, peer);
        assert.equal(error.dependency, pkg);
        return true;
      });
    });
  }

  it('detects a really missing package through the default import()', async () => {
    await assert.rejects(
      loadPeerModule('some-peer', 'pith-test-no-such-package', 'pith-test-no-such-package'),
      /peer some-peer needs dev dependency pith-test-no-such-package: run npm install/,
    );
  });

  it('rethrows any other loading failure unchanged', async () => {
    const boom = new SyntaxError('broken module');
    await assert.rejects(
      createPostlight({ load: () => Promise.reject(boom) }),
      (error: unknown) => error === boom,
    );
  });
});

describe('readability-jsdom releases each window', () => {
  it('closes the window and lets the event loop turn before resolving, even when Readability throws', async () => {
    const events: string[] = [];
    class FakeJsdom {
      window = { document: {}, close: () => events.push('close') };
    }
    const fakeModules: Record<string, unknown> = {
      jsdom: { JSDOM: FakeJsdom, VirtualConsole: class {} },
      '@mozilla/readability': {
        Readability: class {
          parse(): never {
            events.push('parse');
            throw new Error('readability failed');
          }
        },
      },
    };
    const peer = await createReadabilityJsdom({ load: async (specifier) => fakeModules[specifier] });
    // Scheduled before the call: it has run by the time extract settles only if extract yielded.
    setImmediate(() => events.push('immediate'));
    const pending = peer.extract('<p>x</p>', '');
    await assert.rejects(Promise.resolve(pending), /readability failed/);
    assert.deepEqual(events, ['parse', 'close', 'immediate']);
  });
});

describe('pageUrl', () => {
  it('keeps http(s) URLs and replaces anything else with the placeholder', () => {
    assert.equal(pageUrl('https://example.org/a?b=1'), 'https://example.org/a?b=1');
    assert.equal(pageUrl('http://fakehost/test/page.html'), 'http://fakehost/test/page.html');
    assert.equal(pageUrl(''), PLACEHOLDER_URL);
    assert.equal(pageUrl('not a url'), PLACEHOLDER_URL);
    assert.equal(pageUrl('urn:uuid:907e52d9-4df4-46d0-86ff-911dacc1e94b'), PLACEHOLDER_URL);
    assert.equal(pageUrl('ftp://example.org/file'), PLACEHOLDER_URL);
  });
});
