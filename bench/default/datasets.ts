/** The datasets whose gold is a main-content text, used to train the block classifier (trafilatura-eval has snippets only and stays out of training). */
export const TEXT_GOLD_DATASETS = [
  'wcxb-dev',
  'l3s-gn1',
  'cleaneval',
  'cleanportaleval',
  'readability-testpages',
];

/** `--option key=value` pairs as extractor options: `true`/`false` and numbers typed, the rest strings. */
export function extractorOptionPairs(
  pairs: readonly string[] = [],
): Record<string, string | number | boolean> {
  const options: Record<string, string | number | boolean> = {};
  for (const pair of pairs) {
    const [key, value] = pair.split('=');
    options[key] =
      value === 'true'
        ? true
        : value === 'false'
          ? false
          : Number.isNaN(Number(value))
            ? value
            : Number(value);
  }
  return options;
}
