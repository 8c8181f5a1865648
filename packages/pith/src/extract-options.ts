/**
 * The options of `extract()` as one table (issue 39, item 6): the library's `ExtractOptions` is
 * checked against it (index.ts), and the tools derive from it what they used to wire by hand —
 * `pith extract`'s flags (packages/cli), the service's request schema, its OpenAPI and the settings
 * it passes on (packages/server), and the README's option list (scripts/extract-options-doc.ts).
 * Plain data: the library's entry does not import it (no bytes in the browser bundle); the tools
 * read it through `pith/internal`.
 */

/** One option of `extract()`. */
export interface ExtractOptionSpec {
  /** Its key in `ExtractOptions` (and, when the service takes it, in a request's settings). */
  readonly name: string;
  /** The value's JSON type ('object': a structured value the tools wire by hand). */
  readonly type: 'string' | 'boolean' | 'object';
  readonly choices?: readonly string[];
  /** The library's default, when it has one. */
  readonly default?: string | boolean;
  /** What it does: the README's list and the service's schema say this. */
  readonly description: string;
  /**
   * `pith extract`'s flag for it, as commander declares it (`--no-images` for a default-true
   * boolean), and the flag's help; absent: no flag. Several flags (limits) are listed by name.
   */
  readonly cli?: { readonly flag: string; readonly help: string } | { readonly flags: readonly string[] };
  /** The service takes it under its name in a JSON body and a query string. */
  readonly service: boolean;
  /**
   * 'as-is': the CLI's flag value and the service's setting (its default filled in) go to
   * `extract()` unchanged, by the tools' generic code; 'own': they have code of their own
   * (a format mapped to the record's, an extractor name resolved, limits made of several flags).
   */
  readonly wiring: 'as-is' | 'own';
}

export const EXTRACT_OPTIONS = [
  {
    name: 'url',
    type: 'string',
    description: 'The page URL: resolves relative links and images, and is reported in JSON/XML.',
    cli: {
      flag: '--url <url>',
      help: "page URL for a file or stdin input: resolves relative links (default: the page's own canonical or og:url)",
    },
    // The service's page `url` is a page property (fetched when there is no `html`), not a setting.
    service: false,
    wiring: 'own',
  },
  {
    name: 'contentType',
    type: 'string',
    description: 'The HTTP `Content-Type` of the page, when known (its charset wins over `<meta>`).',
    service: false,
    wiring: 'own',
  },
  {
    name: 'format',
    type: 'string',
    choices: ['markdown', 'text', 'html', 'json', 'xml'],
    default: 'markdown',
    description: 'Output format of the content.',
    cli: { flag: '-f, --format <format>', help: 'output format' },
    service: true,
    wiring: 'own',
  },
  {
    name: 'contentFormat',
    type: 'string',
    choices: ['text', 'markdown', 'html'],
    default: 'text',
    description: 'For json: the format of the content inside.',
    cli: { flag: '--content-format <format>', help: 'format of the content inside json output' },
    service: true,
    wiring: 'own',
  },
  {
    name: 'extractor',
    type: 'string',
    default: 'pith',
    description: 'Extractor name (`EXTRACTORS`; the service lists them at GET /v1/extractors).',
    cli: { flag: '-e, --extractor <name>', help: 'extraction algorithm (see below)' },
    service: true,
    wiring: 'own',
  },
  {
    name: 'extractorOptions',
    type: 'object',
    description:
      "The chosen extractor's parameters by name (its `parameters` list them); the service's `options`, service-safe values only.",
    cli: { flags: ['--option'] },
    // The service's `options` (JSON) and `option=name=value` (query), service-safe values only.
    service: false,
    wiring: 'own',
  },
  {
    name: 'title',
    type: 'string',
    description: 'The article title when known (from a feed, say): a hint for extractors that use one.',
    cli: { flag: '--title <title>', help: 'the article title, when known: a hint for extractors' },
    service: true,
    wiring: 'as-is',
  },
  {
    name: 'metadataModel',
    type: 'string',
    default: 'metadata',
    description:
      "The model that chooses the title, authors and date: a shipped model's name, or false for the rules' reading alone.",
    // A name the tools' model reader knows may be a file: not for a client of the service.
    service: false,
    wiring: 'own',
  },
  {
    name: 'diagnostics',
    type: 'boolean',
    default: false,
    description: "Include the extractor's diagnostics in JSON/XML output and in the result.",
    cli: { flag: '--diagnostics', help: "include the extractor's diagnostics (json/xml output)" },
    service: true,
    wiring: 'as-is',
  },
  {
    name: 'images',
    type: 'boolean',
    default: true,
    description: 'Keep images in Markdown and HTML output.',
    cli: { flag: '--no-images', help: 'leave images out of markdown and html output' },
    service: true,
    wiring: 'as-is',
  },
  {
    name: 'links',
    type: 'boolean',
    default: true,
    description: 'Keep links in Markdown and HTML output.',
    cli: { flag: '--no-links', help: 'keep link text but not link targets in markdown and html output' },
    service: true,
    wiring: 'as-is',
  },
  {
    name: 'comments',
    type: 'boolean',
    default: false,
    description:
      "The page's comments apart from the body: a final section of the content, a `comments` list in JSON, XML and the result.",
    cli: {
      flag: '--comments',
      help: "output the page's comments apart from the body (a final section; a list in json/xml)",
    },
    service: true,
    wiring: 'as-is',
  },
  {
    name: 'keepComments',
    type: 'boolean',
    default: false,
    description:
      "Leave readers' comments in the body as the extractor selected them (by default they are left out).",
    cli: {
      flag: '--keep-comments',
      help: "leave readers' comments in the body as the extractor selected them (by default they are left out)",
    },
    service: true,
    wiring: 'as-is',
  },
  {
    name: 'titleHeading',
    type: 'boolean',
    default: false,
    description:
      'Print the page title as a heading on top of the content (by default the content is the body; the title is in the metadata).',
    cli: {
      flag: '--title-heading',
      help: 'print the page title as a heading on top of the content (by default the content is the body; the title is in the metadata)',
    },
    service: true,
    wiring: 'as-is',
  },
  {
    name: 'frontMatter',
    type: 'boolean',
    default: false,
    description: 'Put YAML front matter (title, authors, dates, URL, site…) on top of Markdown and text.',
    cli: {
      flag: '--front-matter',
      help: 'put YAML front matter (title, authors, dates, URL, site…) on top of markdown and text',
    },
    service: true,
    wiring: 'as-is',
  },
  {
    name: 'viewport',
    type: 'object',
    description: 'Viewport `{ width, height }` for extractors that need a layout (`vce`), default 1366×768.',
    cli: { flag: '--viewport <WxH>', help: 'browser viewport for visual extractors (default: 1366x768)' },
    service: false,
    wiring: 'own',
  },
  {
    name: 'limits',
    type: 'object',
    description:
      'Bounds on each page: `maxBytes` (32 MiB, checked on the bytes before decoding), `maxInputLength` (characters), `maxNodes`, `maxDepth`, `timeoutMs` (10,000: the budget of the whole call).',
    cli: { flags: ['--max-bytes', '--max-depth', '--max-nodes', '--timeout'] },
    // The service's own limits apply (pith serve's flags).
    service: false,
    wiring: 'own',
  },
] as const satisfies readonly ExtractOptionSpec[];

/** The names of `extract()`'s options. */
export type ExtractOptionName = (typeof EXTRACT_OPTIONS)[number]['name'];

/** The boolean options the CLI and the service pass to `extract()` as they are. */
export type AsIsBooleanOption = Extract<
  (typeof EXTRACT_OPTIONS)[number],
  { wiring: 'as-is'; type: 'boolean' }
>['name'];

/** Where the README's option list starts and ends (scripts/extract-options-doc.ts rewrites it). */
export const EXTRACT_OPTIONS_DOC_MARKERS = [
  '<!-- extract-options: written by npm run docs:options -->',
  '<!-- /extract-options -->',
] as const;

/** The README's list of `extract()`'s options: a Markdown table made from EXTRACT_OPTIONS. */
export function extractOptionsMarkdown(): string {
  const code = (text: string) => `\`${text}\``;
  const rows = (EXTRACT_OPTIONS as readonly ExtractOptionSpec[]).map((spec) => {
    const values = spec.choices ? spec.choices.map(code).join(', ') : spec.type;
    const shown = spec.default === undefined ? '' : ` (default ${code(String(spec.default))})`;
    const flags = !spec.cli
      ? '–'
      : 'flag' in spec.cli
        ? code(spec.cli.flag.replace(/ <.*$/, ''))
        : spec.cli.flags.map(code).join(', ');
    return `| ${code(spec.name)} | ${values}${shown} | ${spec.description.replaceAll('|', '\\|')} | ${flags} | ${spec.service ? 'yes' : '–'} |`;
  });
  return [
    '| Option | Values | What it does | `pith extract` | Service |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
