/**
 * One page → the record fields pith finds in it. Runs on a worker thread (see pool.ts), and
 * inline for tests. Never throws: a page that fails is a result with its error code.
 */

import {
  CHARACTER_ESTIMATE,
  chunkMarkdown,
  extract,
  formatExtraction,
  isPithError,
  pageRecord,
  type TokenCounter,
} from 'pith';
import { decodeHttpBody } from '../warc/index.js';
import { detectLanguage } from './language.js';
import { failedResult, NO_CONTENT, pageFields } from './result.js';
import type { PageResult, PageTask } from './types.js';

/** `tokens`: the counter of `settings.chunks.tokenizer`, loaded by the thread (page-thread.ts). */
export function extractPage(task: PageTask, tokens?: TokenCounter): PageResult {
  const started = performance.now();
  const { settings } = task;
  try {
    const bytes = task.encoding ? decodeHttpBody(task.body, task.encoding, settings.maxBytes) : task.body;
    if (settings.noop) return noopResult(bytes.length, started);
    const result = extract(bytes, {
      url: task.url,
      contentType: task.contentType,
      format: 'text',
      extractor: settings.extractor,
      extractorOptions: settings.extractorOptions,
      title: task.title,
      limits: { timeoutMs: settings.timeoutMs, maxInputLength: settings.maxBytes },
    });
    const { metadata } = result;
    const formatOptions = {
      url: task.url,
      images: settings.images ?? true,
      links: settings.links ?? true,
      title: metadata.title,
      dropTitle: true,
    };
    const content: Pick<PageResult, 'text' | 'markdown' | 'html'> = { ...NO_CONTENT };
    for (const format of settings.formats)
      content[format] = formatExtraction(result.extraction, format, formatOptions);
    const text = content.text ?? formatExtraction(result.extraction, 'text', formatOptions);
    const chunking = settings.chunks;
    const counter = tokens ?? CHARACTER_ESTIMATE;
    const chunks = chunking
      ? {
          tokenizer: counter.name,
          list: chunkMarkdown(
            content.markdown ?? formatExtraction(result.extraction, 'markdown', formatOptions),
            {
              maxTokens: chunking.maxTokens,
              overlap: chunking.overlap,
              tokens: counter,
            },
          ),
        }
      : undefined;
    const fields = pageFields(
      pageRecord({
        content,
        metadata,
        extractor: result.extractor,
        assessment: { quality: result.quality, pageType: result.pageType, reasons: result.reasons },
        encoding: result.encoding,
        bytes: bytes.length,
      }),
    );
    return {
      ...fields,
      detectedLanguage: detectLanguage(text),
      belowQuality:
        settings.minQuality === undefined || result.quality === null
          ? null
          : result.quality < settings.minQuality,
      ms: elapsed(started),
      diagnostics: summarise(result.extraction.diagnostics),
      ...(chunks ? { chunks } : {}),
    };
  } catch (error) {
    return failedResult(
      isPithError(error) ? error.code : 'INTERNAL',
      error instanceof Error ? error.message : String(error),
      elapsed(started),
    );
  }
}

function noopResult(bytes: number, started: number): PageResult {
  return { ...failedResult('', '', elapsed(started)), ok: true, errorCode: null, errorMessage: null, bytes };
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}

/** The scalar fields of an extractor's diagnostics (counts, the path it took); arrays and objects are left out. */
function summarise(diagnostics: unknown): Record<string, string | number | boolean> | null {
  if (typeof diagnostics !== 'object' || diagnostics === null) return null;
  const summary: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(diagnostics)) {
    const scalar =
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value));
    // own-keys: an extractor's diagnostics names, never the page's
    if (scalar) summary[key] = value;
  }
  return Object.keys(summary).length > 0 ? summary : null;
}
