// A hostile page for the metadata's class reading: a `class` attribute holding one token of N
// characters without a space (fuzz seed 12 page 1191 put 22,185 `&#x1F600;` inside a Tailwind class
// with `[…]` values). The arbitrary-value pattern once retried from every character of such a token,
// and 40,000 characters took about 9 s in `pageData`. Prints `extract()`'s time at three sizes: it should
// grow with the size, not its square. A benchmark, not a test (no clock is asserted).
//
//   npm run build && npx tsx bench/security/long-class.ts
import { extract } from 'pith';

for (const repeats of [5_000, 20_000, 80_000]) {
  const token = `md:tw-bas${'\u{1F600}'.repeat(repeats)}is-1/3`;
  const html = `<html><body><h1>Title</h1><div class="tw-aspect-[4/5] ${token} xl:tw-aspect-[1]"><p>${'Some words of a body. '.repeat(30)}</p></div></body></html>`;
  const started = performance.now();
  const result = await extract(html, { limits: { timeoutMs: 600_000 } });
  const ms = performance.now() - started;
  console.log(
    `${repeats} repeats, ${html.length} characters: ${ms.toFixed(0)} ms, ${result.content.length} characters out`,
  );
}
