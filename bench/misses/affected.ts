// usage: npx tsx bench/misses/affected.ts PAGES.tsv (set, id, file per line) > affected.tsv
// Dev pages where this branch's rules can change the output: an element whose cue decision differs
// (old substring regex vs hasCueWord), a social embed class, or a media-control text. Others are unchanged.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { hasCueWord, NEGATIVE_CLASS, parseHtml, UNLIKELY_CLASS } from 'pith/internal';

const OLD_UNL =
  /-ad-|ai2html|banner|breadcrumb|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote|share|sharing|newsletter|subscribe|cookie-?(banner|consent|notice)|consent|onetrust|cookiebot|promo|navbar|masthead|toolbar/;
const OLD_NEG =
  /-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget|byline|author-bio|newsletter|subscribe|breadcrumb|pagination|navbar|menu/;
const SOCIAL =
  /twitter-tweet|twitter-video|twitter-timeline|instagram-media|tiktok-embed|fb-post|fb-video|bluesky-embed|mastodon-embed|reddit-embed-bq|threads-embed|text-post-media/;
const CONTROL =
  /^(?:(?:hide|show|toggle|close|expand|collapse) (?:the )?caption|enlarge this image|(?:view|open|launch|start|close) (?:the )?(?:gallery|slideshow)|\d{1,3} ?(?:of|\/) ?\d{1,3})$/i;
for (const line of readFileSync(process.argv[2], 'utf8').trim().split('\n')) {
  const [set, id, file] = line.split('\t');
  const bytes = readFileSync(file);
  const doc = parseHtml((file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
  const why = new Set<string>();
  for (let n = 0; n < doc.size; n++) {
    if (doc.isText(n)) {
      const t = doc.text(n).trim();
      if (t.length <= 30 && CONTROL.test(t.replace(/\s+/g, ' '))) why.add('control');
      continue;
    }
    if (!doc.isElement(n)) continue;
    const c = doc.classAndId(n);
    if (c === '') continue;
    if (
      OLD_UNL.test(c) !== hasCueWord(c, UNLIKELY_CLASS) ||
      OLD_NEG.test(c) !== hasCueWord(c, NEGATIVE_CLASS)
    )
      why.add('cue');
    if (SOCIAL.test(c)) why.add('social');
  }
  if (why.size) console.log(`${set}\t${id}\t${[...why].join(',')}`);
}
