/**
 * pith's import rules (docs/decisions.md, "Import rules" and "Packages"; ../shared/DESIGN.md, "Suggested
 * layout"), checked by `npm run lint:imports` (part of `npm run lint` and so of .ci/run).
 *
 * Packages (npm workspaces under packages/): the library `pith` (packages/pith) and the tools beside it,
 * @pith/tools (what the tools share that needs Node: fetching, reading files, model files, Chromium),
 * @pith/crawl (batch, output, queue, warc, feed), @pith/server, @pith/workbench (eval, train) and
 * @pith/cli. A tool reaches the library only through its two doors, `pith` (src/index.ts, the public
 * API) and `pith/internal` (src/internal.ts, named exports for the tools), and another tool package
 * only through its exports (a room's index.ts).
 *
 * Inside the library: rooms (dom, input, metadata, learn, layout, features/*, extractors/*, format,
 * quality) and a few one-file leaves (errors, random, version, model-files, base64, page-types), each room used
 * through its door (index.ts). Tests (test/) may open any room: they test rooms from the inside.
 */
const LIB = '^packages/pith/src/';
const LIBRARY = `${LIB}(dom|input|metadata|learn|layout|features|extractors|format|quality)/`;
const LEAVES = `${LIB}(errors|random|version|model-files|base64|page-types)\\.ts$`;
/**
 * The npm packages the library may use: each runs in any JavaScript runtime (checked by
 * `npm run check:neutral`, which bundles the library for a neutral platform). chardet is used through
 * its recognisers' files: its entry point reads files too.
 */
const RUNS_ANYWHERE = '^node_modules/(htmlparser2|entities|mathml-to-latex|stemmer|gpt-tokenizer|chardet/lib/(encoding|match))';
const DOORS = `${LIB}(index|internal)\\.ts$`;
const TOOLS = '^(packages/(tools|crawl|server|workbench|cli)/|bench/)';
/** The exports of the tool packages (package.json "exports"; tsconfig.json "paths" maps them to these). */
const TOOL_DOORS = [
  '^packages/(tools|server)/src/index\\.ts$',
  '^packages/crawl/src/(batch|output|queue|warc|feed)/index\\.ts$',
  '^packages/workbench/src/(eval|eval/peers|train)/index\\.ts$',
];
/** Rooms with a door (index.ts) directly under the library's src/. */
const ROOMS = `${LIB}(dom|input|metadata|learn|layout|format|quality)/`;
/** Door files of the library: a room's index.ts, a feature's or an extractor's. */
const DOOR_FILES = [`${LIB}[^/]+/index\\.ts$`, `${LIB}(features|extractors)/[^/]+/index\\.ts$`];
const WHERE = 'see docs/decisions.md, "Import rules"';

/** A library room may import only the rooms listed, besides itself and the leaves. */
function onlyFrom(name, room, allowed, why) {
  return {
    name,
    comment: `${why} (${WHERE})`,
    severity: 'error',
    from: { path: `${LIB}${room}/` },
    to: { path: LIB, pathNot: [`${LIB}${room}/`, LEAVES, ...allowed.map((other) => `${LIB}${other}/`)] },
  };
}

module.exports = {
  forbidden: [
    {
      name: 'library-runs-anywhere',
      comment:
        'the library (packages/pith) imports no Node built-in and no package outside the ones that run in ' +
        `any JavaScript runtime (${WHERE}, "One library for every runtime")`,
      severity: 'error',
      from: { path: LIB },
      to: { pathNot: [LIB, RUNS_ANYWHERE, '^packages/pith/models/[^/]+\\.js$'] },
    },
    {
      name: 'packages-declare-what-they-import',
      comment:
        "a package's code imports only the npm packages its own package.json lists in dependencies " +
        '(an installed tarball has nothing else; the development tools are the repository root\'s)',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/' },
      to: {
        dependencyTypes: ['npm-dev', 'npm-no-pkg', 'npm-unknown', 'npm-optional', 'npm-peer'],
        // The service's page compiles its script with TypeScript only when it runs from source (tsx),
        // where the repository's development tools are; a built package reads the compiled script.
        // gpt-tokenizer is the library's optional peer (exact token counts), imported only when asked
        // for, with a clear error when absent (format/chunks.ts); the tool packages depend on it.
        pathNot: '^node_modules/(typescript|gpt-tokenizer)/',
      },
    },
    {
      name: 'tools-use-the-doors',
      comment: `the tools reach the library only through 'pith' (src/index.ts) or 'pith/internal' (src/internal.ts) (${WHERE})`,
      severity: 'error',
      from: { path: TOOLS },
      to: { path: LIB, pathNot: DOORS },
    },
    {
      name: 'library-never-uses-tools-or-doors',
      comment: `the library's rooms never import a tool, src/index.ts or src/internal.ts (${WHERE})`,
      severity: 'error',
      from: { path: [LIBRARY, LEAVES] },
      to: { path: [TOOLS, DOORS] },
    },
    {
      name: 'doors-never-use-tools',
      comment: `src/index.ts and src/internal.ts open the library's rooms, never a tool (${WHERE})`,
      severity: 'error',
      from: { path: DOORS },
      to: { path: TOOLS },
    },
    {
      name: 'packages-through-their-exports',
      comment: `a tool package uses another only through its exports (a room's index.ts) (${WHERE}, "Packages")`,
      severity: 'error',
      from: { path: '^(packages/([^/]+)/|bench/)' },
      to: { path: '^packages/(tools|crawl|server|workbench|cli)/', pathNot: ['^packages/$2/', ...TOOL_DOORS] },
    },
    {
      name: 'tools-package-uses-only-the-library',
      comment: `@pith/tools (what the tools share) uses the library and no tool (${WHERE}, "Packages")`,
      severity: 'error',
      from: { path: '^packages/tools/' },
      to: { path: '^packages/(crawl|server|workbench|cli)/' },
    },
    {
      name: 'tool-packages-use-only-tools',
      comment: `@pith/crawl, @pith/server and @pith/workbench use the library and @pith/tools, no other tool; the CLI uses them all (${WHERE}, "Packages")`,
      severity: 'error',
      from: { path: '^packages/(crawl|server|workbench)/' },
      to: { path: '^packages/(crawl|server|workbench|cli)/', pathNot: '^packages/$1/' },
    },
    {
      name: 'rooms-of-a-tool-package-through-their-door',
      comment: `one room of a tool package uses another only through its index.ts (${WHERE})`,
      severity: 'error',
      from: { path: '^packages/(crawl|workbench)/src/([^/]+)/' },
      to: { path: '^packages/$1/src/', pathNot: ['^packages/$1/src/$2/', ...TOOL_DOORS] },
    },
    {
      name: 'train-uses-only-eval',
      comment: `training uses eval/ (the dataset readers) and no other tool (${WHERE})`,
      severity: 'error',
      from: { path: '^packages/workbench/src/train/' },
      to: { path: '^packages/(cli|server|crawl)/' },
    },
    {
      name: 'eval-uses-no-tool',
      comment: `eval/ uses no other tool but @pith/tools (${WHERE})`,
      severity: 'error',
      from: { path: '^packages/workbench/src/eval/' },
      to: { path: '^packages/workbench/src/train/' },
    },
    {
      name: 'batch-uses-only-output',
      comment: `the batch runner uses output/ (records, files, checkpoints) and the readers of archives and feeds, no other tool (${WHERE})`,
      severity: 'error',
      from: { path: '^packages/crawl/src/batch/' },
      to: { path: '^packages/crawl/src/queue/' },
    },
    {
      name: 'output-warc-and-feed-use-no-tool',
      comment: `output/ and the readers of archives and feeds use no other room of @pith/crawl (${WHERE})`,
      severity: 'error',
      from: { path: '^packages/crawl/src/(output|warc|feed)/' },
      to: { path: '^packages/crawl/src/', pathNot: '^packages/crawl/src/$1/' },
    },
    onlyFrom('dom-is-the-floor', 'dom', [], 'dom/ imports nothing but itself and the leaves'),
    onlyFrom('input-stays-input', 'input', ['dom'], 'input/ uses only dom/ (never an extractor or format/)'),
    onlyFrom(
      'metadata-reads-the-doc',
      'metadata',
      ['dom', 'learn'],
      'metadata/ uses only dom/ and learn/ (the learned choice of its title, authors and date)',
    ),
    onlyFrom('learn-stands-alone', 'learn', [], 'learn/ (the learning library) uses no other room'),
    onlyFrom('layout-reads-the-doc', 'layout', ['dom'], 'layout/ uses only dom/'),
    onlyFrom(
      'features-are-shared-signals',
      'features',
      ['dom', 'metadata', 'learn', 'layout'],
      'features/ (signals shared by extractors and format/) use dom/, metadata/, learn/, layout/ and each other, never an extractor, input/ or format/',
    ),
    onlyFrom(
      'format-renders-only',
      'format',
      ['dom', 'metadata', 'features'],
      'format/ renders what it is given: it uses dom/, metadata/ and the signals of features/ (footnotes, code, comments), never an extractor',
    ),
    onlyFrom(
      'extractors-use-dom-and-features',
      'extractors',
      ['dom', 'metadata', 'features', 'learn', 'layout'],
      'an extractor uses dom/, metadata/, features/, learn/ and layout/, never format/, input/ or a tool',
    ),
    onlyFrom(
      'quality-reads-the-extraction',
      'quality',
      ['dom', 'metadata', 'features', 'learn', 'extractors'],
      'quality/ estimates an extraction from the Doc, its metadata and shared signals; it never renders (format/) or reads bytes (input/)',
    ),
    {
      name: 'no-extractor-imports-another',
      comment: `one extractor never imports another: shared signals live in dom/ or features/ (${WHERE})`,
      severity: 'error',
      from: { path: `${LIB}extractors/([^/]+)/` },
      to: { path: `${LIB}extractors/[^/]+/`, pathNot: `${LIB}extractors/$1/` },
    },
    {
      name: 'rooms-through-their-door',
      comment: `another room is imported through its index.ts, never a file inside it (${WHERE})`,
      severity: 'error',
      from: { path: `${LIB}([^/]+)/` },
      to: { path: ROOMS, pathNot: [`${LIB}$1/`, ...DOOR_FILES] },
    },
    {
      name: 'rooms-through-their-door-from-doors',
      comment: `a room is imported through its index.ts, never a file inside it (${WHERE})`,
      severity: 'error',
      from: { path: `${LIB}[^/]+\\.ts$` },
      to: { path: ROOMS, pathNot: DOOR_FILES },
    },
    {
      name: 'features-and-extractors-through-their-door',
      comment: `a feature or an extractor is imported through its index.ts (${WHERE})`,
      severity: 'error',
      from: { path: LIB, pathNot: `${LIB}(features|extractors)/[^/]+/` },
      to: { path: `${LIB}(features|extractors)/[^/]+/`, pathNot: DOOR_FILES },
    },
    {
      name: 'features-and-extractors-through-their-door-from-inside',
      comment: `a feature or an extractor is imported through its index.ts (${WHERE})`,
      severity: 'error',
      from: { path: `${LIB}(features|extractors)/([^/]+)/` },
      to: { path: `${LIB}(features|extractors)/[^/]+/`, pathNot: [`${LIB}$1/$2/`, ...DOOR_FILES] },
    },
    {
      name: 'no-cycles',
      comment: `no import cycles: rooms form layers (${WHERE})`,
      severity: 'error',
      from: { path: '^packages/' },
      to: { circular: true },
    },
  ],
  options: {
    // The library's imports of packages and Node built-ins are in the graph (library-runs-anywhere),
    // not what is inside the packages.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|models)/|^(test|scripts)/|^packages/[^/]+/(scripts|bin)/' },
    // Each package's dependencies are its own package.json's (packages-declare-what-they-import).
    combinedDependencies: false,
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'], exportsFields: ['exports'], conditionNames: ['import', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
