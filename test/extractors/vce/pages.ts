/**
 * Hand-written pages for the VCE end-to-end tests. They are laid out by their own
 * `<style>` and inline styles (the browser never loads external style sheets).
 */
const sentence = (topic: string, n: number) =>
  `The ${topic} paragraph ${n} goes on about rivers, their banks and the towns that grew along them, with enough words to read like prose in a real article.`;

const paragraphs = (topic: string, count: number) =>
  Array.from({ length: count }, (_, i) => `<p>${sentence(topic, i + 1)} ${sentence(topic, i + 1)}</p>`).join(
    '\n',
  );

const navigation = `<header style="background:#222;color:#fff;padding:10px">
<a href="/" style="color:#fff">Riverside Times</a> <a href="/news" style="color:#fff">News</a>
<a href="/sport" style="color:#fff">Sport</a> <a href="/culture" style="color:#fff">Culture</a>
<a href="/about" style="color:#fff">About us</a></header>`;

const footer = `<footer style="background:#eee;padding:20px;margin-top:40px;font-size:12px">
<p>Copyright Riverside Times. <a href="/terms">Terms</a> <a href="/privacy">Privacy</a> <a href="/contact">Contact</a></p></footer>`;

/** An article followed by a long thread of comments, each in its own box. */
export const COMMENT_THREAD = `<!DOCTYPE html><html><head><title>Why rivers meander</title>
<style>body{margin:0;font-family:serif} main{width:760px;margin:0 auto}
.comment{background:#f4f4f4;border:1px solid #ddd;margin:12px 30px;padding:8px;font-size:14px}
.comment .who{font-weight:bold}</style></head><body>
${navigation}
<main>
<article><h1>Why rivers meander</h1>
${paragraphs('article', 6)}
</article>
<section class="comments"><h2>12 comments</h2>
${Array.from(
  { length: 12 },
  (_, i) =>
    `<div class="comment"><span class="who">Reader ${i + 1}</span><p>Comment ${i + 1}: I grew up near a river and always wondered about this, thanks for the explanation, it was a pleasure to read.</p><a href="/reply/${i}">Reply</a></div>`,
).join('\n')}
</section>
</main>
${footer}
</body></html>`;

/** A two-column page where the link sidebar is wider than the article. */
export const WIDE_SIDEBAR = `<!DOCTYPE html><html><head><title>Floods this spring</title>
<style>body{margin:0;font-family:serif} .wrap{display:flex;align-items:flex-start}
aside{width:800px;background:#f0f0f0;padding:10px} article{width:480px;padding:10px}
aside li{margin:4px 0}</style></head><body>
${navigation}
<div class="wrap">
<aside><h3>Most read</h3><ul>
${Array.from(
  { length: 25 },
  (_, i) =>
    `<li><a href="/story/${i}">Most read story number ${i + 1} with a long and tempting headline about the weather</a></li>`,
).join('\n')}
</ul></aside>
<article><h1>Floods this spring</h1>
${paragraphs('flood', 5)}
</article>
</div>
${footer}
</body></html>`;

/** A page with no text at all. */
export const NO_TEXT = `<!DOCTYPE html><html><head><title></title></head><body>
<div style="height:200px;background:#abc"></div><img src="/a.png" width="300" height="200" alt="">
<table><tr><td><img src="/spacer.gif" width="1" height="1"></td></tr></table>
</body></html>`;

/** An old table layout: navigation cell on the left, article cell on the right. */
export const TABLE_LAYOUT = `<html><body bgcolor="#ffffff">
<table width="100%" cellpadding="0" cellspacing="0">
<tr><td colspan="2" bgcolor="#003366"><font color="#ffffff" size="5">The Daily Table</font></td></tr>
<tr><td width="180" bgcolor="#eeeeee" valign="top">
${Array.from({ length: 12 }, (_, i) => `<a href="/s${i}">Section ${i + 1}</a><br>`).join('\n')}
</td><td valign="top"><h2>Council approves the new bridge</h2>
${paragraphs('bridge', 5)}
</td></tr>
<tr><td colspan="2" bgcolor="#eeeeee"><font size="1">Copyright The Daily Table. <a href="/c">Contact</a></font></td></tr>
</table></body></html>`;
