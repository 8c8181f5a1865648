// Hostile pages for the library's regular expressions: each puts a long run where one pattern reads
// (a page of `<title` without `>`, a `width` of white space, a heading of `](`, a srcset of commas, a
// title or an author of white space, a date of dots, an itemtype of slashes …). A pattern that retries
// a quantifier from every character of a run takes the square of its length, and no deadline can stop
// one call. Prints `extract()`'s time at two sizes per page: four times the run should take about four
// times as long, not sixteen. A benchmark, not a test (no clock is asserted).
//
//   npm run build && npx tsx bench/security/regex-floods.ts [--sizes 4000,16000] [--only NAME] [--format html]
//       [--chunks] (each result also cut into chunks of 64 tokens) [--extractor cuter|vce|…]
import { chunk, extract, type OutputFormat } from 'pith';

const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const sizes = option('sizes', '4000,16000').split(',').map(Number);
const only = option('only', '');
const format = option('format', 'markdown') as OutputFormat;
const chunks = process.argv.includes('--chunks');
const extractor = option('extractor', 'pith');
const body = `<p>${'Words of the body of this article, said plainly. '.repeat(40)}</p>`;
const page = (head: string, inBody: string) =>
  `<html><head>${head}</head><body><article><h1>Headline of it</h1>${inBody}${body}</article></body></html>`;

const FLOODS: Record<string, (n: number) => string> = {
  // Nothing after the first `<title` may be a `>`: the pattern that found the title then fails from every start.
  'runaway title': (n) => `${body}${'<TITLE<E'.repeat(n)}`,
  'width of white space': (n) => page('', `<img src="a.png" width="0${'\t'.repeat(n)}x">`),
  'heading of destinations': (n) => page(`<title>${'](('.repeat(n)}</title>`, `<h2>${'](('.repeat(n)}</h2>`),
  'srcset of commas': (n) => page('', `<p><img srcset="a.png${','.repeat(n)}x, b.png 2x" src="c.png"></p>`),
  'title of white space': (n) =>
    page(
      `<title>A${'\t'.repeat(n)}\u0001\t|\tB</title><meta property="og:title" content="A${'\t'.repeat(n)}\u0001\t:\tB">`,
      '',
    ),
  'author of white space': (n) =>
    page(
      `<meta name="author" content="A${' '.repeat(n)}\u0001 B"><meta name="author" content="\u0001${','.repeat(n)}\u0001">`,
      '',
    ),
  'byline of white space': (n) => page('', `<p class="byline">By A${'\t'.repeat(n)}\u0001\t|\tB</p>`),
  'date of dots': (n) =>
    page(`<meta property="article:published_time" content="2020${'.'.repeat(n)}\n.">`, ''),
  'itemtype of slashes': (n) =>
    page('', `<div itemscope itemtype="https://schema.org/Article${'/'.repeat(n)}\u0001/">x</div>`),
  'math type of white space': (n) =>
    page('', `<p><span class="MathJax">x</span><script type="math/tex${'\t'.repeat(n)}I">x^2</script></p>`),
  'dateline of white space': (n) => page('', `<p class="date">2:23${'\t'.repeat(n)}2002</p>`),
  'sentence of marks': (n) => page('', `<p>Words ${'!'.repeat(n)} words ${'?'.repeat(n)}</p>`),
  'text of backticks': (n) => page('', `<p>Words ${'`'.repeat(n)} words ${'$'.repeat(n)} x$</p>`),
  'code of white space': (n) =>
    page('', `<pre><code>#${'\t'.repeat(n)}\u0001\n${'\n'.repeat(n)}\u0001\n</code></pre>`),
  'style length of digits': (n) =>
    page('', `<p style="width: -${'0'.repeat(n)}\t${'\t'.repeat(n)}.">styled</p>`),
  'style of url(': (n) => page('', `<p style="background: ${'url('.repeat(n)}">styled</p>`),
  'style of rgb(': (n) => page('', `<p style="background: ${'rgb('.repeat(n)}">styled</p>`),
  'style colour of white space': (n) => page('', `<p style="color: rgb(${'\t'.repeat(n)}g">styled</p>`),
  'refresh of white space': (n) => page(`<meta http-equiv=${'\t'.repeat(n)}x>`, ''),
  'alt of open tags': (n) => page('', `<p><img src="a.png" alt="${'<a'.repeat(n)}"> text</p>`),
};

for (const [name, build] of Object.entries(FLOODS)) {
  if (only && name !== only) continue;
  const times: string[] = [];
  for (const n of sizes) {
    const html = build(n);
    const started = performance.now();
    let outcome = 'ok';
    try {
      const result = await extract(html, { format, extractor, limits: { timeoutMs: 600_000 } });
      if (chunks) chunk(result, { maxTokens: 64 });
    } catch (error) {
      outcome = (error as { code?: string }).code ?? String(error);
    }
    times.push(`${html.length} chars ${(performance.now() - started).toFixed(0)} ms ${outcome}`);
  }
  console.log(`${name.padEnd(26)} ${times.join(' | ')}`);
}
