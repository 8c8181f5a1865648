/**
 * The task module of the extraction pool (run on the threads of @pith/tools' pool): one page in, one JSON-ready
 * response out. Everything CPU-bound happens here (decode, parse, extract, render, the
 * kept view), so a heavy page never blocks the server's event loop.
 *
 * Errors come back as values, not throws: an Error crossing threads loses its `code`.
 */
import { moved } from '@pith/tools';
import {
  chunkRecords,
  extractAsync,
  formatExtraction,
  isPithError,
  loadTokenCounter,
  type PageRecord,
  pageRecord,
  RECORD_CONTENT_FORMATS,
  type RecordContentFormat,
} from 'pith';
import { plotExtraction } from 'pith/internal';
import { asIsExtractOptions } from './settings.js';
import type { ExtractResponse, ExtractTask, TaskOutcome } from './types.js';
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
    // The bytes move to the main thread rather than being copied.
    return moved({ body, lines }, [body.buffer as ArrayBuffer]);
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

/** The record column a format's content goes in (json: its `contentFormat`'s). */
function columnOf(task: ExtractTask): RecordContentFormat {
  const format = task.format as string;
  return (RECORD_CONTENT_FORMATS as readonly string[]).includes(format)
    ? (format as RecordContentFormat)
    : (task.contentFormat ?? 'text');
}

async function extractPage(task: ExtractTask): Promise<ExtractResponse> {
  const started = performance.now();
  const xml = task.format === 'xml';
  const result = await extractAsync(task.input, {
    url: task.url,
    contentType: task.contentType,
    // The library's json output is the page record, the content in its column; xml is its own.
    format: xml ? 'xml' : 'json',
    contentFormat: columnOf(task),
    extractor: task.extractor,
    extractorOptions: task.options,
    // title, diagnostics, images, links, comments, … (the library's option table)
    ...asIsExtractOptions(task),
    // A browser per request would be far too heavy for a service: the estimate it is.
    layout: 'estimate',
    // The library checks its own deadline; the pool terminates the thread only if it never does.
    limits: { timeoutMs: Math.max(1, task.deadline - Date.now()) },
  });
  const { extraction, metadata } = result;
  const { chunks: _chunks, ...record }: PageRecord = xml
    ? pageRecord({
        url: task.url,
        content: {},
        metadata,
        extractor: result.extractor,
        assessment: { quality: result.quality, pageType: result.pageType, reasons: result.reasons },
        ...(result.comments ? { comments: result.comments } : {}),
        ...(task.diagnostics ? { diagnostics: extraction.diagnostics } : {}),
      })
    : (JSON.parse(result.content) as PageRecord);
  record.encoding = result.encoding ?? null;
  record.bytes = typeof task.input === 'string' ? Buffer.byteLength(task.input) : task.input.length;
  const response: ExtractResponse = {
    ...record,
    layout: result.layout?.source ?? null,
    warnings: result.warnings,
  };
  if (xml) response.xml = result.content;
  if (task.fetched) response.fetched = task.fetched;
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
  const formatOptions = { url: task.url, images: task.images, links: task.links, title: metadata.title };
  for (const include of task.include) {
    if (include !== 'markdown' && include !== 'html' && include !== 'text') continue;
    response[include] ??= formatExtraction(extraction, include, formatOptions);
  }
  if (task.include.includes('view')) response.view = keptView(extraction);
  if (task.include.includes('plot')) response.plot = plotExtraction(extraction) ?? null;
  response.ms = Math.round((performance.now() - started) * 10) / 10;
  return response;
}
