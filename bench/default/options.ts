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
