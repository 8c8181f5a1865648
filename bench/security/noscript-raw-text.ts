// A hostile page for the parser's `<noscript>` rule: `<noscript><iframe></noscript>` repeated, no
// `</iframe>` anywhere. Each raw-text element opened inside a `<noscript>` asks where `</noscript` and its
// own end tag come next; before those searches were kept per pattern (DocBuilder.nextMatch), every one
// ran to the end of the page, and 2.3 MB took 111 s. Prints the parse's time at three sizes: it should
// grow with the size, not its square. A benchmark, not a test (no clock is asserted).
//
//   npm run build && npx tsx bench/security/noscript-raw-text.ts
import { parseHtml } from 'pith';

for (const repeats of [5_000, 20_000, 80_000]) {
  const html = `<html><body>${'<noscript><iframe></noscript>'.repeat(repeats)}<p>end</p></body></html>`;
  const started = performance.now();
  const doc = parseHtml(html);
  const ms = performance.now() - started;
  console.log(`${repeats} repeats, ${html.length} bytes: ${ms.toFixed(0)} ms, ${doc.size} nodes`);
}
