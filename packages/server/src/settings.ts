/**
 * From a request to what to do: the settings of an extraction (from a JSON body or a
 * query string) and where its page comes from. Extractor parameters pass only when
 * their values are service-safe: nothing a client sends may name a file on the server.
 */

import type { ExtractOptions, TokenizerName } from 'pith';
import { type ExtractorParameter, getExtractor, OUTPUT_FORMATS, type OutputFormat, PithError } from 'pith';
import {
  type AsIsBooleanOption,
  EXTRACT_OPTIONS,
  type ExtractOptionSpec,
  serviceOptions,
} from 'pith/internal';
import { RequestError } from './errors.js';
import { type ContentFormat, type ExtractSettings, INCLUDES, type Include } from './types.js';

/** The settings as a JSON body has them (the as-is booleans: the library's option table). */
export interface SettingsBody extends Partial<Record<AsIsBooleanOption, boolean>> {
  format?: string;
  contentFormat?: ContentFormat;
  extractor?: string;
  title?: string;
  options?: Record<string, string | number | boolean>;
  include?: Include[];
  chunks?: boolean;
  maxTokens?: number;
  overlap?: number;
  tokenizer?: TokenizerName;
}

/** The query string: the same settings, with `include` as text and parameters as `option=name=value`. */
export interface SettingsQuery extends Omit<SettingsBody, 'options' | 'include'> {
  url?: string;
  include?: string[];
  option?: string[];
}

/** One page as a JSON body or a batch item has it. */
export interface PageBody {
  html?: string;
  url?: string;
}

/** Where a page comes from. */
export type PageSource =
  | { kind: 'html'; html: string; url?: string }
  | { kind: 'bytes'; bytes: Uint8Array; contentType?: string; url?: string }
  | { kind: 'fetch'; url: string };

/** The page of a JSON body or batch item: its `html`, else its `url` to fetch. */
export function sourceOf(page: PageBody, where = 'body'): PageSource {
  if (typeof page.html === 'string') return { kind: 'html', html: page.html, url: page.url };
  if (typeof page.url === 'string') return { kind: 'fetch', url: page.url };
  throw new RequestError('BAD_REQUEST', `${where} must have html (the page) or url (to fetch)`);
}

export function settingsFrom(body: SettingsBody): ExtractSettings {
  const format = (body.format ?? 'markdown') as OutputFormat;
  if (!OUTPUT_FORMATS.includes(format)) {
    throw new PithError(
      'UNKNOWN_FORMAT',
      `unknown format '${format}' (choose from ${OUTPUT_FORMATS.join(', ')})`,
    );
  }
  const extractor = getExtractor(body.extractor ?? 'pith').name;
  return {
    format,
    ...(body.contentFormat ? { contentFormat: body.contentFormat } : {}),
    extractor,
    options: serviceOptions(extractor, body.options ?? {}),
    ...(body.title === undefined ? {} : { title: body.title }),
    ...asIsBooleans(body),
    include: body.include ?? [],
    ...(body.chunks
      ? {
          chunks: {
            maxTokens: body.maxTokens ?? 512,
            overlap: body.overlap ?? 0,
            tokenizer: body.tokenizer ?? 'estimate',
          },
        }
      : {}),
  };
}

/** The options of `extract()` the service takes as they are, from the library's option table. */
const AS_IS_SERVICE_OPTIONS = (EXTRACT_OPTIONS as readonly ExtractOptionSpec[]).filter(
  (spec) => spec.service && spec.wiring === 'as-is',
);

/** The boolean ones a body sets, their table defaults filled in. */
function asIsBooleans(body: SettingsBody): Record<AsIsBooleanOption, boolean> {
  const values: Partial<Record<AsIsBooleanOption, boolean>> = {};
  for (const spec of AS_IS_SERVICE_OPTIONS) {
    if (spec.type !== 'boolean') continue;
    const name = spec.name as AsIsBooleanOption;
    // own-keys: an option of the table
    values[name] = body[name] ?? spec.default === true;
  }
  return values as Record<AsIsBooleanOption, boolean>;
}

/** The settings `extract()` takes as they are (the table's as-is options). */
export function asIsExtractOptions(settings: ExtractSettings): Partial<ExtractOptions> {
  const options: Record<string, unknown> = {};
  const given = settings as unknown as Record<string, unknown>;
  for (const spec of AS_IS_SERVICE_OPTIONS) {
    // own-keys: the table's option names
    const value = given[spec.name];
    // own-keys: the table's option names
    if (value !== undefined) options[spec.name] = value;
  }
  return options as Partial<ExtractOptions>;
}

export function settingsFromQuery(query: SettingsQuery): ExtractSettings {
  const include = (query.include ?? []).flatMap((item) => item.split(',')).filter((item) => item !== '');
  for (const item of include) {
    if (!(INCLUDES as readonly string[]).includes(item)) {
      throw new RequestError('BAD_REQUEST', `unknown include '${item}' (choose from ${INCLUDES.join(', ')})`);
    }
  }
  const { option, ...rest } = query;
  const settings = settingsFrom({ ...rest, include: [...new Set(include)] as Include[] });
  settings.options = serviceOptions(settings.extractor, optionsFromQuery(settings.extractor, option ?? []));
  return settings;
}

/** `option=name=value` query parameters, typed by the extractor's parameter declarations. */
function optionsFromQuery(
  extractorName: string,
  raw: readonly string[],
): Record<string, string | number | boolean> {
  const parameters: readonly ExtractorParameter[] = getExtractor(extractorName).parameters;
  // No prototype: a name such as __proto__ is kept as a key, and refused by serviceOptions.
  const options: Record<string, string | number | boolean> = Object.create(null);
  for (const item of raw) {
    const equals = item.indexOf('=');
    const name = item.slice(0, equals);
    const value = item.slice(equals + 1);
    const parameter = parameters.find((candidate) => candidate.name === name);
    if (parameter?.type === 'number') {
      const number = Number(value);
      if (value.trim() === '' || !Number.isFinite(number)) {
        throw new PithError('BAD_OPTION', `parameter '${name}' of '${extractorName}' must be a number`);
      }
      options[name] = number;
    } else if (parameter?.type === 'boolean') {
      if (!/^(true|false)$/.test(value)) {
        throw new PithError('BAD_OPTION', `parameter '${name}' of '${extractorName}' must be true or false`);
      }
      options[name] = value === 'true';
    } else {
      options[name] = value;
    }
  }
  return options;
}
