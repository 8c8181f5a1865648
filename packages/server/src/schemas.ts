/**
 * JSON Schemas of the API, written once: fastify validates requests with them and
 * openapi.ts publishes them. Responses are serialised as they are (not through these
 * schemas, which would silently drop undocumented fields); the OpenAPI test validates
 * real responses against them instead, so the document cannot drift from the code.
 */
import { QUALITY_REASONS, RESULT_PAGE_TYPES, recordJsonSchema } from 'pith';
import { EXTRACT_OPTIONS, type ExtractOptionSpec } from 'pith/internal';
import { INCLUDES } from './types.js';

/** A JSON Schema, as far as this file needs one. */
export type JsonSchema = { [key: string]: unknown };

const nullableString = (description: string): JsonSchema => ({ type: ['string', 'null'], description });

/**
 * The schema of one of `extract()`'s options the service takes, from the library's option table
 * (EXTRACT_OPTIONS): its type, choices and default. `format`'s choices are not an enum: an
 * unknown format is answered UNKNOWN_FORMAT by settingsFrom, as the library names it.
 */
function optionSchema(spec: ExtractOptionSpec): JsonSchema {
  const shown = spec.default === undefined ? '' : ` (default ${String(spec.default)})`;
  if (spec.name === 'format') {
    return { type: 'string', description: `${spec.description} ${spec.choices?.join(', ')}${shown}.` };
  }
  return {
    type: spec.type,
    ...(spec.choices ? { enum: [...spec.choices] } : {}),
    description: `${spec.description.replace(/\.$/, '')}${shown}.`,
  };
}

/** Settings shared by every way of asking for an extraction (JSON bodies and query strings). */
const settingsProperties = {
  ...Object.fromEntries(
    (EXTRACT_OPTIONS as readonly ExtractOptionSpec[])
      .filter((spec) => spec.service)
      .map((spec) => [spec.name, optionSchema(spec)]),
  ),
  chunks: {
    type: 'boolean',
    description:
      "The body's Markdown in chunks for retrieval: the answer is JSON Lines (application/x-ndjson), one chunk a record with the page's URL and metadata (default false).",
  },
  maxTokens: {
    type: 'integer',
    minimum: 1,
    maximum: 1000000,
    description: 'With `chunks`: the most tokens a chunk may have (default 512).',
  },
  overlap: {
    type: 'integer',
    minimum: 0,
    maximum: 1000000,
    description: 'With `chunks`: tokens of a chunk repeated at the start of the next (default 0).',
  },
  tokenizer: {
    type: 'string',
    enum: ['estimate', 'cl100k_base', 'characters'],
    description:
      "With `chunks`: how tokens are counted (default estimate: cl100k_base's count estimated; cl100k_base: exact, slower; characters: one per 4).",
  },
};

const includeItems = {
  type: 'string',
  enum: [...INCLUDES],
} as const;

const includeDescription =
  'Extra renderings: markdown, html, text (in their record fields), view (the "what was kept" page), plot (SVG, ttr and density).';

const optionsSchema: JsonSchema = {
  type: 'object',
  description: "The extractor's parameters by name (GET /v1/extractors lists them with defaults).",
  additionalProperties: { type: ['string', 'number', 'boolean'] },
};

const pageProperties = {
  html: { type: 'string', description: 'The page HTML.' },
  url: {
    type: 'string',
    description:
      'Without `html`: the URL to fetch (public http/https addresses only). With `html`: the page URL, for links.',
  },
} as const;

/** The settings of JSON bodies: the shared ones, parameters as an object, `include` as a list. */
const bodySettingsProperties = {
  ...settingsProperties,
  options: optionsSchema,
  include: { type: 'array', items: includeItems, uniqueItems: true, description: includeDescription },
};

export const extractRequestSchema: JsonSchema = {
  type: 'object',
  description: 'One page, as `html` or as a `url` to fetch, and what to do with it.',
  additionalProperties: false,
  properties: { ...pageProperties, ...bodySettingsProperties },
};

/** Query string of GET /v1/extract and of POST /v1/extract with a raw HTML body. */
export const extractQuerySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    url: {
      type: 'string',
      description: 'GET: the URL to fetch (required). POST with a raw body: the page URL, for links.',
    },
    ...settingsProperties,
    include: {
      type: 'array',
      items: { type: 'string' },
      description: `${includeDescription} Repeat the parameter or separate with commas.`,
    },
    option: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*=' },
      description: 'An extractor parameter as name=value; repeat for several (e.g. option=smoothing=2).',
    },
  },
};

export function batchRequestSchema(maxPages: number): JsonSchema {
  return {
    type: 'object',
    description: `Up to ${maxPages} pages with one set of settings; results stream back as JSON Lines.`,
    additionalProperties: false,
    required: ['pages'],
    properties: {
      pages: {
        type: 'array',
        minItems: 1,
        maxItems: maxPages,
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...pageProperties,
            id: { type: 'string', description: "The caller's name for the page, echoed in its result line." },
          },
        },
      },
      ...bodySettingsProperties,
    },
  };
}

export const errorSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      additionalProperties: false,
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'string',
          description:
            "PithError codes (UNKNOWN_EXTRACTOR, BAD_OPTION, INPUT_TOO_LARGE, TIMEOUT, FETCH_BLOCKED, …) and the server's own: BAD_REQUEST, BAD_URL, UNAUTHORIZED, NOT_FOUND, METHOD_NOT_ALLOWED (with Allow), REQUEST_TIMEOUT, UNSUPPORTED_MEDIA_TYPE, RATE_LIMITED, HEADERS_TOO_LARGE, OVERLOADED, WORKER_FAILED (the page's worker thread died: past its heap limit, or a crash), INTERNAL.",
        },
        message: { type: 'string' },
      },
    },
  },
};

/** One chunk for retrieval with its page's URL and metadata (the library's ChunkRecord). */
export const chunkRecordSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'url',
    'title',
    'authors',
    'published',
    'modified',
    'siteName',
    'language',
    'tokenizer',
    'chunkCount',
    'index',
    'text',
    'headings',
    'start',
    'end',
    'tokens',
    'chars',
    'overlapChars',
  ],
  properties: {
    url: nullableString('The page URL.'),
    title: nullableString("The page's title."),
    authors: { type: 'array', items: { type: 'string' } },
    published: nullableString('ISO 8601.'),
    modified: nullableString('ISO 8601.'),
    siteName: nullableString("The site's name."),
    language: nullableString('BCP 47, as the page declares it.'),
    tokenizer: {
      type: 'string',
      description: 'How `tokens` were counted (cl100k_base-estimate, cl100k_base, characters/4).',
    },
    chunkCount: { type: 'integer', minimum: 0, description: "The page's number of chunks." },
    index: { type: 'integer', minimum: 0, description: 'Position among the page’s chunks, from 0.' },
    text: { type: 'string', description: "The chunk's Markdown." },
    headings: {
      type: 'array',
      items: { type: 'string' },
      description: 'The headings it sits under, outermost first.',
    },
    start: { type: 'integer', minimum: 0, description: 'Where it starts in the body’s Markdown.' },
    end: { type: 'integer', minimum: 0, description: 'Where it ends in the body’s Markdown.' },
    tokens: { type: 'integer', minimum: 0 },
    chars: { type: 'integer', minimum: 0 },
    overlapChars: {
      type: 'integer',
      minimum: 0,
      description: 'Characters at the start that repeat the chunk before.',
    },
    split: {
      type: 'string',
      description:
        'The kind of the element this chunk is a piece of, when that element alone was over the cap (code, table row, list item…).',
    },
  },
};

/**
 * The answer to one page: the page record every output writes (schemas/record.schema.json, made
 * from the library's record table), the service's own fields optional.
 */
export const extractResponseSchema: JsonSchema = (() => {
  const { $schema: _schema, $id: _id, ...schema } = recordJsonSchema();
  const properties = schema.properties as Record<string, JsonSchema>;
  return {
    ...schema,
    properties: {
      ...properties,
      reasons: {
        type: 'array',
        description: 'What lowered the quality or emptied the result.',
        items: { type: 'string', enum: [...QUALITY_REASONS] },
      },
      detectedPageType: { type: ['string', 'null'], enum: [...RESULT_PAGE_TYPES, null] },
      chunks: { type: 'array', items: chunkRecordSchema, description: 'With chunks: true, the chunks.' },
    },
  };
})();

export const batchLineSchema: JsonSchema = {
  type: 'object',
  description: 'One line of the JSON Lines answer to a batch: a result or an error, by page index.',
  additionalProperties: false,
  required: ['index'],
  properties: {
    index: { type: 'integer', description: 'Position of the page in `pages`.' },
    id: { type: 'string' },
    result: extractResponseSchema,
    error: (errorSchema.properties as Record<string, JsonSchema>).error,
  },
  oneOf: [{ required: ['result'] }, { required: ['error'] }],
};

const parameterSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type', 'default', 'description'],
  properties: {
    name: { type: 'string' },
    type: { type: 'string', enum: ['number', 'boolean', 'string'] },
    default: { type: ['number', 'boolean', 'string'] },
    description: { type: 'string' },
    choices: { type: 'array', items: { type: 'string' } },
  },
};

export const extractorsResponseSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['default', 'formats', 'extractors'],
  properties: {
    default: { type: 'string' },
    formats: { type: 'array', items: { type: 'string' } },
    extractors: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'version', 'description', 'needsLayout', 'parameters'],
        properties: {
          name: { type: 'string' },
          version: { type: 'string' },
          description: { type: 'string' },
          needsLayout: { type: 'boolean', description: 'Uses a layout (estimated by the server).' },
          parameters: { type: 'array', items: parameterSchema },
        },
      },
    },
  },
};

export const healthResponseSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'version', 'uptimeSeconds', 'pool'],
  properties: {
    status: { type: 'string', enum: ['ok'] },
    version: { type: 'string' },
    uptimeSeconds: { type: 'number' },
    pool: {
      type: 'object',
      additionalProperties: false,
      required: ['threads', 'concurrency', 'running', 'queued', 'queueLimit'],
      properties: {
        threads: { type: 'integer' },
        concurrency: { type: 'integer' },
        running: { type: 'integer' },
        queued: { type: 'integer' },
        queueLimit: { type: 'integer' },
      },
    },
  },
};

/** POST /v1/jobs: URLs to fetch, or the name of an archive in the server's archive directory. */
export function jobRequestSchema(maxUrls: number): JsonSchema {
  return {
    type: 'object',
    description:
      'An asynchronous batch job on the pith queue: `urls` (fetched politely by the workers) or `warc`, the name of ' +
      "an archive inside the server's archive directory (never a path elsewhere). Records as `pith warc` writes them.",
    additionalProperties: false,
    properties: {
      urls: {
        type: 'array',
        minItems: 1,
        maxItems: maxUrls,
        items: { type: 'string', pattern: '^https?://', maxLength: 8192 },
      },
      warc: {
        type: 'string',
        minLength: 1,
        maxLength: 1024,
        description: "An archive's name relative to the archive directory (no absolute path, no ..).",
      },
      content: {
        type: 'array',
        minItems: 1,
        uniqueItems: true,
        items: { type: 'string', enum: ['text', 'markdown', 'html'] },
        description: 'Content formats in each record (default text).',
      },
      extractor: { type: 'string', maxLength: 64, description: 'Extractor name (default pith).' },
    },
    oneOf: [{ required: ['urls'] }, { required: ['warc'] }],
  };
}

const jobCountsSchema: JsonSchema = {
  type: ['object', 'null'],
  description: 'Once complete: pages written (ok and failed by code) and records skipped by reason.',
  properties: {
    pages: { type: 'integer' },
    ok: { type: 'integer' },
    failed: { type: 'object', additionalProperties: { type: 'integer' } },
    skipped: { type: 'object', additionalProperties: { type: 'integer' } },
  },
};

/** A job's state (GET /v1/jobs/{id}, and the answer to POST /v1/jobs). */
export const jobStatusSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'state'],
  properties: {
    id: { type: 'string', description: 'The job id: a hash of its input, options and pith version.' },
    state: {
      type: 'string',
      enum: ['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed', 'unknown'],
      description: 'delayed: waiting to be retried; failed: a dead letter (see error).',
    },
    kind: { type: 'string', enum: ['warc', 'urls', 'feed'] },
    existing: { type: 'boolean', description: 'POST only: the same job had been submitted before.' },
    attemptsMade: { type: 'integer' },
    counts: jobCountsSchema,
    error: nullableString("A failed job's last error."),
    results: { type: 'string', description: 'Where its records will be: GET this path once completed.' },
  },
};
