/**
 * The worker thread of the extraction pool (run by piscina): one page in, one JSON-ready
 * response out. Everything CPU-bound happens here (decode, parse, extract, render, the
 * kept view), so a heavy page never blocks the server's event loop.
 *
 * Errors come back as values, not throws: an Error crossing threads loses its `code`.
 */
import { Piscina } from 'piscina';
import {
  chunkRecords,
  extractAsync,
  formatExtraction,
  isPithError,
  loadTokenCounter,
  toJson,
} from '../index.js';
import { plotExtraction } from '../internal.js';
import type { ApiMetadata, ExtractResponse, ExtractTask, TaskOutcome } from './types.js';
import { keptView } from './view.js';

export default async function runExtractTask(task: ExtractTask): Promise<TaskOutcome> {
  try {
    const response = await extractPage(task);
    // With chunks the answer is one chunk a line, each with the page's URL and metadata.
    const lines = response.chunks !== undefined;
    const text = lines
      ? (response.chunks ?? []).map((chunk) => `${JSON.stringify(chunk)}\n`).join('')
      : JSON.stringify(response);
    const body = new TextEncoder().encode(text);
    if (body.byteLength > task.maxAnswerBytes) {
      return { error: { code: 'ANSWER_TOO_LARGE', message: tooLarge(body.byteLength, task.maxAnswerBytes) } };
    }
    return moved({ body, lines });
  } catch (error) {
    // A client cannot raise the library's limits: the message without the hint on how to.
    if (isPithError(error)) return { error: { code: error.code, message: error.detail } };
    const message = error instanceof Error ? error.message : String(error);
    return { error: { code: 'INTERNAL', message: `extraction failed: ${message}` } };
  }
}

function tooLarge(bytes: number, limit: number): string {
  const size = (value: number) =>
    value >= 1024 * 1024 ? `${(value / 1024 / 1024).toFixed(1)} MiB` : `${value} bytes`;
  return `the answer is ${size(bytes)}, over this server's limit of ${size(limit)}: ask for fewer renderings (include) or send a smaller page`;
}

/**
 * The outcome with its bytes moved to the main thread rather than copied (piscina's transfer
 * protocol: an object naming what to transfer and what to deliver).
 */
function moved(outcome: { body: Uint8Array; lines: boolean }): TaskOutcome {
  const transfer = {
    get [Piscina.transferableSymbol]() {
      return outcome.body.buffer;
    },
    get [Piscina.valueSymbol]() {
      return outcome;
    },
  };
  return Piscina.move(transfer as never) as unknown as TaskOutcome;
}

async function extractPage(task: ExtractTask): Promise<ExtractResponse> {
  const started = performance.now();
  const result = await extractAsync(task.input, {
    url: task.url,
    contentType: task.contentType,
    format: task.format,
    contentFormat: task.contentFormat,
    extractor: task.extractor,
    extractorOptions: task.options,
    title: task.title,
    diagnostics: task.diagnostics,
    images: task.images,
    links: task.links,
    comments: task.comments,
    keepComments: task.keepComments,
    titleHeading: task.titleHeading,
    frontMatter: task.frontMatter,
    // A browser per request would be far too heavy for a service: the estimate it is.
    layout: 'estimate',
    // The library checks its own deadline; the pool terminates the thread only if it never does.
    limits: { timeoutMs: Math.max(1, task.deadline - Date.now()) },
  });
  const { extraction, metadata } = result;
  // pith's JSON output has the stable metadata shape (nulls, no extractor signals) and
  // JSON-safe diagnostics (typed arrays as arrays): reuse it rather than redo it.
  const envelope = JSON.parse(
    toJson({
      url: task.url,
      content: '',
      contentFormat: 'text',
      metadata,
      extractor: result.extractor,
      ...(task.diagnostics ? { diagnostics: extraction.diagnostics } : {}),
    }),
  ) as { metadata: ApiMetadata; diagnostics?: unknown };

  const response: ExtractResponse = {
    url: task.url ?? null,
    extractor: result.extractor,
    format: task.format,
    content: result.content,
    quality: result.quality,
    pageType: result.pageType,
    reasons: result.reasons,
    metadata: envelope.metadata,
    encoding: result.encoding ?? null,
    layout: result.layout?.source ?? null,
    warnings: result.warnings,
    ms: 0,
  };
  if (task.fetched) response.fetched = task.fetched;
  if (task.diagnostics) response.diagnostics = envelope.diagnostics ?? null;
  if (result.comments) response.comments = result.comments;
  const chunking = task.chunks;
  if (chunking) {
    // The tokenizer is loaded by the first request that asks for chunks.
    response.chunks = chunkRecords(result, {
      maxTokens: chunking.maxTokens,
      overlap: chunking.overlap,
      tokens: await loadTokenCounter(chunking.tokenizer),
      ...(task.url ? { url: task.url } : {}),
    });
  }
  const renderings = task.include.filter(
    (include): include is 'markdown' | 'html' | 'text' =>
      include === 'markdown' || include === 'html' || include === 'text',
  );
  if (renderings.length > 0) {
    const formatOptions = { url: task.url, images: task.images, links: task.links, title: metadata.title };
    response.renderings = {};
    for (const format of renderings) {
      response.renderings[format] = formatExtraction(extraction, format, formatOptions);
    }
  }
  if (task.include.includes('view')) response.view = keptView(extraction);
  if (task.include.includes('plot')) response.plot = plotExtraction(extraction) ?? null;
  response.ms = Math.round((performance.now() - started) * 10) / 10;
  return response;
}
