/**
 * Peers `boilerpipe-default` and `boilerpipe-article`: boilerpipe 1.2.0 (Kohlschütter et al.,
 * WSDM 2010; seed 002's best open-source extractor), Debian's `libboilerpipe-java`, its
 * `DefaultExtractor` and `ArticleExtractor` on the page decoded by pith (`getText(String)`, as
 * ../shared/peers/java's runner calls it). Each runs in a long-lived JVM per bench worker
 * (`programs/BoilerpipeServer.java`, compiled with `javac` into .cache/peers at first use and
 * reused while its source and the classpath stay the same).
 *
 * The jars: `PITH_BOILERPIPE_CLASSPATH`, or Debian's /usr/share/java/{boilerpipe,nekohtml,
 * xercesImpl}.jar. No JDK, or no jar, is a {@link PeerRuntimeError}: the bench skips the peer.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExternalPeer, PeerRuntimeError, programHash, programPath } from './external.js';
import type { PeerOutput, TextExtractor } from './types.js';

export type BoilerpipeVariant = 'default' | 'article';

export interface BoilerpipePeerOptions {
  /** One page's time limit, in ms, when no bench pool bounds it (default 120 s). */
  requestTimeoutMs?: number;
}

const DEBIAN_JARS = ['boilerpipe.jar', 'nekohtml.jar', 'xercesImpl.jar'].map((jar) =>
  path.join('/usr/share/java', jar),
);

function classpath(): string[] {
  const fromEnv = process.env.PITH_BOILERPIPE_CLASSPATH;
  return fromEnv ? fromEnv.split(path.delimiter).filter(Boolean) : DEBIAN_JARS;
}

/** The version in a jar's resolved file name (`boilerpipe-1.2.0.jar` → `1.2.0`), or '?'. */
export function jarVersion(jar: string): string {
  let name: string;
  try {
    name = path.basename(realpathSync(jar));
  } catch {
    return '?';
  }
  const match = /-(\d[\w.]*)\.jar$/.exec(name);
  return match ? match[1] : '?';
}

/** .cache/peers at the project's root (or `PITH_PEERS_CACHE`). */
function buildRoot(): string {
  return (
    process.env.PITH_PEERS_CACHE ?? fileURLToPath(new URL('../../../../../.cache/peers/', import.meta.url))
  );
}

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/**
 * The folder holding BoilerpipeServer.class for this source and classpath, compiled now if it is
 * not there yet (into a temporary folder renamed into place: workers starting together never see
 * half a build).
 */
async function compiledServer(jars: readonly string[]): Promise<string> {
  const source = programPath('BoilerpipeServer.java');
  const hash = createHash('sha256')
    .update(readFileSync(source))
    .update(jars.join(path.delimiter))
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(buildRoot(), `boilerpipe-${hash}`);
  if (existsSync(path.join(dir, 'BoilerpipeServer.class'))) return dir;
  const temporary = `${dir}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  mkdirSync(temporary, { recursive: true });
  try {
    let result: { code: number | null; output: string };
    try {
      result = await run('javac', ['-nowarn', '-cp', jars.join(path.delimiter), '-d', temporary, source]);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new PeerRuntimeError(
        'boilerpipe',
        code === 'ENOENT' ? 'javac not found (install default-jdk-headless)' : String(error),
        error,
      );
    }
    if (result.code !== 0) {
      throw new PeerRuntimeError('boilerpipe', `javac failed: ${result.output.trim().slice(0, 500)}`);
    }
    try {
      renameSync(temporary, dir);
    } catch {
      // another worker put it there first
    }
    return dir;
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

export async function createBoilerpipe(
  variant: BoilerpipeVariant,
  options: BoilerpipePeerOptions = {},
): Promise<TextExtractor<PeerOutput>> {
  const name = `boilerpipe-${variant}`;
  const jars = classpath();
  const missing = jars.filter((jar) => !existsSync(jar));
  if (missing.length > 0) {
    throw new PeerRuntimeError(name, `${missing.join(', ')} missing (install libboilerpipe-java)`);
  }
  const build = await compiledServer(jars);
  const peer = new ExternalPeer({
    peer: name,
    command: 'java',
    // One core's worth of JVM: the serial collector, a bounded heap, no class-data warnings.
    args: [
      '-XX:+UseSerialGC',
      '-Xmx1g',
      '-Xss8m',
      '-Xshare:auto',
      '-Djava.awt.headless=true',
      '-cp',
      [build, ...jars].join(path.delimiter),
      'BoilerpipeServer',
      variant,
    ],
    requestTimeoutMs: options.requestTimeoutMs ?? 120_000,
  });
  const hello = await peer.start();
  const version = `${jarVersion(jars[0])}+nekohtml${jarVersion(jars[1] ?? '')}+java${hello.versions.java ?? '?'}+runner.${programHash('BoilerpipeServer.java')}`;
  return {
    name,
    version,
    async extract(html: string, url: string): Promise<PeerOutput> {
      const reply = await peer.extract(html, url);
      return { text: reply.text ?? '', ms: reply.ms, cpuMs: reply.cpuMs };
    },
    close: () => peer.close(),
  };
}
