/**
 * The bench's view of an extractor: pith's own (through the public `extract()`
 * API on the raw bytes) and peers (other libraries, through src/eval/peers, which
 * receive the page decoded once by pith's `decodeHtml`, the same string for all).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decodeHtml, EXTRACTORS, extract, type Metadata, VERSION } from 'pith';
import type { PeerMetadata, PeerOutput, TextExtractor } from '../peers/types.js';
import { siblingModule } from './entry.js';
import { heldOutLabel, pageDigest, readHeldOut } from './held-out.js';

// The interface every peer implements (src/eval/peers exports `PEERS` of these factories); a
// type-only import, so the peers module stays optional at run time.
export type { PeerMetadata, PeerOutput, TextExtractor };

export type PeerFactories = Record<string, () => Promise<TextExtractor>>;

/** What a worker needs to run one extractor. */
export interface ExtractorRef {
  kind: 'pith' | 'peer';
  /** The extractor's registry name (pith) or the peer's key in `PEERS`. */
  name: string;
  /** The name in results and reports: `name`, or `name:key=value,…` for a variant with options. */
  label: string;
  /** Its version, as part of the cache key (pith: extractor version + pith version + code hash). */
  version: string;
  /** Extractor options (pith's `extractorOptions`), part of the cache key. */
  options: Record<string, unknown>;
  /**
   * Scored with held-out models (`NAME:held-out=FILE`): each page with the model that did not
   * see it (see held-out.ts).
   */
  heldOut?: { file: string; of: string; scheme: string; datasets: string[] };
}

/** The default peers module (src/eval/peers/index), if it exists. */
export function defaultPeersModule(): URL | undefined {
  return siblingModule(import.meta.url, '../peers/index');
}

/** Imports a peers module and returns its `PEERS`; throws when it has none. */
export async function importPeers(moduleUrl: string): Promise<PeerFactories> {
  const mod = (await import(moduleUrl)) as { PEERS?: unknown };
  if (typeof mod.PEERS !== 'object' || mod.PEERS === null) {
    throw new Error(`${moduleUrl} does not export PEERS`);
  }
  return mod.PEERS as PeerFactories;
}

/** A module path or URL as an importable URL string. */
export function moduleHref(pathOrUrl: string | URL): string {
  const text = String(pathOrUrl);
  return /^[a-z]+:\/\//i.test(text) || text.startsWith('file:')
    ? text
    : pathToFileURL(path.resolve(text)).href;
}

let codeHash: string | undefined;

/**
 * A hash of the library's code (every file of the package `pith` under src/ or dist/, whichever
 * runs) and of its models (models/*.json, read by learned extractors), so that cached
 * outputs of pith's extractors expire when either changes even though the version
 * string does not.
 */
export function pithCodeHash(): string {
  if (codeHash !== undefined) return codeHash;
  // The library's entry (src/index.ts from source, dist/index.js built) names the folder that runs.
  const root = path.dirname(fileURLToPath(import.meta.resolve('pith')));
  const hash = createHash('sha256');
  const walk = (dir: string, base: string) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return; // no models folder
    }
    for (const name of names) {
      const file = path.join(dir, name);
      const relative = path.relative(base, file);
      if (relative === 'eval' || relative === 'cli' || relative === 'server') continue;
      if (statSync(file).isDirectory()) walk(file, base);
      else if (/\.(ts|js|json)$/.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.map')) {
        hash.update(relative).update('\0').update(readFileSync(file)).update('\0');
      }
    }
  };
  walk(root, root);
  // models/ sits beside src/ and dist/ at the library's package root.
  const models = path.join(root, '..', 'models');
  hash.update('models\0');
  walk(models, models);
  codeHash = hash.digest('hex').slice(0, 16);
  return codeHash;
}

/** Parses `value` of an option given as text: numbers and booleans as such. */
function optionValue(raw: string): unknown {
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (raw !== '' && Number.isFinite(Number(raw))) return Number(raw);
  return raw;
}

/**
 * Options of `extract()` itself that take a model file, which a held-out file may fill (the
 * metadata model: `pith train metadata` writes one per fold); any other is an extractor's option.
 */
const EXTRACT_MODEL_OPTIONS: readonly string[] = ['metadataModel'];

/** The pseudo-option that names a held-out file (`pith:held-out=FILE`). */
export const HELD_OUT_OPTION = 'held-out';

/**
 * The reference of one of pith's registered extractors, from `NAME` or
 * `NAME:key=value,key=value` (a variant with extractor options). `held-out=FILE` is not an
 * extractor option: it scores every page with the held-out model that did not see it.
 */
export function pithExtractorRef(spec: string): ExtractorRef {
  const colon = spec.indexOf(':');
  const name = colon < 0 ? spec : spec.slice(0, colon);
  const table = EXTRACTORS as Record<string, { version: string }>;
  const extractor = Object.hasOwn(table, name) ? table[name] : undefined;
  if (!extractor) {
    throw new Error(`unknown extractor '${name}' (choose from ${Object.keys(EXTRACTORS).join(', ')})`);
  }
  const options: Record<string, unknown> = Object.create(null);
  const kept: string[] = [];
  let heldOutFile: string | undefined;
  if (colon >= 0) {
    for (const pair of spec.slice(colon + 1).split(',')) {
      const equals = pair.indexOf('=');
      if (equals <= 0) throw new Error(`extractor option '${pair}' in '${spec}' is not key=value`);
      const key = pair.slice(0, equals).trim();
      const raw = pair.slice(equals + 1).trim();
      if (key === HELD_OUT_OPTION) heldOutFile = raw;
      else {
        options[key] = optionValue(raw);
        kept.push(pair);
      }
    }
  }
  const version = `${extractor.version}+pith${VERSION}+${pithCodeHash()}`;
  if (heldOutFile === undefined) return { kind: 'pith', name, label: spec, version, options };
  const heldOut = readHeldOut(heldOutFile);
  if (heldOut.extractor !== name) {
    throw new Error(
      `${spec}: the held-out models of ${heldOutFile} are ${heldOut.extractor}'s, not ${name}'s`,
    );
  }
  if (heldOut.option in options) {
    throw new Error(`${spec}: the held-out models set '${heldOut.option}'; leave that option out`);
  }
  const base = kept.length > 0 ? `${name}:${kept.join(',')}` : name;
  return {
    kind: 'pith',
    name,
    label: heldOutLabel(base, heldOut.scheme),
    version: `${version}+held-out-${heldOut.digest}`,
    options,
    heldOut: { file: heldOut.file, of: base, scheme: heldOut.scheme, datasets: [...heldOut.datasets] },
  };
}

/** One extraction as the bench sees it. */
export interface ExtractorRun {
  text: string;
  /** Extraction time in ms. */
  ms: number;
  /** CPU time of the extraction when the extractor measured it itself (outside peers), in ms. */
  cpuMs?: number;
  /** The metadata the extractor read (pith's extractors; peers that read metadata). */
  metadata?: PeerMetadata;
  /** pith's quality estimate of this extraction (expected F1; null: no estimate). */
  quality?: number | null;
}

/** A loaded extractor: raw page bytes and URL in, main text out. */
export interface LoadedExtractor {
  ref: ExtractorRef;
  run(html: Uint8Array, url: string | undefined): Promise<ExtractorRun>;
  close(): Promise<void>;
}

/** The metadata fields pith's result and a peer's share (see {@link PeerMetadata}). */
function pithMetadata(metadata: Metadata): PeerMetadata {
  const out: PeerMetadata = { authors: metadata.authors };
  if (metadata.title !== undefined) out.title = metadata.title;
  if (metadata.published !== undefined) out.published = metadata.published;
  if (metadata.siteName !== undefined) out.siteName = metadata.siteName;
  if (metadata.description !== undefined) out.description = metadata.description;
  return out;
}

/** Loads an extractor for running (in a worker, or in the main thread for `--only`). */
export async function loadExtractor(
  ref: ExtractorRef,
  peersModule: string | undefined,
): Promise<LoadedExtractor> {
  if (ref.kind === 'pith') {
    const heldOut = ref.heldOut ? readHeldOut(ref.heldOut.file) : undefined;
    return {
      ref,
      async run(html, url) {
        // The page's held-out model is found by its bytes (not timed: it is the bench's lookup).
        // A model of extract() itself (the metadata model) is an option of the call, not the extractor's.
        const model = heldOut ? { [heldOut.option]: heldOut.modelFor(pageDigest(html)) } : {};
        const ownOption = heldOut !== undefined && EXTRACT_MODEL_OPTIONS.includes(heldOut.option);
        const options = heldOut && !ownOption ? { ...ref.options, ...model } : ref.options;
        const started = performance.now();
        const result = extract(html, {
          format: 'text',
          extractor: ref.name,
          extractorOptions: options,
          ...(ownOption ? model : {}),
          ...(url ? { url } : {}),
        });
        return {
          text: result.content,
          ms: performance.now() - started,
          metadata: pithMetadata(result.metadata),
          quality: result.quality,
        };
      },
      async close() {},
    };
  }
  if (!peersModule) throw new Error(`peer '${ref.name}': no peers module (src/eval/peers is not there)`);
  const peers = await importPeers(peersModule);
  const factory = Object.hasOwn(peers, ref.name) ? peers[ref.name] : undefined;
  if (!factory) throw new Error(`unknown peer '${ref.name}' (choose from ${Object.keys(peers).join(', ')})`);
  const peer = await factory();
  return {
    ref,
    async run(html, url) {
      // Decoding is not timed: every peer gets the same string, decoded once by pith.
      const decoded = decodeHtml(html).text;
      const started = performance.now();
      // '' when the dataset has no URL: each peer picks its own placeholder (src/eval/peers).
      const output = await peer.extract(decoded, url ?? '');
      const ms = performance.now() - started;
      if (typeof output === 'string') return { text: output, ms };
      if (typeof output?.text !== 'string')
        throw new TypeError(`peer '${ref.name}' returned ${typeof output}, not a string or { text }`);
      // An outside peer's own timing leaves out the pipe to its process.
      return {
        text: output.text,
        ms: output.ms ?? ms,
        ...(output.cpuMs === undefined ? {} : { cpuMs: output.cpuMs }),
        ...(output.metadata ? { metadata: output.metadata } : {}),
      };
    },
    async close() {
      await peer.close?.();
    },
  };
}
