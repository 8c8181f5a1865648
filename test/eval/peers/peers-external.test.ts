/**
 * The outside peers (Python: trafilatura, jusText, readability-lxml; Java: boilerpipe) and the
 * process harness they run in. The protocol, timeouts, crashes and clean-up are tested on a stub
 * program (Node, always there); each real peer gets one smoke test on one sample page. Locally a
 * missing runtime skips those; in CI (`CI=true`, .ci/run installs them) it is a failure.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { decodeHtml } from '../../../packages/pith/src/input/index.js';
import { normaliseSnippetText } from '../../../packages/workbench/src/eval/metrics/snippets.js';
import {
  createBoilerpipe,
  createPythonPeer,
  ExternalPeer,
  PEERS,
  type PeerOutput,
  PeerRuntimeError,
  type TextExtractor,
  trafilaturaMetadata,
} from '../../../packages/workbench/src/eval/peers/index.js';
import { vendoredPythonPath } from '../../../packages/workbench/src/eval/peers/python.js';
import { HAS_SAMPLE, REPO_ROOT, samplePath } from '../../helpers.js';

const IN_CI = process.env.CI === 'true';

/**
 * A peer program in Node speaking the protocol: echoes; on 'HANG' never answers (but still sees
 * its stdin close), on 'SPIN' is stuck for good, on 'CRASH' exits.
 */
const STUB = `
const out = (value) => {
  const payload = Buffer.from(JSON.stringify(value));
  const head = Buffer.alloc(4);
  head.writeUInt32BE(payload.length);
  process.stdout.write(Buffer.concat([head, payload]));
};
if (process.argv[2] === 'refuse') { out({ error: 'stub: no such package' }); process.exit(0); }
out({ ready: true, version: '9.9', versions: { stub: '1', pid: String(process.pid) } });
let buffer = Buffer.alloc(0);
const frames = [];
process.stdin.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  while (buffer.length >= 4 && buffer.length >= 4 + buffer.readUInt32BE(0)) {
    frames.push(buffer.subarray(4, 4 + buffer.readUInt32BE(0)).toString());
    buffer = buffer.subarray(4 + buffer.readUInt32BE(0));
    if (frames.length === 2) {
      const [header, body] = frames.splice(0);
      if (body === 'HANG') continue;
      if (body === 'SPIN') for (;;) {}
      if (body === 'CRASH') process.exit(3);
      if (body === 'FAIL') { out({ error: 'ValueError: bad page', ms: 1, cpu_ms: 1 }); continue; }
      out({ text: body.toUpperCase() + ' ' + JSON.parse(header).url, metadata: { title: 'T', author: 'A; B' }, ms: 2, cpu_ms: 1.5 });
    }
  }
});
process.stdin.on('end', () => process.exit(0));
`;

let stubDir = '';
let stubFile = '';
before(() => {
  stubDir = mkdtempSync(path.join(tmpdir(), 'pith-external-'));
  stubFile = path.join(stubDir, 'stub-peer.cjs');
  writeFileSync(stubFile, STUB);
});
after(() => rmSync(stubDir, { recursive: true, force: true }));

const stub = (args: string[] = [], requestTimeoutMs = 10_000) =>
  new ExternalPeer({
    peer: 'stub',
    command: process.execPath,
    args: [stubFile, ...args],
    requestTimeoutMs,
  });

/** The process state letter of `pid` (Z = exited, not yet reaped), or undefined when it is gone. */
function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
}

async function exits(pid: number, withinMs = 10_000): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    const state = processState(pid);
    if (state === undefined || state === 'Z') return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('the outside-peer harness (a stub program)', () => {
  it('starts once, answers page after page in order, and reports its own timing', async () => {
    const peer = stub();
    const hello = await peer.start();
    assert.equal(hello.version, '9.9');
    const pages = await Promise.all(['a', 'b', 'c'].map((body) => peer.extract(body, 'u')));
    assert.deepEqual(
      pages.map((p) => p.text),
      ['A u', 'B u', 'C u'],
    );
    assert.equal(pages[0]?.ms, 2);
    assert.equal(pages[0]?.cpuMs, 1.5);
    assert.deepEqual(pages[0]?.metadata, { title: 'T', author: 'A; B' });
    // Non-ASCII and large pages cross the pipe intact.
    const big = `é✓ ${'x'.repeat(3_000_000)}`;
    assert.equal((await peer.extract(big, '')).text, `${big.toUpperCase()} `);
    await peer.close();
  });

  it("a page's error fails that page only; a crash or a hang fails the page and the next one restarts the program", async () => {
    const peer = stub([], 3000);
    await peer.start();
    await assert.rejects(peer.extract('FAIL', ''), /ValueError: bad page/);
    assert.equal((await peer.extract('ok', '')).text, 'OK ');
    await assert.rejects(peer.extract('CRASH', ''), /exited \(code 3\)/);
    assert.equal((await peer.extract('after crash', '')).text, 'AFTER CRASH ');
    await assert.rejects(peer.extract('SPIN', ''), /no answer after 3000 ms/);
    assert.equal((await peer.extract('after spin', '')).text, 'AFTER SPIN ');
    await peer.close();
  });

  it('a program that cannot start, or says it cannot, is a PeerRuntimeError', async () => {
    const missing = new ExternalPeer({
      peer: 'nothing',
      command: path.join(stubDir, 'no-such-program'),
      args: [],
    });
    await assert.rejects(missing.start(), (error: unknown) => {
      assert.ok(error instanceof PeerRuntimeError);
      assert.match(error.message, /peer nothing: .*no-such-program not found/);
      return true;
    });
    await assert.rejects(stub(['refuse']).start(), /peer stub: stub: no such package/);
  });

  it('the program ends when the bench worker that started it is terminated mid-page', async () => {
    const externalModule = new URL('../../../packages/workbench/src/eval/peers/external.ts', import.meta.url)
      .href;
    const tsx = import.meta.resolve('tsx/esm/api');
    const code = `
      const { parentPort } = require('node:worker_threads');
      import(${JSON.stringify(tsx)}).then(async (tsx) => {
        tsx.register();
        const { ExternalPeer } = await import(${JSON.stringify(externalModule)});
        const peer = new ExternalPeer({ peer: 'stub', command: process.execPath, args: [${JSON.stringify(stubFile)}] });
        const hello = await peer.start();
        parentPort.postMessage(Number(hello.versions.pid));
        await peer.extract('HANG', '');
      });`;
    const worker = new Worker(code, { eval: true });
    const pid = await new Promise<number>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(processState(pid) !== undefined && processState(pid) !== 'Z', true, 'the stub runs');
    await worker.terminate();
    assert.ok(await exits(pid), 'the stub ended with its worker');
  });

  it("trafilatura's metadata in pith's shape", () => {
    assert.deepEqual(
      trafilaturaMetadata({
        title: ' A title ',
        author: 'Ann Smith; Bo Li',
        date: '2020-01-31',
        sitename: 'Site',
        description: null,
      }),
      { title: 'A title', authors: ['Ann Smith', 'Bo Li'], published: '2020-01-31', siteName: 'Site' },
    );
    assert.deepEqual(trafilaturaMetadata({ title: null, author: '', date: null }), { authors: [] });
  });
});

/** readability-testpages/001: a sentence of its article (every outside peer keeps it). */
const PAGE = ['readability-testpages', '001', 'source.html'];
const PAGE_URL = 'http://fakehost/test/page.html';
const ARTICLE = 'The idea behind code coverage is to record which parts of your code';

const EXTERNAL = ['trafilatura', 'justext', 'readability-lxml', 'boilerpipe-default', 'boilerpipe-article'];

describe('the outside peers on a sample page', {
  skip: !HAS_SAMPLE && 'no ../shared/datasets/sample',
}, () => {
  const html = HAS_SAMPLE ? decodeHtml(new Uint8Array(readFileSync(samplePath(...PAGE)))).text : '';
  const peers = new Map<string, TextExtractor>();
  const missing = new Map<string, string>();
  before(async () => {
    for (const name of EXTERNAL) {
      try {
        peers.set(name, await (PEERS[name] as () => Promise<TextExtractor>)());
      } catch (error) {
        if (!(error instanceof PeerRuntimeError)) throw error;
        missing.set(name, error.message);
      }
    }
  });
  after(async () => {
    for (const peer of peers.values()) await peer.close?.();
  });

  for (const name of EXTERNAL) {
    it(`${name}: keeps the article, with its version and its own timing`, async (t) => {
      if (missing.has(name)) {
        // CI installs every runtime (.ci/run): there, a missing one is a failure.
        assert.ok(!IN_CI, `${name} must run in CI: ${missing.get(name)}`);
        t.skip(missing.get(name));
        return;
      }
      const peer = peers.get(name) as TextExtractor<PeerOutput>;
      assert.equal(peer.name, name);
      assert.match(
        peer.version,
        name.startsWith('boilerpipe') ? /^1\.2\.0\+nekohtml/ : /^\d+\.\d+.*\+python3/,
      );
      const first = await peer.extract(html, PAGE_URL);
      assert.ok(normaliseSnippetText(first.text).includes(ARTICLE), `${name}: article sentence missing`);
      assert.ok(first.ms !== undefined && first.ms >= 0 && first.cpuMs !== undefined && first.cpuMs >= 0);
      assert.equal((await peer.extract(html, PAGE_URL)).text, first.text, `${name} is deterministic`);
    });
  }

  it("trafilatura: the text is trafilatura.extract()'s, and its metadata come with it", async (t) => {
    const peer = peers.get('trafilatura') as TextExtractor<PeerOutput> | undefined;
    if (!peer) {
      assert.ok(!IN_CI, 'trafilatura must run in CI');
      t.skip('trafilatura is not installed');
      return;
    }
    const out = await peer.extract(html, PAGE_URL);
    // trafilatura's own call on the same string, as ../shared/peers/run-trafilatura.py makes it.
    const script = `import sys, json; sys.path.insert(0, ${JSON.stringify(vendoredPythonPath())})
import trafilatura
html = sys.stdin.buffer.read().decode('utf-8')
sys.stdout.write(json.dumps(trafilatura.extract(html, url=${JSON.stringify(PAGE_URL)}, output_format='txt', include_comments=False, include_tables=True)))`;
    const reference = spawnSync('/usr/bin/python3', ['-c', script], { input: html, encoding: 'utf8' });
    assert.equal(reference.status, 0, reference.stderr);
    assert.equal(out.text, JSON.parse(reference.stdout) as string);
    assert.ok(out.metadata, 'metadata');
    assert.ok(out.metadata.title && out.metadata.title.length > 0, 'a title');
    assert.ok(Array.isArray(out.metadata.authors));
  });

  it('a missing interpreter or jar skips the peer with a PeerRuntimeError', async () => {
    await assert.rejects(
      createPythonPeer('justext', { python: path.join(REPO_ROOT, 'no-such-python') }),
      (error: unknown) => error instanceof PeerRuntimeError && /no-such-python not found/.test(error.message),
    );
    const saved = process.env.PITH_BOILERPIPE_CLASSPATH;
    process.env.PITH_BOILERPIPE_CLASSPATH = path.join(REPO_ROOT, 'no-such.jar');
    try {
      await assert.rejects(
        createBoilerpipe('article'),
        (error: unknown) => error instanceof PeerRuntimeError && /no-such\.jar missing/.test(error.message),
      );
    } finally {
      if (saved === undefined) delete process.env.PITH_BOILERPIPE_CLASSPATH;
      else process.env.PITH_BOILERPIPE_CLASSPATH = saved;
    }
  });
});
