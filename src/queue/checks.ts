/**
 * What a job may ask for, checked where it is submitted (`pith serve`'s /v1/jobs, `pith queue add`)
 * and again, by the same code, by the worker that runs it: a job read from Redis is not trusted
 * (anyone who can write to Redis can write a job). Two layers:
 *
 * - the job's fields (`checkJobFields`): their shape and bounds (a URL batch, the page budget,
 *   the fetch options, the payload's size), the extractor by the name of one pith ships, its
 *   options service-safe (a model by the name of a shipped model, never a path);
 * - the policy of whoever checks (`checkJob`): the submitting service's or the worker's own, from
 *   its flags: the directories archives may be read from, the one outputs may be written under,
 *   private addresses refused unless allowed.
 *
 * A refusal is a `JobRefusal` with a stable code; its message repeats nothing of the job's values
 * (a path, a file's bytes), so it can travel to the job's record and to an API client.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { isPithError, serviceOptions } from '../internal.js';
import { OUTPUT_FORMATS, RECORD_CONTENT_FORMATS } from '../output/index.js';
import { jobInput, type QueueJobData } from './jobs.js';

/** Why a job is refused: stable codes (the job's error, the API's answer). */
export type JobRefusalCode =
  | 'BAD_JOB'
  | 'UNKNOWN_EXTRACTOR'
  | 'BAD_OPTION'
  | 'JOB_TOO_LARGE'
  | 'INPUT_NOT_ALLOWED'
  | 'OUTPUT_NOT_ALLOWED'
  | 'PRIVATE_NOT_ALLOWED';

/** A job refused by a check: it will not run, wherever it was found (a dead letter at once in a worker). */
export class JobRefusal extends Error {
  constructor(
    readonly code: JobRefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'JobRefusal';
  }
}

/**
 * Bounds of a job's fields, whoever submitted it: what a job can make a worker do (hold pages in
 * memory, wait, fetch) stays bounded even when the job was written straight into Redis.
 */
export const JOB_LIMITS = Object.freeze({
  urls: 100_000,
  urlLength: 8192,
  /** A page's time budget (pith warc's default is 10 s). */
  pageTimeoutMs: 600_000,
  /** A page's size (pith warc's default is 16 MiB). */
  pageBytes: 256 * 1024 * 1024,
  partRecords: 100_000,
  fetchTimeoutMs: 600_000,
  fetchConcurrency: 256,
  perHost: 64,
  retries: 20,
  delayMs: 3_600_000,
  extractorOptions: 64,
  textLength: 1024,
});

/** A worker's default bound on a job's payload (its data as JSON): generous for `pith queue add`'s batches. */
export const DEFAULT_WORKER_JOB_BYTES = 16 * 1024 * 1024;

export interface JobFieldLimits {
  /** Largest job payload (its data as JSON), bytes. */
  maxJobBytes: number;
}

/** Where a job may read and write, and what it may fetch: the checker's own, never the job's. */
export interface JobPolicy extends JobFieldLimits {
  /** Directories archives may be read from (resolved: real paths); none: no archive job runs. */
  inputRoots: readonly string[];
  /** The directory outputs may be written under (resolved: a real path). */
  outputRoot: string;
  /** Fetches may reach private, loopback and link-local addresses. */
  allowPrivate: boolean;
}

/** The archive a checked job reads: its real path, and how records and messages name it. */
export interface CheckedJob {
  data: QueueJobData;
  /** Warc jobs: the archive's real path (inside an input root). */
  file?: string;
  /** How the job's errors name its input (`jobInput`: never a path the client did not give). */
  label: string;
}

const integer = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum }) as const;
const text = (maxLength: number = JOB_LIMITS.textLength) => ({ type: 'string', maxLength }) as const;
/** A header value: printable ASCII (no CR/LF that would start another header). */
const PRINTABLE = '^[\\x20-\\x7e]*$';

const SETTINGS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['formats', 'extractor', 'extractorOptions', 'timeoutMs', 'maxBytes'],
  properties: {
    formats: {
      type: 'array',
      minItems: 1,
      maxItems: RECORD_CONTENT_FORMATS.length,
      uniqueItems: true,
      items: { enum: [...RECORD_CONTENT_FORMATS] },
    },
    extractor: text(64),
    extractorOptions: { type: 'object', maxProperties: JOB_LIMITS.extractorOptions },
    timeoutMs: integer(1, JOB_LIMITS.pageTimeoutMs),
    maxBytes: integer(1, JOB_LIMITS.pageBytes),
    links: { type: 'boolean' },
    images: { type: 'boolean' },
    minQuality: { type: 'number', minimum: 0, maximum: 1 },
    noop: { type: 'boolean' },
  },
} as const;

const FETCH_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['allowPrivate', 'timeoutMs', 'perHost', 'delayMs', 'retries', 'robots', 'concurrency'],
  properties: {
    allowPrivate: { type: 'boolean' },
    timeoutMs: integer(1, JOB_LIMITS.fetchTimeoutMs),
    perHost: integer(1, JOB_LIMITS.perHost),
    delayMs: integer(0, JOB_LIMITS.delayMs),
    retries: integer(0, JOB_LIMITS.retries),
    robots: { type: 'boolean' },
    userAgent: { type: 'string', maxLength: 512, pattern: PRINTABLE },
    concurrency: integer(1, JOB_LIMITS.fetchConcurrency),
  },
} as const;

const COMMON_REQUIRED = ['kind', 'version', 'out', 'format', 'settings', 'partRecords'];
const COMMON_PROPERTIES = {
  version: text(64),
  out: text(),
  format: { enum: [...OUTPUT_FORMATS] },
  settings: SETTINGS_SCHEMA,
  partRecords: integer(1, JOB_LIMITS.partRecords),
  ordered: { const: false },
  dropBelowQuality: { const: true },
  owner: { type: 'string', pattern: '^[A-Za-z0-9:._-]{1,80}$' },
} as const;

const url = { type: 'string', minLength: 1, maxLength: JOB_LIMITS.urlLength } as const;

/** One schema per kind: a job's fields, every one known (an unknown field is a refusal, not ignored). */
const SCHEMAS = {
  warc: {
    type: 'object',
    additionalProperties: false,
    required: [...COMMON_REQUIRED, 'file', 'size', 'mtimeMs'],
    properties: {
      kind: { const: 'warc' },
      ...COMMON_PROPERTIES,
      file: text(4096),
      name: text(),
      size: integer(0, Number.MAX_SAFE_INTEGER),
      mtimeMs: { type: 'number', minimum: 0 },
      range: {
        type: 'object',
        additionalProperties: false,
        required: ['start', 'end'],
        properties: {
          start: integer(0, Number.MAX_SAFE_INTEGER),
          end: integer(0, Number.MAX_SAFE_INTEGER),
        },
      },
    },
  },
  urls: {
    type: 'object',
    additionalProperties: false,
    required: [...COMMON_REQUIRED, 'urls', 'fetch'],
    properties: {
      kind: { const: 'urls' },
      ...COMMON_PROPERTIES,
      urls: { type: 'array', minItems: 1, maxItems: JOB_LIMITS.urls, items: url },
      fetch: FETCH_SCHEMA,
    },
  },
  feed: {
    type: 'object',
    additionalProperties: false,
    required: [...COMMON_REQUIRED, 'feed', 'round', 'fetch'],
    properties: {
      kind: { const: 'feed' },
      ...COMMON_PROPERTIES,
      feed: url,
      round: text(64),
      fetch: FETCH_SCHEMA,
    },
  },
} as const;

type Kind = keyof typeof SCHEMAS;
let validators: Record<Kind, ValidateFunction> | undefined;

/** Compiled on first use: a process that checks no job pays nothing. */
function validatorOf(kind: Kind): ValidateFunction {
  if (!validators) {
    const ajv = new Ajv({ allErrors: false, strict: false, allowUnionTypes: true });
    validators = {
      warc: ajv.compile(SCHEMAS.warc),
      urls: ajv.compile(SCHEMAS.urls),
      feed: ajv.compile(SCHEMAS.feed),
    };
  }
  return validators[kind];
}

function isKind(kind: unknown): kind is Kind {
  return typeof kind === 'string' && Object.hasOwn(SCHEMAS, kind);
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

/** A relative name without `.`, `..` or empty parts, absolute prefix or control characters. */
function isPlainRelativeName(name: string): boolean {
  return (
    name !== '' &&
    !path.isAbsolute(name) &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
    !/[\u0000-\u001f\u007f]/.test(name) &&
    name.split(/[\\/]/).every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/** Bytes of a job's payload as Redis keeps it (its data as JSON). */
export function jobBytes(data: unknown): number {
  return Buffer.byteLength(JSON.stringify(data) ?? '');
}

/**
 * A job's fields: shape, bounds, extractor and options (the same rules as the service's). Returns
 * the job typed; throws a `JobRefusal`. No file is looked at.
 */
export function checkJobFields(data: unknown, limits: JobFieldLimits): QueueJobData {
  const kind = (data as { kind?: unknown } | null)?.kind;
  if (data === null || typeof data !== 'object' || !isKind(kind)) {
    throw new JobRefusal('BAD_JOB', 'not a pith job: kind must be warc, urls or feed');
  }
  const bytes = jobBytes(data);
  if (bytes > limits.maxJobBytes) {
    throw new JobRefusal(
      'JOB_TOO_LARGE',
      `the job is ${bytes} bytes, over the limit of ${limits.maxJobBytes} (submit fewer URLs per job)`,
    );
  }
  const validate = validatorOf(kind);
  if (!validate(data)) {
    const [error] = validate.errors ?? [];
    // Where and what was expected: never the value itself.
    throw new JobRefusal(
      'BAD_JOB',
      `${error?.instancePath || 'the job'} ${error?.message ?? 'is not valid'}`,
    );
  }
  const job = data as QueueJobData;
  try {
    serviceOptions(job.settings.extractor, job.settings.extractorOptions);
  } catch (error) {
    if (isPithError(error) && (error.code === 'UNKNOWN_EXTRACTOR' || error.code === 'BAD_OPTION')) {
      throw new JobRefusal(error.code, error.detail);
    }
    throw error;
  }
  if (job.kind === 'urls' && !job.urls.every(isHttpUrl)) {
    throw new JobRefusal('BAD_JOB', 'every URL of a job must be an absolute http(s) URL');
  }
  if (job.kind === 'feed' && !isHttpUrl(job.feed)) {
    throw new JobRefusal('BAD_JOB', 'the feed must be an absolute http(s) URL');
  }
  if (job.kind === 'warc') {
    if (!path.isAbsolute(job.file)) throw new JobRefusal('BAD_JOB', 'the archive must be an absolute path');
    if (job.name !== undefined && !isPlainRelativeName(job.name)) {
      throw new JobRefusal('BAD_JOB', "the archive's name must be relative, without . or ..");
    }
    if (job.range && job.range.start >= job.range.end) {
      throw new JobRefusal('BAD_JOB', 'the byte range must start before it ends');
    }
  }
  if (!path.isAbsolute(job.out)) throw new JobRefusal('BAD_JOB', 'out must be an absolute path');
  return job;
}

/**
 * The real path of `file`, which may not exist yet: the real path of its nearest existing
 * ancestor, the rest appended (a symbolic link on the way is followed, a `..` was refused before).
 */
export async function realPathOf(file: string): Promise<{ real: string; exists: boolean }> {
  const absolute = path.resolve(file);
  let current = absolute;
  for (;;) {
    try {
      const real = await realpath(current);
      return { real: path.join(real, path.relative(current, absolute)), exists: current === absolute };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const parent = path.dirname(current);
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || parent === current) throw error;
      current = parent;
    }
  }
}

/** `candidate` is `root` or inside it (both real paths). */
function within(candidate: string, root: string, strictly: boolean): boolean {
  if (candidate === root) return !strictly;
  return candidate.startsWith(root.endsWith(path.sep) ? root : `${root}${path.sep}`);
}

/** A path of a job with no `.` or `..` parts (they are refused, not resolved). */
function hasDotParts(file: string): boolean {
  return file.split(path.sep).some((part) => part === '.' || part === '..');
}

/**
 * A job under `policy`: its fields (checkJobFields), then where it reads and writes and what it
 * fetches. The archive of a warc job must be a file inside an input root (after following links;
 * one that is not there yet passes, for the worker's READ_FAILED and retry); its output directory
 * must be the output root or inside it; a fetch may reach private addresses only if the policy
 * allows it. Throws a `JobRefusal`.
 */
export async function checkJob(data: unknown, policy: JobPolicy): Promise<CheckedJob> {
  const job = checkJobFields(data, policy);
  if (hasDotParts(job.out)) throw new JobRefusal('BAD_JOB', 'out must not hold . or .. parts');
  const out = await realPathOf(job.out).catch(() => undefined);
  if (!out || !within(out.real, policy.outputRoot, false)) {
    throw new JobRefusal(
      'OUTPUT_NOT_ALLOWED',
      "the job's results directory is outside this worker's output root",
    );
  }
  if (job.kind !== 'warc') {
    if (job.fetch.allowPrivate && !policy.allowPrivate) {
      throw new JobRefusal(
        'PRIVATE_NOT_ALLOWED',
        'the job asks to fetch private addresses, which this worker does not allow (pith worker --allow-private)',
      );
    }
    return { data: job, label: jobInput(job) };
  }
  const label = jobInput(job);
  if (hasDotParts(job.file)) throw new JobRefusal('BAD_JOB', 'the archive path must not hold . or .. parts');
  const notAllowed = () =>
    new JobRefusal(
      'INPUT_NOT_ALLOWED',
      `${job.name ? `the archive ${job.name}` : 'the archive'} is not a file inside this worker's input roots`,
    );
  const file = await realPathOf(job.file).catch(() => undefined);
  if (!file || !policy.inputRoots.some((root) => within(file.real, root, true))) throw notAllowed();
  if (file.exists) {
    const info = await stat(file.real).catch(() => undefined);
    if (info && !info.isFile()) throw notAllowed();
  }
  return { data: job, file: file.real, label };
}

/** A policy's directories as real paths (they may not exist yet: see realPathOf). */
export async function resolvePolicy(policy: {
  inputRoots: readonly string[];
  outputRoot: string;
  allowPrivate: boolean;
  maxJobBytes: number;
}): Promise<JobPolicy> {
  const inputRoots = await Promise.all(policy.inputRoots.map(async (root) => (await realPathOf(root)).real));
  return { ...policy, inputRoots, outputRoot: (await realPathOf(policy.outputRoot)).real };
}
