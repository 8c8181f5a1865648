import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import {
  BrowserLayoutEngine,
  browserAvailability,
  fetchPage,
  readInputFile,
  readInputStream,
  renderBlocksScreenshot,
} from '@pith/tools';
import { Command, InvalidArgumentError, Option } from 'commander';
import {
  type ChunkOptions,
  chunkRecords,
  DEFAULT_LIMITS,
  DEFAULT_MAX_INPUT_BYTES,
  EXTRACTORS,
  type ExtractOptions,
  type ExtractorParameter,
  type ExtractResult,
  emptyRecord,
  extract,
  extractAsync,
  isPithError,
  loadTokenCounter,
  type OutputFormat,
  type PageRecord,
  PithError,
  pageRecord,
  pageUrl,
  RECORD_CONTENT_FORMATS,
  type RecordContentFormat,
  type Viewport,
} from 'pith';
import { EXTRACT_OPTIONS, type ExtractOptionSpec, plotExtraction, readXmlPages } from 'pith/internal';
import { describeSource, expandInputs, type InputSource, mappedUrl, parseUrlMap } from './inputs.js';
import { cliMessage } from './messages.js';
import {
  addChunkOptions,
  BELOW_QUALITY_CHOICES,
  type BelowQuality,
  type ChunkFlags,
  collectOption,
  isBelowQuality,
  positiveInteger,
  qualityThreshold,
} from './options.js';
import { createProgress } from './progress.js';

interface ExtractCommandOptions extends ChunkFlags {
  format: OutputFormat;
  contentFormat: 'text' | 'markdown' | 'html';
  extractor: string;
  url?: string;
  urlMap?: string;
  /** `--url-map`'s URLs by file path (read once, before the first input). */
  urls?: ReadonlyMap<string, string>;
  title?: string;
  out?: string;
  option?: Record<string, unknown>;
  diagnostics?: boolean;
  images: boolean;
  links: boolean;
  comments?: boolean;
  keepComments?: boolean;
  titleHeading?: boolean;
  frontMatter?: boolean;
  allowPrivate?: boolean;
  timeout: number;
  maxBytes: number;
  maxDepth?: number;
  maxNodes?: number;
  progress: boolean;
  layout: 'auto' | 'browser' | 'estimate';
  viewport?: Viewport;
  screenshot?: string;
  plot?: string;
  inputFormat: 'html' | 'xml';
  minQuality?: number;
  belowQuality: BelowQuality;
  /** The chunk options, the counter loaded (only with --chunks). */
  chunking?: ChunkOptions;
  /** Several inputs to standard output: one page record a line (the library's `json` format). */
  recordLines?: boolean;
}

/** What one input produced: a result or an error. */
type Outcome = (
  | { source: InputSource; result: ExtractResult; url?: string }
  | { source: InputSource; error: Error }
) & {
  /** Names a page inside an XML batch input. */
  label?: string;
};

const FILE_EXTENSION: Record<OutputFormat, string> = {
  text: 'txt',
  markdown: 'md',
  html: 'html',
  json: 'json',
  xml: 'xml',
};

const USAGE_ERRORS = new Set(['UNKNOWN_EXTRACTOR', 'UNKNOWN_FORMAT', 'BAD_OPTION']);

function viewportSize(value: string): Viewport {
  const match = /^(\d{2,5})x(\d{2,5})$/i.exec(value.trim());
  if (!match) throw new InvalidArgumentError('expected WIDTHxHEIGHT, e.g. 1366x768');
  return { width: Number(match[1]), height: Number(match[2]) };
}

function kebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** One CLI flag per extractor parameter: parameter `method` of `ttr` is `--ttr-method`. */
interface ParameterFlag {
  extractor: string;
  parameter: ExtractorParameter;
  /** The key commander stores the value under (camel case of the flag). */
  key: string;
}

function parameterFlags(): ParameterFlag[] {
  const flags: ParameterFlag[] = [];
  for (const [extractor, definition] of Object.entries(EXTRACTORS)) {
    for (const parameter of definition.parameters as readonly ExtractorParameter[]) {
      const flag = `${extractor}-${kebabCase(parameter.name)}`;
      const key = flag.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
      flags.push({ extractor, parameter, key });
    }
  }
  return flags;
}

/** Parses a flag value by the parameter's declared type. */
function parseParameter(parameter: ExtractorParameter) {
  return (raw: string): number | boolean | string => {
    if (parameter.type === 'number') {
      const value = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(value)) throw new InvalidArgumentError('expected a number');
      return value;
    }
    if (parameter.type === 'boolean') {
      if (/^(true|yes|1|on)$/i.test(raw)) return true;
      if (/^(false|no|0|off)$/i.test(raw)) return false;
      throw new InvalidArgumentError('expected true or false');
    }
    if (parameter.choices && !parameter.choices.includes(raw)) {
      throw new InvalidArgumentError(`expected one of ${parameter.choices.join(', ')}`);
    }
    return raw;
  };
}

/**
 * The extractor options given on the command line: `--option name=value` pairs and
 * the chosen extractor's own flags. A flag of another extractor is a usage error.
 */
function extractorOptionsFrom(
  options: ExtractCommandOptions,
  flags: readonly ParameterFlag[],
): Record<string, unknown> {
  const collected: Record<string, unknown> = { ...(options.option ?? {}) };
  const given = options as unknown as Record<string, unknown>;
  for (const flag of flags) {
    // own-keys: a parameter flag's own key
    const value = given[flag.key];
    if (value === undefined) continue;
    if (flag.extractor !== options.extractor) {
      throw new PithError(
        'BAD_OPTION',
        `--${flag.extractor}-${kebabCase(flag.parameter.name)} is a parameter of the '${flag.extractor}' extractor, not of '${options.extractor}'`,
      );
    }
    // own-keys: an extractor parameter's name
    collected[flag.parameter.name] = value;
  }
  return collected;
}

/** ` (choices: "a", "b", default: "a")` as commander writes it for its own options; no empty default. */
function choicesAndDefault(parameter: ExtractorParameter): string {
  const parts: string[] = [];
  if (parameter.choices)
    parts.push(`choices: ${parameter.choices.map((choice) => JSON.stringify(choice)).join(', ')}`);
  if (parameter.default !== '' && parameter.default !== undefined)
    parts.push(`default: ${JSON.stringify(parameter.default)}`);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** Values of a table option's flag that are not plain strings: their parsers. */
const FLAG_PARSERS: Readonly<Record<string, (value: string) => unknown>> = { viewport: viewportSize };

/**
 * The flags of `extract()`'s options, from the library's option table (EXTRACT_OPTIONS): each
 * option with a flag of its own, its choices and default. A default-true boolean is `--no-NAME`.
 */
function tableOptions(): Option[] {
  const options: Option[] = [];
  for (const spec of EXTRACT_OPTIONS as readonly ExtractOptionSpec[]) {
    if (!spec.cli || !('flag' in spec.cli)) continue;
    const option = new Option(spec.cli.flag, spec.cli.help);
    if (spec.choices) option.choices([...spec.choices]);
    // A boolean flag's default is commander's (undefined; true for --no-NAME): extract()'s own.
    if (spec.default !== undefined && spec.type !== 'boolean') option.default(spec.default);
    // own-keys: a table option's name
    const parse = Object.hasOwn(FLAG_PARSERS, spec.name) ? FLAG_PARSERS[spec.name] : undefined;
    if (parse) option.argParser(parse);
    options.push(option);
  }
  return options;
}

/** The options of `extract()` the CLI passes as its flags give them (the table's as-is ones). */
export function asIsExtractOptions(given: Readonly<Record<string, unknown>>): Partial<ExtractOptions> {
  const options: Record<string, unknown> = {};
  for (const spec of EXTRACT_OPTIONS as readonly ExtractOptionSpec[]) {
    // own-keys: a table option's name
    if (spec.wiring === 'as-is' && Object.hasOwn(given, spec.name)) options[spec.name] = given[spec.name];
  }
  return options as Partial<ExtractOptions>;
}

/** Builds `pith extract`. */
export function extractCommand(): Command {
  const flags = parameterFlags();
  const extractorList = Object.entries(EXTRACTORS)
    .map(([name, extractor]) => `  ${name.padEnd(10)} ${extractor.description}`)
    .join('\n');
  const command = new Command('extract')
    .description(
      'Extract the main content of web pages.\n\n' +
        'Each INPUT is a file, a directory (every .html/.htm/.xhtml file under it, gzipped or not), ' +
        'an http(s) URL, or - for standard input. One input prints its content; several print one ' +
        'page record per line (JSON Lines, schemas/record.schema.json: the content in the field of ' +
        'its format, of --content-format for json, in xml for xml), or write one file each with --out.',
    )
    .argument('<inputs...>', 'files, directories, URLs, or - for standard input');
  // extract()'s own options first (-f, -e, …), as the library's option table lists them.
  for (const option of tableOptions()) command.addOption(option);
  command
    .option(
      '--url-map <file>',
      "each file's page URL, one 'PATH URL' a line (PATH as named, or under its directory argument)",
    )
    .option(
      '-o, --out <dir>',
      'write one file per input into this directory, mirroring the folders under each directory argument, and _manifest.jsonl',
    )
    .option('--option <name=value>', 'an extractor parameter (repeatable)', collectOption)
    .option('--allow-private', 'let URL inputs reach private, loopback and link-local addresses')
    .option('--timeout <ms>', 'time budget per page, fetching included', positiveInteger, 15_000)
    .option(
      '--max-bytes <n>',
      'largest page accepted, in bytes (after gunzip)',
      positiveInteger,
      DEFAULT_MAX_INPUT_BYTES,
    )
    .option(
      '--max-depth <n>',
      `deepest element nesting accepted (default ${DEFAULT_LIMITS.maxDepth})`,
      positiveInteger,
    )
    .option(
      '--max-nodes <n>',
      `most nodes a page may have (default ${DEFAULT_LIMITS.maxNodes})`,
      positiveInteger,
    )
    .option('--no-progress', 'no progress bar, even on a terminal')
    .addOption(
      new Option(
        '--input-format <format>',
        "inputs are HTML pages, or XML batches of pages (CUTER's format, schemas/pages.xsd)",
      )
        .choices(['html', 'xml'])
        .default('html'),
    )
    .option(
      '--plot <file.svg>',
      'write the per-line plot of a line-based extractor (ttr, density) for one input',
    )
    .addOption(
      new Option(
        '--layout <source>',
        'layout for visual extractors (vce): a headless browser, an estimate, or auto',
      )
        .choices(['auto', 'browser', 'estimate'])
        .default('auto'),
    )
    .option(
      '--min-quality <q>',
      "pages whose quality (pith's expected F1, 0–1) is under q are flagged or dropped (--below-quality)",
      qualityThreshold,
    )
    .addOption(
      new Option(
        '--below-quality <action>',
        'flag: output them, with a line on stderr and belowQuality: true in JSON Lines; drop: no output for them',
      )
        .choices([...BELOW_QUALITY_CHOICES])
        .default('flag'),
    );
  addChunkOptions(
    command,
    "the body's Markdown in chunks for retrieval: JSON Lines, one chunk a record with the page's URL and metadata",
  )
    .option(
      '--screenshot <file.png>',
      "render the page with the visual extractor's blocks outlined, for one input",
    )
    .addHelpText(
      'after',
      `\nExtractors:\n${extractorList}\n\nExit status: 0 all inputs succeeded, 1 some failed, 2 usage error.\n\n` +
        'Examples:\n  pith extract examples/article.html\n  pith extract -f json --url https://example.com/a page.html\n' +
        '  pith extract pages/ --out extracted/ -f text\n  curl -s https://example.com | pith extract - --url https://example.com',
    )
    .action(async (inputs: string[], options: ExtractCommandOptions) => {
      options.option = extractorOptionsFrom(options, flags);
      process.exitCode = await runExtract(inputs, options);
    });
  for (const flag of flags) {
    const { parameter } = flag;
    command.addOption(
      new Option(
        `--${flag.extractor}-${kebabCase(parameter.name)} <${parameter.type}>`,
        `[${flag.extractor}] ${parameter.description}${choicesAndDefault(parameter)}`,
      ).argParser(parseParameter(parameter)),
    );
  }
  return command;
}

async function runExtract(inputs: string[], options: ExtractCommandOptions): Promise<number> {
  const sources = await expandInputs(inputs);
  if (sources.length === 0) {
    process.stderr.write('pith: no page files found in the given inputs\n');
    return 1;
  }
  if ((options.plot || options.screenshot) && sources.length !== 1) {
    throw new PithError('BAD_OPTION', '--plot and --screenshot take exactly one input');
  }
  if (options.out) await makeOutputDirectory(options.out);
  if (options.urlMap) {
    const text = await readFile(options.urlMap, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new PithError('BAD_OPTION', `--url-map ${options.urlMap}: ${error.code ?? error.message}`);
    });
    options.urls = parseUrlMap(text, options.urlMap);
  }
  if (options.chunks) {
    // The tokenizer is loaded only when chunks are asked for (1.2 MB of ranks).
    options.chunking = {
      maxTokens: options.maxTokens,
      overlap: options.overlap,
      tokens: await loadTokenCounter(options.tokenizer),
    };
  }
  // One HTML input prints its content; XML batches and several inputs print JSON Lines.
  const single = sources.length === 1 && !options.out && options.inputFormat !== 'xml';
  options.recordLines = !single && !options.out && !options.chunks;
  const browser = await launchBrowserIfNeeded(options);
  try {
    return await runBatch(sources, options, single, browser);
  } finally {
    await browser?.close();
  }
}

/** `--out DIR`: made when missing; a clean usage error when it cannot be (a file of that name…). */
async function makeOutputDirectory(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EEXIST' || code === 'ENOTDIR'
        ? 'it exists and is not a directory'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : (error as Error).message;
    throw new PithError('BAD_OPTION', `--out ${dir}: cannot write into it: ${why}`);
  }
}

/** One browser for the whole batch, when the extractor lays pages out and a browser is wanted. */
async function launchBrowserIfNeeded(
  options: ExtractCommandOptions,
): Promise<BrowserLayoutEngine | undefined> {
  const wantsBrowser =
    options.screenshot !== undefined || (needsLayout(options.extractor) && options.layout !== 'estimate');
  if (!wantsBrowser) return undefined;
  const availability = await browserAvailability();
  if (!availability.available) {
    if (options.layout === 'browser' || options.screenshot) {
      throw new PithError(
        'BAD_OPTION',
        `no browser for --layout browser / --screenshot: ${availability.reason ?? 'Chromium not found'}`,
      );
    }
    process.stderr.write(
      `pith: no browser (${availability.reason ?? 'Chromium not found'}): using the estimated layout\n`,
    );
    return undefined;
  }
  return BrowserLayoutEngine.launch(options.viewport ? { viewport: options.viewport } : {});
}

function needsLayout(extractor: string): boolean {
  const table = EXTRACTORS as Record<string, { needsLayout?: boolean }>;
  return Object.hasOwn(table, extractor) && table[extractor].needsLayout === true;
}

async function runBatch(
  sources: InputSource[],
  options: ExtractCommandOptions,
  single: boolean,
  browser: BrowserLayoutEngine | undefined,
): Promise<number> {
  const progress = createProgress(single ? 0 : sources.length, options.progress);
  const started = performance.now();
  let failed = 0;
  let done = 0;
  let below = 0;
  const usedNames = new Set<string>();
  const manifest: ManifestEntry[] = [];
  for (const source of sources) {
    for await (const outcome of outcomesOf(source, options, browser)) {
      done++;
      if ('error' in outcome) failed++;
      else {
        await writeDiagnosticFiles(outcome.result, options, browser);
        // Read only when asked: the quality step runs when its result is first read.
        if (options.minQuality !== undefined && isBelowQuality(outcome.result.quality, options.minQuality)) {
          below++;
          reportBelowQuality(outcome, options);
          if (options.belowQuality === 'drop') {
            manifest.push(manifestEntry(outcome, null, 'dropped'));
            continue;
          }
        }
      }
      const output = await emit(outcome, options, single, usedNames);
      manifest.push(manifestEntry(outcome, output ?? null, 'error' in outcome ? 'failed' : 'ok'));
    }
    progress.tick(failed);
  }
  progress.stop();
  if (options.out) {
    await writeFile(
      join(options.out, MANIFEST_FILE),
      manifest.map((entry) => `${JSON.stringify(entry)}\n`).join(''),
    );
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (!single || done > 1) {
    const quality =
      options.minQuality === undefined
        ? ''
        : `, ${below} under quality ${options.minQuality}${options.belowQuality === 'drop' ? ' (dropped)' : ''}`;
    process.stderr.write(
      `pith: ${done} input${done === 1 ? '' : 's'}: ${done - failed} ok, ${failed} failed${quality} in ${seconds}s\n`,
    );
  }
  return failed > 0 ? 1 : 0;
}

/** A line on stderr for a page under `--min-quality`: its score and the reasons. */
function reportBelowQuality(
  outcome: Extract<Outcome, { result: ExtractResult }>,
  options: ExtractCommandOptions,
) {
  const name = outcome.label ?? describeSource(outcome.source);
  const { quality, reasons } = outcome.result;
  const why = reasons.length > 0 ? ` (${reasons.join(', ')})` : '';
  const action = options.belowQuality === 'drop' ? 'dropped' : 'flagged';
  process.stderr.write(
    `pith: ${name}: quality ${quality} under --min-quality ${options.minQuality}${why}: ${action}\n`,
  );
}

/** `--plot` and `--screenshot`: pictures of how the extractor decided. */
async function writeDiagnosticFiles(
  result: ExtractResult,
  options: ExtractCommandOptions,
  browser: BrowserLayoutEngine | undefined,
): Promise<void> {
  if (options.plot) {
    const svg = plotExtraction(result.extraction);
    if (svg === undefined) {
      throw new PithError(
        'BAD_OPTION',
        `--plot: the '${result.extractor.name}' extractor has no per-line plot (try ttr or density)`,
      );
    }
    await writeFile(options.plot, svg);
  }
  if (options.screenshot) {
    await renderBlocksScreenshot(result.extraction.doc, result.extraction, options.screenshot, {
      engine: browser,
      ...(options.viewport ? { viewport: options.viewport } : {}),
    });
  }
}

/**
 * What one input yields: one outcome for an HTML page, one per page for an XML
 * batch (`--input-format xml`); an XML file that cannot be read fails alone.
 */
async function* outcomesOf(
  source: InputSource,
  options: ExtractCommandOptions,
  browser: BrowserLayoutEngine | undefined,
): AsyncGenerator<Outcome> {
  if (options.inputFormat !== 'xml') {
    yield await runOne(source, options, browser);
    return;
  }
  let pages: ReturnType<typeof readXmlPages>;
  try {
    pages = readXmlPages((await load(source, options)).bytes);
  } catch (error) {
    yield { source, error: error instanceof Error ? error : new Error(String(error)) };
    return;
  }
  for (const [index, page] of pages.entries()) {
    const label = `${describeSource(source)}#${page.id ?? index + 1}`;
    const loaded = { bytes: page.html, url: page.url ?? options.url, contentType: page.contentType };
    yield {
      ...(await runOne(source, { ...options, title: page.title ?? options.title }, browser, loaded)),
      label,
    };
  }
}

async function runOne(
  source: InputSource,
  options: ExtractCommandOptions,
  browser: BrowserLayoutEngine | undefined,
  preloaded?: { bytes: string | Uint8Array; url: string | undefined; contentType: string | undefined },
): Promise<Outcome> {
  try {
    const { bytes, url, contentType } = preloaded ?? (await load(source, options));
    const extractOptions: ExtractOptions = {
      url,
      contentType,
      // JSON Lines of page records: the content in the column of its format (-f text, markdown,
      // html), or of --content-format (-f json); -f xml's article in `xml`.
      format: options.recordLines && options.format !== 'xml' ? 'json' : options.format,
      contentFormat:
        options.recordLines && isRecordContentFormat(options.format) ? options.format : options.contentFormat,
      extractor: options.extractor,
      extractorOptions: options.option,
      // title, diagnostics, images, links, comments, … (the library's option table)
      ...asIsExtractOptions(options as unknown as Record<string, unknown>),
      limits: limitsOf(options),
      ...(options.viewport ? { viewport: options.viewport } : {}),
    };
    if (!needsLayout(options.extractor)) return { source, result: extract(bytes, extractOptions), url };
    const result = await extractAsync(bytes, {
      ...extractOptions,
      layout: browser && options.layout !== 'estimate' ? browser : 'estimate',
      onLayoutError: options.layout === 'browser' ? 'error' : 'estimate',
    });
    for (const warning of result.warnings)
      process.stderr.write(`pith: ${describeSource(source)}: ${warning}\n`);
    return { source, result, url };
  } catch (error) {
    // Mistakes in the command line are usage errors, not failures of one input.
    if (isPithError(error) && USAGE_ERRORS.has(error.code)) throw error;
    return { source, error: error instanceof Error ? error : new Error(String(error)) };
  }
}

/**
 * The library's limits from the flags. A page of n bytes decodes to at most n UTF-16 code units,
 * so the characters limit follows the bytes limit (it would otherwise stop pages that --max-bytes lets in).
 */
function limitsOf(options: ExtractCommandOptions): NonNullable<ExtractOptions['limits']> {
  return {
    timeoutMs: options.timeout,
    maxBytes: options.maxBytes,
    maxInputLength: options.maxBytes,
    ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
    ...(options.maxNodes === undefined ? {} : { maxNodes: options.maxNodes }),
  };
}

async function load(
  source: InputSource,
  options: ExtractCommandOptions,
): Promise<{ bytes: Uint8Array; url: string | undefined; contentType: string | undefined }> {
  if (source.kind === 'url') {
    const page = await fetchPage(source.url, {
      allowPrivate: options.allowPrivate ?? false,
      timeoutMs: options.timeout,
      maxBytes: options.maxBytes,
    });
    return { bytes: page.bytes, url: page.url, contentType: page.contentType };
  }
  if (source.kind === 'stdin') {
    // Gzipped input is inflated as a file's is, within the same limit.
    const bytes = await readInputStream(process.stdin, {
      maxBytes: options.maxBytes,
      name: 'standard input',
    });
    return { bytes, url: options.url, contentType: undefined };
  }
  return {
    bytes: await readInputFile(source.path, { maxBytes: options.maxBytes }),
    url: (options.urls && mappedUrl(options.urls, source)) ?? options.url,
    contentType: undefined,
  };
}

/** Writes one outcome; with `--out`, returns the file written (relative to it). */
async function emit(
  outcome: Outcome,
  options: ExtractCommandOptions,
  single: boolean,
  usedNames: Set<string>,
): Promise<string | undefined> {
  const name = outcome.label ?? describeSource(outcome.source);
  if ('error' in outcome) {
    process.stderr.write(`pith: ${name}: ${oneLine(outcome.error, name)}\n`);
    if (!single && !options.out)
      process.stdout.write(`${JSON.stringify(errorRecord(name, outcome.error))}\n`);
    return;
  }
  const { result } = outcome;
  if (options.chunking) {
    const lines = chunkRecords(result, { ...options.chunking, ...(outcome.url ? { url: outcome.url } : {}) })
      .map((record) => `${JSON.stringify({ input: name, ...record })}\n`)
      .join('');
    if (options.out) {
      const name = outputName(outcome.source, options.format, usedNames).replace(
        /\.[^./]+$/,
        '.chunks.jsonl',
      );
      await writeOutput(options.out, name, lines);
      return name;
    }
    process.stdout.write(lines);
    return;
  }
  const content = result.content;
  if (options.out) {
    const name = outputName(outcome.source, options.format, usedNames);
    await writeOutput(options.out, name, ensureNewline(content));
    return name;
  }
  if (single) {
    process.stdout.write(ensureNewline(content));
    return;
  }
  // Several inputs: the page record -f json prints for one input (the library's), with `input`
  // and, under --min-quality, `belowQuality` filled in.
  const record: PageRecord & { xml?: string } =
    result.format === 'xml'
      ? {
          ...pageRecord({
            url: outcome.url,
            content: {},
            metadata: result.metadata,
            extractor: result.extractor,
            assessment: { quality: result.quality, pageType: result.pageType, reasons: result.reasons },
          }),
          xml: content,
        }
      : (JSON.parse(content) as PageRecord);
  record.input = name;
  if (options.minQuality !== undefined)
    record.belowQuality = isBelowQuality(result.quality, options.minQuality);
  process.stdout.write(`${JSON.stringify(record)}\n`);
}

function isRecordContentFormat(format: OutputFormat): format is RecordContentFormat {
  return (RECORD_CONTENT_FORMATS as readonly string[]).includes(format);
}

/** A failed input's page record: its error code and message, every other field null. */
function errorRecord(input: string, error: Error): PageRecord {
  return {
    ...emptyRecord(),
    input,
    errorCode: isPithError(error) ? error.code : 'INTERNAL',
    errorMessage: cliMessage(error),
  };
}

/** `CODE: message` on one line, without the input's name the line already starts with. */
function oneLine(error: Error, name: string): string {
  const code = isPithError(error) ? `${error.code}: ` : '';
  const full = cliMessage(error);
  const message = full.startsWith(`${name}: `)
    ? full.slice(name.length + 2)
    : full.replace(` ${name}: `, ': ');
  return `${code}${message}`.replace(/\s*\n\s*/g, ' ');
}

function ensureNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** `--out`'s list of what became of each input: input, output, status, quality. */
const MANIFEST_FILE = '_manifest.jsonl';

interface ManifestEntry {
  input: string;
  /** The file written, relative to `--out` (null: failed or dropped). */
  output: string | null;
  status: 'ok' | 'failed' | 'dropped';
  quality: number | null;
  url: string | null;
  errorCode?: string;
  errorMessage?: string;
}

function manifestEntry(
  outcome: Outcome,
  output: string | null,
  status: ManifestEntry['status'],
): ManifestEntry {
  const input = outcome.label ?? describeSource(outcome.source);
  if ('error' in outcome) {
    const { error } = outcome;
    return {
      input,
      output,
      status,
      quality: null,
      url: null,
      errorCode: isPithError(error) ? error.code : 'INTERNAL',
      errorMessage: cliMessage(error),
    };
  }
  const url = outcome.url ?? pageUrl(outcome.result) ?? null;
  return { input, output, status, quality: outcome.result.quality, url };
}

async function writeOutput(out: string, name: string, content: string): Promise<void> {
  const file = join(out, name);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
}

/**
 * A file name for an input's output, relative to `--out`: the input's path under its directory
 * argument (the tree mirrored), else its base name, with the format's extension; made unique.
 */
function outputName(source: InputSource, format: OutputFormat, usedNames: Set<string>): string {
  let stem = 'stdin';
  if (source.kind === 'file')
    stem = (source.relative ?? basename(source.path))
      .split(sep)
      .join('/')
      .replace(/\.(x?html?)(\.gz)?$/i, '');
  else if (source.kind === 'url')
    stem = source.url
      .replace(/^https?:\/\//i, '')
      .replace(/[^\w.-]+/g, '_')
      .slice(0, 120);
  let candidate = `${stem}.${FILE_EXTENSION[format]}`;
  for (let index = 2; usedNames.has(candidate); index++)
    candidate = `${stem}-${index}.${FILE_EXTENSION[format]}`;
  usedNames.add(candidate);
  return candidate;
}
