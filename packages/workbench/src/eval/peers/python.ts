/**
 * The Python peers: trafilatura 2.2 and jusText 3.0 (vendored in ../shared/peers/python, their
 * dependencies from Debian) and readability-lxml (Debian's `python3-readability`). Each runs in a
 * long-lived `programs/peer_server.py` per bench worker ({@link ExternalPeer}).
 *
 * - `trafilatura`: what `trafilatura.extract(html, output_format='txt', include_comments=False,
 *   include_tables=True)` returns, and in the same pass its metadata (`bare_extraction` with
 *   `with_metadata=True`, the text rendered without the metadata header: the same text as
 *   `extract()`, checked by the tests). pith reads its metadata on every page too, so the two
 *   times compare like with like; `metadata: false` gives trafilatura's text-only time.
 * - `justext`: `justext.justext(html, get_stoplist('English'))`, the paragraphs not classed as
 *   boilerplate joined by newlines (its default parameters).
 * - `readability-lxml`: `Document(html, url).summary()`, an HTML fragment whose text pith's parser
 *   takes, as for the JS peers that return HTML.
 *
 * The interpreter is /usr/bin/python3 (Debian's, where the dependencies are), or `PITH_PYTHON`;
 * the vendored packages are looked for in `PITH_PEERS_PYTHONPATH` or ../shared/peers/python
 * beside the project. A missing interpreter or package is a {@link PeerRuntimeError}.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ExternalPeer, type ExternalReply, programHash, programPath } from './external.js';
import { htmlToText, type PeerMetadata, type PeerOutput, type TextExtractor } from './types.js';

export type PythonPeerName = 'trafilatura' | 'justext' | 'readability-lxml';

export interface PythonPeerOptions {
  /** trafilatura: read the metadata too (default true). */
  metadata?: boolean;
  /** jusText: the stoplist's language (default English). */
  language?: string;
  /** One page's time limit in the child, in ms, when no bench pool bounds it (default 120 s). */
  requestTimeoutMs?: number;
  /** The interpreter (default `PITH_PYTHON` or /usr/bin/python3). */
  python?: string;
}

/** ../shared/peers/python beside the project (or `PITH_PEERS_PYTHONPATH`). */
export function vendoredPythonPath(): string {
  const fromEnv = process.env.PITH_PEERS_PYTHONPATH;
  if (fromEnv) return fromEnv;
  // src/eval/peers or dist/eval/peers → the project root → its parent.
  return fileURLToPath(new URL('../../../../../../shared/peers/python', import.meta.url));
}

function pythonCommand(options: PythonPeerOptions): string {
  return options.python ?? process.env.PITH_PYTHON ?? '/usr/bin/python3';
}

/** trafilatura's metadata in the shape of pith's (see {@link PeerMetadata}). */
export function trafilaturaMetadata(raw: Record<string, unknown>): PeerMetadata {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const author = text(raw.author);
  const out: PeerMetadata = {
    authors: author
      ? author
          .split(';')
          .map((name) => name.trim())
          .filter(Boolean)
      : [],
  };
  const title = text(raw.title);
  const published = text(raw.date);
  const siteName = text(raw.sitename);
  const description = text(raw.description);
  if (title) out.title = title;
  if (published) out.published = published;
  if (siteName) out.siteName = siteName;
  if (description) out.description = description;
  return out;
}

function versionString(name: PythonPeerName, version: string, versions: Record<string, string>): string {
  // The interpreter and lxml are part of what runs: Debian's lxml changes some outputs.
  const runtime = `python${versions.python ?? '?'}+lxml${versions.lxml ?? '?'}`;
  const extra =
    name === 'trafilatura' ? `+htmldate${versions.htmldate ?? '?'}+courlan${versions.courlan ?? '?'}` : '';
  return `${version}+${runtime}${extra}+runner.${programHash('peer_server.py')}`;
}

/** Starts one Python peer (its child answers before this resolves, so its version is known). */
export async function createPythonPeer(
  name: PythonPeerName,
  options: PythonPeerOptions = {},
): Promise<TextExtractor<PeerOutput>> {
  const childOptions: Record<string, unknown> = {};
  if (name === 'trafilatura' && options.metadata === false) childOptions.metadata = false;
  if (name === 'justext' && options.language) childOptions.language = options.language;
  const vendored = vendoredPythonPath();
  const peer = new ExternalPeer({
    peer: name,
    command: pythonCommand(options),
    args: [
      '-u',
      programPath('peer_server.py'),
      name,
      JSON.stringify(childOptions),
      ...(existsSync(vendored) ? [vendored] : []),
    ],
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
    requestTimeoutMs: options.requestTimeoutMs ?? 120_000,
  });
  const hello = await peer.start();
  const variant =
    (childOptions.metadata === false ? '+text-only' : '') +
    (typeof childOptions.language === 'string' ? `+${childOptions.language}` : '');
  return {
    name,
    version: versionString(name, hello.version, hello.versions) + variant,
    async extract(html: string, url: string): Promise<PeerOutput> {
      const reply: ExternalReply = await peer.extract(html, url);
      // readability-lxml's HTML → text here: its (CPU-bound) time is the peer's too.
      const started = performance.now();
      const text = reply.html !== undefined ? htmlToText(reply.html) : (reply.text ?? '');
      const convertMs = performance.now() - started;
      const out: PeerOutput = { text, ms: reply.ms + convertMs, cpuMs: reply.cpuMs + convertMs };
      if (reply.metadata) out.metadata = trafilaturaMetadata(reply.metadata);
      return out;
    },
    close: () => peer.close(),
  };
}

export const createTrafilatura = (options?: PythonPeerOptions) => createPythonPeer('trafilatura', options);
export const createJustext = (options?: PythonPeerOptions) => createPythonPeer('justext', options);
export const createReadabilityLxml = (options?: PythonPeerOptions) =>
  createPythonPeer('readability-lxml', options);
