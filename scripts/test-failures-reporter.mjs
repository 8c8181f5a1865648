// A second reporter for `npm test` beside TAP: it prints nothing while the run goes, then, at the end,
// every failed test with its file, its suite path and the first lines of its error. Why: a CI log is
// often read from its tail only, and TAP names a failure where it happened, thousands of lines up.
// A property test (fast-check) prints its seed and counterexample in the error: kept here, so a
// failure seen once can be replayed.

const MAX_ERROR_LINES = 30;

/** The error's message and the lines that follow it (fast-check's seed and path among them). */
function errorLines(error) {
  if (error === undefined || error === null) return ['(no error given)'];
  // The runner wraps a test's own error in `cause` (ERR_TEST_FAILURE).
  const own = error.cause ?? error;
  const text = own instanceof Error ? own.stack || own.message : String(own);
  // The runner's own frames say nothing about the failure.
  const lines = text.split('\n').filter((line) => !/^\s+at .*\(?node:(?:internal|async_hooks)/.test(line));
  return lines.length > MAX_ERROR_LINES ? [...lines.slice(0, MAX_ERROR_LINES), '…'] : lines;
}

export default async function* failuresReporter(source) {
  const failures = [];
  /** The names of the tests open at each depth, for a failure's suite path. */
  const open = [];
  for await (const event of source) {
    if (event.type === 'test:start') open[event.data.nesting] = event.data.name;
    if (event.type !== 'test:fail') continue;
    const { name, nesting, file, details, todo } = event.data;
    // A failing TODO test does not fail the run (TAP marks it "# TODO").
    if (todo !== undefined && todo !== false) continue;
    // A suite fails when one of its tests does: the test is the one to name.
    if (details?.error?.failureType === 'subtestsFailed') continue;
    failures.push({ path: [...open.slice(0, nesting), name].join(' › '), file, error: details?.error });
  }
  if (failures.length === 0) return;
  yield `\n# ${failures.length} failed test${failures.length === 1 ? '' : 's'}:\n`;
  for (const failure of failures) {
    yield `\n# ✗ ${failure.path}\n#   in ${failure.file ?? '(unknown file)'}\n`;
    for (const line of errorLines(failure.error)) yield `#     ${line}\n`;
  }
}
