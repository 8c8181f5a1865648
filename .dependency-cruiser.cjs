/**
 * pith's import rules (docs/decisions.md, "Import rules"; ../shared/DESIGN.md, "Suggested layout"),
 * checked by `npm run lint:imports` (part of `npm run lint` and so of .ci/run).
 *
 * Rooms: the library's rooms (dom, input, metadata, learn, layout, features/*, extractors/*, format, quality)
 * and a few one-file leaves (errors, random, version, model-files); two doors over them, the public
 * API (src/index.ts) and the tools' door (src/internal.ts); the tools (cli, server, eval, train,
 * batch, output and the scripts in bench/), which use the library only through those two doors and
 * the doors of the two input rooms loaded apart, input/warc and input/feed (they pull in their own
 * packages: a page extraction never loads them).
 * Tests (test/) may open any room: they test rooms from the inside.
 */
const LIBRARY = '^src/(dom|input|metadata|learn|layout|features|extractors|format|quality)/';
const LEAVES = '^src/(errors|random|version|model-files|base64)\\.ts$';
/**
 * Files in the library's rooms that are the tools' (they need Node: files, sockets, Chromium) and
 * are off the library's import graph: src/internal.ts re-exports them for the tools, no library
 * file imports them. They move to the tools' packages with the split (issue 39).
 */
const NODE_FILES = '^src/input/(fetch|ip|read)\\.ts$|^src/input/(warc|feed)/|^src/layout/(browser|screenshot)\\.ts$';
/**
 * The npm packages the library may use: each runs in any JavaScript runtime (checked by
 * `npm run check:neutral`, which bundles the library for a neutral platform). chardet is used through
 * its recognisers' files: its entry point reads files too.
 */
const RUNS_ANYWHERE = '^node_modules/(htmlparser2|entities|mathml-to-latex|stemmer|gpt-tokenizer|chardet/lib/(encoding|match))';
const DOORS = '^src/(index|internal)\\.ts$';
const TOOLS = '^(src/(cli|server|eval|train|batch|output|queue|tools)/|bench/)';
/** The tools' own rooms under src/ (tools/: what several tools share that needs Node). */
const TOOL_ROOMS = '^src/(cli|server|eval|train|batch|output|queue|tools)/';
/**
 * Doors of the tools, for the tools that use each other (cli → eval, train, server, batch, output,
 * queue; train → eval; batch → output; queue → batch, output).
 */
const TOOL_DOORS = '^src/(eval|train|server|batch|output|queue|tools)/index\\.ts$|^src/eval/peers/index\\.ts$';
/** Input rooms loaded apart, with their own door: archives and feeds (cli/, batch/ and bench/ use them). */
const APART_DOORS = '^src/input/(warc|feed)/index\\.ts$';
/** Rooms with a door (index.ts) directly under src/. */
const ROOMS = '^src/(dom|input|metadata|learn|layout|format|quality|cli|server|eval|train|batch|output|queue|tools)/';
/** Door files: a room's index.ts, eval's peers and the archive and feed readers (loaded apart). */
const DOOR_FILES = [
  '^src/[^/]+/index\\.ts$',
  NODE_FILES,
  '^src/(features|extractors)/[^/]+/index\\.ts$',
  '^src/eval/peers/index\\.ts$',
  APART_DOORS,
];
const WHERE = 'see docs/decisions.md, "Import rules"';

/** A room may import only the rooms listed, besides itself and the leaves. */
function onlyFrom(name, room, allowed, why) {
  return {
    name,
    comment: `${why} (${WHERE})`,
    severity: 'error',
    from: { path: `^src/${room}/` },
    to: { path: '^src/', pathNot: [`^src/${room}/`, LEAVES, ...allowed.map((other) => `^src/${other}/`)] },
  };
}

module.exports = {
  forbidden: [
    {
      name: 'library-runs-anywhere',
      comment:
        'the library (its rooms, the leaves, the public door) imports no Node built-in and no package ' +
        `outside the ones that run in any JavaScript runtime, nor the tools' Node files (${WHERE}, "One library for every runtime")`,
      severity: 'error',
      from: { path: [LIBRARY, LEAVES, '^src/index\\.ts$'], pathNot: NODE_FILES },
      to: {
        pathNot: ['^src/', RUNS_ANYWHERE, '^models/[^/]+\\.js$'],
      },
    },
    {
      name: 'library-never-uses-node-files',
      comment: `no library file imports the tools' Node files in input/ and layout/ (${WHERE})`,
      severity: 'error',
      from: { path: [LIBRARY, LEAVES, '^src/index\\.ts$'], pathNot: NODE_FILES },
      to: { path: NODE_FILES },
    },
    {
      name: 'tools-use-the-doors',
      comment:
        'cli/, server/, eval/, train/ and bench/ reach the library only through src/index.ts (the public API) ' +
        `or src/internal.ts (the tools' door: every room's door re-exported) (${WHERE})`,
      severity: 'error',
      from: { path: TOOLS },
      to: { path: [LIBRARY, LEAVES], pathNot: APART_DOORS },
    },
    {
      name: 'library-never-uses-tools-or-doors',
      comment: `the library's rooms never import cli/, server/, eval/, train/, bench/, src/index.ts or src/internal.ts (${WHERE})`,
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
      name: 'tools-use-each-other-by-the-door',
      comment: `one tool uses another only through its index.ts: cli → eval, train, server, batch, output; train → eval; batch → output; bench → any (${WHERE})`,
      severity: 'error',
      from: { path: TOOL_ROOMS },
      to: { path: TOOL_ROOMS, pathNot: ['^src/$1/', TOOL_DOORS] },
    },
    {
      name: 'eval-and-server-use-no-tool',
      comment: `eval/, server/ and output/ use no other tool but tools/ (what the tools share) (${WHERE})`,
      severity: 'error',
      from: { path: '^src/(eval|server|output)/' },
      to: { path: TOOL_ROOMS, pathNot: ['^src/$1/', '^src/tools/'] },
    },
    {
      name: 'shared-tools-use-no-tool',
      comment: `tools/ (what several tools share) uses the library's doors and no tool (${WHERE})`,
      severity: 'error',
      from: { path: '^src/tools/' },
      to: { path: TOOL_ROOMS, pathNot: '^src/tools/' },
    },
    {
      name: 'train-uses-only-eval',
      comment: `training uses eval/ (the dataset readers) and no other tool (${WHERE})`,
      severity: 'error',
      from: { path: '^src/train/' },
      to: { path: '^src/(cli|server|batch|output)/' },
    },
    {
      name: 'batch-uses-only-output',
      comment: `the batch runner uses output/ (records, files, checkpoints) and no other tool (${WHERE})`,
      severity: 'error',
      from: { path: '^src/batch/' },
      to: { path: '^src/(cli|server|eval|train)/' },
    },
    {
      name: 'queue-uses-batch-and-output',
      comment: `the queue runs jobs with the batch runner and writes with output/, and uses no other tool (${WHERE})`,
      severity: 'error',
      from: { path: '^src/queue/' },
      to: { path: '^src/(cli|server|eval|train)/' },
    },
    {
      name: 'bench-uses-tool-doors',
      comment: `bench scripts use the tools through their doors: ${TOOL_DOORS} (${WHERE})`,
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: TOOL_ROOMS, pathNot: TOOL_DOORS },
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
      from: { path: '^src/extractors/([^/]+)/' },
      to: { path: '^src/extractors/[^/]+/', pathNot: '^src/extractors/$1/' },
    },
    {
      name: 'rooms-through-their-door',
      comment: `another room is imported through its index.ts, never a file inside it (${WHERE})`,
      severity: 'error',
      from: { path: '^src/([^/]+)/' },
      to: { path: ROOMS, pathNot: ['^src/$1/', ...DOOR_FILES] },
    },
    {
      name: 'rooms-through-their-door-from-doors-and-bench',
      comment: `a room is imported through its index.ts, never a file inside it (${WHERE})`,
      severity: 'error',
      from: { path: '^(bench/|src/[^/]+\\.ts$)' },
      to: { path: ROOMS, pathNot: DOOR_FILES },
    },
    {
      name: 'features-and-extractors-through-their-door',
      comment: `a feature or an extractor is imported through its index.ts (${WHERE})`,
      severity: 'error',
      from: { path: '^(bench/|src/)', pathNot: '^src/(features|extractors)/[^/]+/' },
      to: { path: '^src/(features|extractors)/[^/]+/', pathNot: DOOR_FILES },
    },
    {
      name: 'features-and-extractors-through-their-door-from-inside',
      comment: `a feature or an extractor is imported through its index.ts (${WHERE})`,
      severity: 'error',
      from: { path: '^src/(features|extractors)/([^/]+)/' },
      to: { path: '^src/(features|extractors)/[^/]+/', pathNot: ['^src/$1/$2/', ...DOOR_FILES] },
    },
    {
      name: 'no-cycles',
      comment: `no import cycles: rooms form layers (${WHERE})`,
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    // The library's imports of packages and Node built-ins are in the graph (library-runs-anywhere),
    // not what is inside the packages.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(test|scripts|dist|models)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'], exportsFields: ['exports'], conditionNames: ['import', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
