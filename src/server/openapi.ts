/**
 * The OpenAPI 3.1 document served at /openapi.json, built from the same schemas the
 * routes validate with, and from the running server's limits. The OpenAPI test keeps
 * it true: every route is documented, every documented route exists, and real
 * responses validate against their schemas.
 */
import { VERSION } from '../index.js';
import type { RateLimit } from './options.js';
import {
  batchLineSchema,
  batchRequestSchema,
  chunkRecordSchema,
  errorSchema,
  extractorsResponseSchema,
  extractQuerySchema,
  extractRequestSchema,
  extractResponseSchema,
  healthResponseSchema,
  type JsonSchema,
  jobRequestSchema,
  jobStatusSchema,
} from './schemas.js';

export interface OpenApiLimits {
  maxBodyBytes: number;
  timeoutMs: number;
  /** Largest answer (ANSWER_TOO_LARGE past it). */
  maxAnswerBytes: number;
  maxBatch: number;
  /** Most URLs in one job. */
  maxJobUrls: number;
}

/** Who may call what: the running server's keys and limits, and its routes' access settings. */
export interface OpenApiAccess {
  apiKeys: boolean;
  rateLimit?: RateLimit;
  /** Failed keys an address may send per minute before 429 (0 or absent: no limit). */
  authFailuresPerMinute?: number;
  /** The server answers only some host names (a loopback address, or --allow-host). */
  hostCheck?: boolean;
  /** Whether an operation (`GET /healthz`, path in OpenAPI form) needs no key, and is outside the rate limit. */
  isOpen(operation: string): boolean;
  isUnlimited(operation: string): boolean;
}

const NO_ACCESS_CONTROL: OpenApiAccess = { apiKeys: false, isOpen: () => true, isUnlimited: () => true };

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

interface Operation {
  responses: Record<string, unknown>;
  security?: Record<string, string[]>[];
  [field: string]: unknown;
}

/** The key and rate-limit answers of an operation, as the running server has them. */
function guard(operation: Operation, name: string, access: OpenApiAccess): void {
  if (access.apiKeys) {
    const open = access.isOpen(name);
    operation.security = open ? [] : [{ apiKey: [] }];
    if (!open) {
      operation.responses['401'] = {
        ...errorResponse('No API key, or not a valid one (UNAUTHORIZED).'),
        headers: { 'WWW-Authenticate': { schema: { type: 'string' }, description: 'Bearer realm="pith"…' } },
      };
    }
  }
  const limits: string[] = [];
  if (access.rateLimit && !access.isUnlimited(name)) {
    limits.push(
      `This client made more than ${access.rateLimit.max} requests in ${access.rateLimit.windowMs / 1000} s (RATE_LIMITED).`,
    );
  }
  if (access.apiKeys && !access.isOpen(name) && (access.authFailuresPerMinute ?? 0) > 0) {
    limits.push(
      `This address sent ${access.authFailuresPerMinute} keys that are not valid within a minute (RATE_LIMITED, whatever key it sends until the minute is over).`,
    );
  }
  if (limits.length > 0) {
    operation.responses['429'] = {
      description: limits.join(' '),
      headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
      content: { 'application/json': { schema: ref('Error') } },
    };
  }
  if (access.hostCheck) {
    operation.responses['421'] = errorResponse(
      'The Host header names a host this server does not answer to (HOST_NOT_ALLOWED): on a loopback address only localhost, 127.0.0.0/8 and [::1] (any port), and the names given with pith serve --allow-host; a defence against DNS rebinding.',
    );
  }
}

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: ref('Error') } } };
}

/** Query parameters of a JSON-Schema object, as OpenAPI parameters. */
function queryParameters(schema: JsonSchema, required: readonly string[] = []) {
  return Object.entries(schema.properties as Record<string, JsonSchema>).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    ...(property.type === 'array' ? { style: 'form', explode: true } : {}),
    description: property.description,
    schema: { ...property, description: undefined },
  }));
}

export function openApiDocument(
  limits: OpenApiLimits,
  access: OpenApiAccess = NO_ACCESS_CONTROL,
): JsonSchema {
  const megabytes = Math.round((limits.maxBodyBytes / 1024 / 1024) * 10) / 10;
  const answerMegabytes = Math.round((limits.maxAnswerBytes / 1024 / 1024) * 10) / 10;
  const overloaded = {
    description:
      'The server is at its concurrency limit and its queue is full, or holds as many answers not yet read by their clients as it may (OVERLOADED).',
    headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
    content: { 'application/json': { schema: ref('Error') } },
  };
  const commonErrors = {
    '400': errorResponse(
      'A bad request: invalid JSON or field, an invalid URL (BAD_URL), unknown extractor, format or option.',
    ),
    '413': errorResponse(`The body is over ${megabytes} MB (INPUT_TOO_LARGE).`),
    '415': errorResponse('The body is neither JSON nor a raw page (UNSUPPORTED_MEDIA_TYPE).'),
    '422': errorResponse(
      `The page is over a parser limit (TOO_MANY_NODES, TOO_DEEP) or not HTML; or the answer would be over ${answerMegabytes} MiB (ANSWER_TOO_LARGE: ask for fewer \`include\` renderings, or send a smaller page).`,
    ),
    '503': overloaded,
    '504': errorResponse(`The page was not extracted within ${limits.timeoutMs} ms (TIMEOUT).`),
  };
  const fetchErrors = {
    '403': errorResponse(
      'The URL points at a private, loopback, link-local or metadata address (FETCH_BLOCKED).',
    ),
    '502': errorResponse('The page could not be fetched (FETCH_FAILED, FETCH_BAD_STATUS, …).'),
  };
  const extractResult = {
    description: 'The extraction; with `chunks`, JSON Lines of chunk records instead.',
    content: {
      'application/json': { schema: ref('ExtractResponse') },
      'application/x-ndjson': { schema: ref('ChunkRecord') },
    },
  };
  const jobErrors = {
    '501': errorResponse('This server runs no jobs: started without --jobs-out (JOBS_DISABLED).'),
    '503': {
      description:
        "The queue's Redis cannot be reached, or did not answer within 5 s (QUEUE_UNAVAILABLE; the same whether it was never reached or went away).",
      headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
      content: { 'application/json': { schema: ref('Error') } },
    },
  };
  const jobId = { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 64 } };
  const paths: Record<string, Record<string, Operation>> = {
    '/v1/extract': {
      post: {
        summary: 'Extract one page',
        description:
          'A JSON body (`html` or `url` plus settings), or the raw page as the body (text/html, ' +
          'application/xhtml+xml, text/plain or application/octet-stream; its charset is honoured) with the settings in the query string.',
        parameters: queryParameters(extractQuerySchema),
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: ref('ExtractRequest') },
            'text/html': { schema: { type: 'string' } },
            'application/xhtml+xml': { schema: { type: 'string' } },
            'text/plain': { schema: { type: 'string' } },
            'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
          },
        },
        responses: { '200': extractResult, ...commonErrors, ...fetchErrors },
      },
      get: {
        summary: 'Fetch a URL and extract it',
        parameters: queryParameters(extractQuerySchema, ['url']),
        responses: { '200': extractResult, ...commonErrors, ...fetchErrors },
      },
    },
    '/v1/extract/batch': {
      post: {
        summary: `Extract up to ${limits.maxBatch} pages`,
        description:
          'One JSON Lines line per page, in the order they finish, each with the page `index`. A page that fails ' +
          `has an \`error\` line (an answer over ${answerMegabytes} MiB: ANSWER_TOO_LARGE); the others go on. ` +
          'Pages are extracted as the client reads the lines: a client that stops reading stops the batch, and ' +
          'is cut off once a line has waited past the send timeout.',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('BatchRequest') } },
        },
        responses: {
          '200': {
            description: 'JSON Lines: one BatchLine per page.',
            content: { 'application/x-ndjson': { schema: ref('BatchLine') } },
          },
          '400': commonErrors['400'],
          '413': commonErrors['413'],
          '415': commonErrors['415'],
          '503': commonErrors['503'],
        },
      },
    },
    '/v1/jobs': {
      post: {
        summary: 'Submit an asynchronous batch job (URLs, or an archive in the archive directory)',
        description:
          'The job goes to the pith queue and is run by `pith worker`s; the same request twice from one client ' +
          "is the same job (`existing`). A job is its client's (its API key): another client neither finds it " +
          'nor reads its results. An archive is named relative to the directory given to `pith serve --warc-dir`; ' +
          'nothing else on the server can be named, and records and errors name the archive the same way.',
        requestBody: { required: true, content: { 'application/json': { schema: ref('JobRequest') } } },
        responses: {
          '202': {
            description: 'Accepted: the job and where to follow it (also in Location).',
            content: { 'application/json': { schema: ref('Job') } },
          },
          '400': commonErrors['400'],
          '404': errorResponse('No such archive in the archive directory (NOT_FOUND).'),
          '413': errorResponse(
            "The request body is over --max-body (INPUT_TOO_LARGE), or the job's payload over --job-max-bytes (JOB_TOO_LARGE).",
          ),
          '415': commonErrors['415'],
          '429': errorResponse(
            "The client's jobs or their bytes are at its quota (QUOTA_EXCEEDED: --jobs-max, --jobs-max-bytes), or it is over the rate limit (RATE_LIMITED).",
          ),
          ...jobErrors,
        },
      },
    },
    '/v1/jobs/{id}': {
      get: {
        summary: "A job's state and counts",
        parameters: [jobId],
        responses: {
          '200': { description: 'The job.', content: { 'application/json': { schema: ref('Job') } } },
          '404': errorResponse("No such job, or another client's (NOT_FOUND)."),
          ...jobErrors,
        },
      },
    },
    '/v1/jobs/{id}/results': {
      get: {
        summary: "A completed job's records, as JSON Lines",
        description:
          'One record per page, as `pith warc` writes them (url, ok/errorCode, title, … , content).',
        parameters: [jobId],
        responses: {
          '200': {
            description: 'JSON Lines: one record per page.',
            content: { 'application/x-ndjson': { schema: { type: 'object' } } },
          },
          '404': errorResponse("No such job, or another client's (NOT_FOUND)."),
          '409': errorResponse('The job is not completed yet, or failed (JOB_NOT_DONE).'),
          '410': errorResponse(
            'The job is completed but its output is no longer on the server (RESULTS_GONE).',
          ),
          '500': errorResponse(
            'The output is on the server but cannot be read: permissions, not a file, corrupt (RESULTS_UNREADABLE).',
          ),
          ...jobErrors,
        },
      },
    },
    '/v1/extractors': {
      get: {
        summary: 'The extractors, their parameters and defaults',
        responses: {
          '200': {
            description: 'The extractors.',
            content: { 'application/json': { schema: ref('Extractors') } },
          },
        },
      },
    },
    '/healthz': {
      get: {
        summary: 'Liveness and the pool state',
        responses: {
          '200': { description: 'Alive.', content: { 'application/json': { schema: ref('Health') } } },
        },
      },
    },
    '/metrics': {
      get: {
        summary: 'Prometheus metrics',
        responses: {
          '200': {
            description: 'Prometheus text format 0.0.4.',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
        },
      },
    },
    '/openapi.json': {
      get: {
        summary: 'This document',
        responses: {
          '200': {
            description: 'OpenAPI 3.1.',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
    },
    '/': {
      get: {
        summary: 'The web page',
        responses: {
          '200': { description: 'HTML.', content: { 'text/html': { schema: { type: 'string' } } } },
        },
      },
    },
    '/assets/{name}': {
      get: {
        summary: "The web page's script and style sheet",
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'The asset.' },
          '404': errorResponse('No such asset.'),
        },
      },
    },
  };
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      guard(operation, `${method.toUpperCase()} ${path}`, access);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'pith',
      version: VERSION,
      description:
        'Main-content extraction over HTTP. Errors are `{ "error": { "code", "message" } }`. ' +
        'URLs are fetched only from public addresses (private, loopback, link-local and metadata addresses are refused, also after redirects).' +
        (access.apiKeys
          ? ' This server needs an API key (`Authorization: Bearer KEY`) on every operation but the web page, /healthz and this document.'
          : '') +
        (access.rateLimit
          ? ` Each client (API key, or address without keys) may make ${access.rateLimit.max} requests per ${access.rateLimit.windowMs / 1000} s; then 429 with Retry-After.`
          : ''),
    },
    paths,
    components: {
      ...(access.apiKeys ? { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } } } : {}),
      schemas: {
        ExtractRequest: extractRequestSchema,
        BatchRequest: batchRequestSchema(limits.maxBatch),
        ExtractResponse: extractResponseSchema,
        ChunkRecord: chunkRecordSchema,
        BatchLine: batchLineSchema,
        JobRequest: jobRequestSchema(limits.maxJobUrls),
        Job: jobStatusSchema,
        Extractors: extractorsResponseSchema,
        Health: healthResponseSchema,
        Error: errorSchema,
      },
    },
  };
}
