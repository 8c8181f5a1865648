/**
 * The on-disk cache of extraction outputs, one gzip'd JSON file per page and
 * extractor: `<dir>/<key[0..2]>/<key>.json.gz`, where key = sha256(page bytes'
 * sha256, extractor name, version, options). Only outputs are cached: errors and
 * timeouts are not (a missing model or package, or the machine's load, may be the
 * cause), so they are retried on the next run.
 * Writes go to a temporary file that is renamed into place, so a crash never
 * leaves a half-written entry and concurrent workers never read one.
 *
 * Scores are cached too, under `<dir>/scores/`, keyed by the output's key, the
 * gold, the scoring options and a hash of the metric code: a re-run after a
 * change to pith re-extracts and re-scores pith's pages only.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { ExtractorRef, PeerMetadata } from './extractors.js';
import { parseKeepingNonFinite, stringifyKeepingNonFinite } from './results-io.js';
import type { PageScores, ScoringOptions } from './scoring.js';

export interface CachedOutput {
  /** The extracted text, or null when the extractor threw. */
  text: string | null;
  error?: string;
  /** Extraction time when it was computed, in milliseconds. */
  ms: number;
  /**
   * The metadata the extractor read (null: none). Absent from entries written before metadata
   * were kept: a run that wants them treats such an entry as a miss.
   */
  metadata?: PeerMetadata | null;
  /** pith's quality estimate (null: none). Absent from older entries: a pith run treats them as a miss. */
  quality?: number | null;
}

export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Stable JSON (sorted keys) for the options part of the key. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function cacheKey(pageHash: string, extractor: ExtractorRef): string {
  return sha256(
    [pageHash, extractor.kind, extractor.name, extractor.version, stableJson(extractor.options)].join('\n'),
  );
}

function entryPath(dir: string, key: string): string {
  return path.join(dir, key.slice(0, 2), `${key}.json.gz`);
}

export function readCache(dir: string, key: string): CachedOutput | undefined {
  try {
    const value = JSON.parse(gunzipSync(readFileSync(entryPath(dir, key))).toString('utf8')) as CachedOutput;
    if (value && (typeof value.text === 'string' || value.text === null) && typeof value.ms === 'number') {
      return value;
    }
  } catch {
    // missing or unreadable: a miss
  }
  return undefined;
}

export function writeCache(dir: string, key: string, value: CachedOutput): void {
  const file = entryPath(dir, key);
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, gzipSync(JSON.stringify(value), { level: 1 }));
  renameSync(temporary, file);
}

let metricsHash: string | undefined;

/** A hash of the metric code (src/eval/metrics and the scoring module), part of every score key. */
export function metricsCodeHash(): string {
  if (metricsHash !== undefined) return metricsHash;
  const hash = createHash('sha256');
  const metrics = fileURLToPath(new URL('../metrics/', import.meta.url));
  for (const name of readdirSync(metrics).sort()) {
    if (/\.(ts|js)$/.test(name) && !name.endsWith('.d.ts')) {
      hash
        .update(name)
        .update('\0')
        .update(readFileSync(path.join(metrics, name)))
        .update('\0');
    }
  }
  const scoring = fileURLToPath(
    new URL(`./scoring.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url),
  );
  hash.update(readFileSync(scoring));
  metricsHash = hash.digest('hex').slice(0, 16);
  return metricsHash;
}

export interface ScoreKeyInput {
  outputKey: string;
  gold: unknown;
  retrievedTransform?: string;
  scoring: ScoringOptions;
}

export function scoreKey(input: ScoreKeyInput): string {
  return sha256(
    [
      input.outputKey,
      sha256(stableJson(input.gold)),
      input.retrievedTransform ?? '',
      stableJson(input.scoring),
      metricsCodeHash(),
    ].join('\n'),
  );
}

export interface CachedScores {
  scores: PageScores;
  scoreMs: number;
}

export function readScores(dir: string, key: string): CachedScores | undefined {
  try {
    const value = parseKeepingNonFinite(
      gunzipSync(readFileSync(entryPath(path.join(dir, 'scores'), key))).toString('utf8'),
    ) as CachedScores;
    if (value && typeof value.scores === 'object' && typeof value.scoreMs === 'number') return value;
  } catch {
    // a miss
  }
  return undefined;
}

export function writeScores(dir: string, key: string, value: CachedScores): void {
  const file = entryPath(path.join(dir, 'scores'), key);
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, gzipSync(stringifyKeepingNonFinite(value), { level: 1 }));
  renameSync(temporary, file);
}
