/**
 * The one error mapper: every answer that is not a success is `{"error": {"code",
 * "message"}}` with the status of its code, whichever layer refused the request: a
 * route (PithError, RequestError), the schemas, the router (404, 405), the framework
 * (a URL it cannot decode) or Node's HTTP parser (a lying Content-Length, garbage,
 * headers too large, a body that never ends).
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isPithError } from '../index.js';
import type { Metrics } from './metrics.js';
import { type RouteTable, safetyHeaders } from './requests.js';
import { type ApiError, RAW_TYPES } from './types.js';

/** HTTP status for each error code (PithError codes and the server's own). */
const STATUS: Readonly<Record<string, number>> = {
  BAD_REQUEST: 400,
  BAD_URL: 400,
  UNKNOWN_EXTRACTOR: 400,
  UNKNOWN_FORMAT: 400,
  BAD_OPTION: 400,
  BAD_JOB: 400,
  READ_FAILED: 400,
  UNAUTHORIZED: 401,
  FETCH_BLOCKED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  JOB_NOT_DONE: 409,
  RESULTS_GONE: 410,
  REQUEST_TIMEOUT: 408,
  INPUT_TOO_LARGE: 413,
  JOB_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_NODES: 422,
  TOO_DEEP: 422,
  NOT_HTML: 422,
  FETCH_BAD_CONTENT_TYPE: 422,
  ANSWER_TOO_LARGE: 422,
  HOST_NOT_ALLOWED: 421,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 429,
  HEADERS_TOO_LARGE: 431,
  ABORTED: 499,
  INTERNAL: 500,
  WORKER_FAILED: 500,
  RESULTS_UNREADABLE: 500,
  FETCH_FAILED: 502,
  FETCH_BAD_STATUS: 502,
  FETCH_TOO_LARGE: 502,
  FETCH_TOO_MANY_REDIRECTS: 502,
  FETCH_TOO_MANY_ENCODINGS: 502,
  JOBS_DISABLED: 501,
  OVERLOADED: 503,
  QUEUE_UNAVAILABLE: 503,
  TIMEOUT: 504,
  FETCH_TIMEOUT: 504,
};

export function statusOf(code: string): number {
  return Object.hasOwn(STATUS, code) ? STATUS[code] : 500;
}

/** A refusal of the server's own (codes beyond PithError's), with the headers that go with it. */
export class RequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** An error outcome of the pool (or of a fetch) as something a route can throw. */
export function requestErrorOf(error: ApiError & { retryAfter?: number }): RequestError {
  const headers: Record<string, string> =
    error.retryAfter === undefined ? {} : { 'retry-after': String(error.retryAfter) };
  return new RequestError(error.code, error.message, headers);
}

export function apiErrorOf(error: unknown): ApiError {
  // A client cannot raise the library's limits: the message without the hint on how to.
  if (isPithError(error)) return { code: error.code, message: error.detail };
  if (error instanceof RequestError) return { code: error.code, message: error.message };
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
}

function send(reply: FastifyReply, metrics: Metrics, error: ApiError, headers = {}): FastifyReply {
  metrics.error(error.code);
  return reply
    .headers(headers)
    .code(statusOf(error.code))
    .type('application/json; charset=utf-8')
    .send({ error: { code: error.code, message: error.message } });
}

/** What a framework or validation error means to a client. */
function mapFrameworkError(error: FastifyError, maxBodyBytes: number): ApiError {
  if (error.validation) return { code: 'BAD_REQUEST', message: error.message };
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        code: 'INPUT_TOO_LARGE',
        message: `the request body is over the limit of ${maxBodyBytes} bytes`,
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `send application/json or a raw page (${RAW_TYPES.join(', ')})`,
      };
    case 'FST_ERR_BAD_URL':
      return { code: 'BAD_REQUEST', message: 'the path is not valid percent-encoded UTF-8' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { code: 'BAD_REQUEST', message: 'a path segment is too long' };
  }
  const status = error.statusCode ?? 500;
  if (status === 404) return { code: 'NOT_FOUND', message: error.message };
  if (status >= 400 && status < 500) return { code: 'BAD_REQUEST', message: error.message };
  return { code: 'INTERNAL', message: 'internal error' };
}

export interface ErrorMapperOptions {
  metrics: Metrics;
  routes: RouteTable;
  maxBodyBytes: number;
}

/**
 * The error handler and the not-found handler of the whole server (not encapsulated:
 * they apply to every route plugin, those added later included).
 */
const errorMapperPlugin: FastifyPluginAsync<ErrorMapperOptions> = async (
  app,
  { metrics, routes, maxBodyBytes },
) => {
  app.setErrorHandler((error: FastifyError | RequestError, request, reply) => {
    if (error instanceof RequestError) return send(reply, metrics, error, error.headers);
    if (isPithError(error)) return send(reply, metrics, apiErrorOf(error));
    const mapped = mapFrameworkError(error, maxBodyBytes);
    if (mapped.code === 'INTERNAL') request.log.error(error);
    return send(reply, metrics, mapped);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = routes.methodsOf(path);
    if (allowed.length === 0) {
      return send(reply, metrics, { code: 'NOT_FOUND', message: `no route ${request.method} ${path}` });
    }
    const allow = allowed.join(', ');
    return send(
      reply,
      metrics,
      { code: 'METHOD_NOT_ALLOWED', message: `${request.method} is not allowed on ${path}: use ${allow}` },
      { allow },
    );
  });
};

export const errorMapper = fp(errorMapperPlugin, { name: 'pith-errors' });

/** For errors the framework raises before any hook runs (a path it cannot decode). */
export function frameworkErrorHandler(metrics: Metrics, maxBodyBytes: number) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    safetyHeaders(reply);
    send(reply, metrics, mapFrameworkError(error, maxBodyBytes));
  };
}

/**
 * For what Node's HTTP parser refuses before there is a request at all: the answer is
 * written on the socket by hand (as Node's and fastify's own handlers do), in pith's shape.
 */
export function clientErrorHandler(metrics: Metrics) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    let status: number;
    let apiError: ApiError;
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      apiError = {
        code: 'REQUEST_TIMEOUT',
        message: 'the request did not arrive in time (headers and body)',
      };
      status = 408;
    } else if (error.code === 'HPE_HEADER_OVERFLOW') {
      apiError = { code: 'HEADERS_TOO_LARGE', message: 'the request headers are over the size limit' };
      status = 431;
    } else {
      apiError = {
        code: 'BAD_REQUEST',
        message: `the request is not valid HTTP/1.1${error.code ? ` (${error.code})` : ''}`,
      };
      status = 400;
    }
    metrics.error(apiError.code);
    if (socket.writable) {
      const body = JSON.stringify({ error: apiError });
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};
