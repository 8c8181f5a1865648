/**
 * The cues of comment sections. Class and id words are nearly always English
 * whatever the page's language; the visible words (the section's heading, the
 * reply links) are not. What was measured, and where (bench/format/comment-cues.ts,
 * on L3S-GN1's 77 pages with labelled comments and trafilatura-eval's 141 pages
 * with comment snippets):
 *
 * - class/id containing "comment": on the comment side of 51/77 (L3S) and 99/141
 *   (trafilatura) pages, on the main-content side of 3 and 5. Every other class
 *   word is rare: talkback 2, discuss/respond/reply/replies/disqus/review 1–3.
 * - WordPress item classes: thread-even/odd 69, depth-N 60, byuser 31,
 *   commentlist 30, children 27, bypostauthor 19, highlander 13 (of 141), each on
 *   the main side of at most 4.
 * - Heading words next to comments: en "comments" 23+16, "comment" 15, "reply"
 *   8, "leave" 7, "thoughts" 4, "responses"; de "kommentar(e)" 33/29,
 *   "antworten" 25, "schreibe" 15, "antwort" 10, "verfassen" 6, "gedanken" 5.
 * - Short link words inside comments: de "antworten" 49 pages (main side 8), en
 *   "reply" 14 (main side 2).
 *
 * Words of other languages below are the translations WordPress, Disqus and
 * common forum software print; the datasets have too few such pages to measure
 * them (marked "unmeasured").
 */

/** A class or id word of a comment section or of a comment (substring test, lower case). */
export const COMMENT_CLASS =
  /comment(?!ar|at)|disqus|talkback|kommentar|commentaire|comentario|commenti|reacties|komentar|koment|hozzaszol|yorum/;

/**
 * Class/id words of text that is the page's content though it sounds like
 * comments: opinion columns ("commentary"), live tickers and live blogs.
 */
export const NOT_COMMENT =
  /commentar(?:y|ies)|commentator|live[-_]?(?:blog|match|ticker|comment|report|feed)/;

/** Class/id words of WordPress comment items (measured above). */
export const WORDPRESS_ITEM = /(?:^|\s)(?:byuser|bypostauthor|depth-\d+|thread-(?:even|odd|alt))(?:\s|$)/;

/** Class/id words that mark a list of other pages' comments (a widget), not this page's. */
export const COMMENT_WIDGET =
  /recent[-_]?comments?|recentcomments|latest[-_]?comments?|last[-_]?comments?|most[-_]?comment|top[-_]?comment|comments?[-_]?widget|widget[-_]?comments?|commented/;

/**
 * What a class/id token containing "comment" names when it is a part of one
 * comment, not the comment: its text, header, author, date, actions…
 */
export const PART_REMAINDER =
  /^(?:body|content|contents|text|txt|message|msg|entry|meta|metadata|data|info|details|header|head|footer|foot|author|authors|user|username|name|by|byline|date|time|timestamp|posted|avatar|image|img|pic|photo|reply|replies|respond|actions|action|tools|toolbar|links?|count|counts|number|num|title|form|field|input|button|btn|submit|label|notes?|rss|feed|icon|permalink|vote|votes|rating|like|likes|report|flag|edit|share|quote|signature|sig|nav|navigation|pagination|paging|pages|more|toggle|closed|open|policy|rules|guidelines|login|register|subscribe|status|intro|note|help|heading|headline)$/;

/** Remainders of a "comment…" token that name the whole section ("commentlist", "comment-area"). */
export const SECTION_REMAINDER =
  /^(?:list|lists|area|section|sections|wrapper|container|holder|region|module|panel|thread|threads|entries|zone|stream|feed|widget|content-area)$/;

/** Remainders that still name one comment ("comment-item", "single-comment", "commentsitem"). */
export const ITEM_REMAINDER =
  /^(?:item|single|individual|entry-wrap|wrap|post|odd|even|alt|box|block|row|unit|card)$/;

/** Class/id of the author of a comment. */
export const AUTHOR_CLASS =
  /author|(?:^|[\s_-])fn(?:$|[\s_-])|nick|user-?name|username|poster|commenter|(?:^|[\s_-])(?:name|user|who|from)(?:$|[\s_-])|byline|vcard|p-author/;

/** Class/id of the date of a comment. */
export const DATE_CLASS = /date|time|posted|published|when|(?:^|[\s_-])(?:ago|meta|stamp)(?:$|[\s_-])/;

/** Class/id of the text of a comment. */
export const CONTENT_CLASS =
  /comment-?_?(?:content|body|text|txt|message|msg|entry)|commenttext|commentbody|commentcontent|(?:^|[\s_-])(?:content|text|body|message|msg|entry|e-content|p-content|comment)(?:$|[\s_-])/;

/** Class/id of things inside a comment that are not its text: reply links, votes, report buttons. */
export const ACTION_CLASS =
  /reply|respond|actions?(?:$|[\s_-])|tools|toolbar|report|vote|votes|like|likes|share|permalink|edit-link|flag|quote-?link|comment-?links?|buttons?(?:$|[\s_-])|avatar|gravatar/;

/**
 * Nouns that name readers' comments ("comments", "Kommentare"): words of a heading over them and of
 * a label that is not a heading. en, de measured; the rest unmeasured translations (fr, es/pt, it,
 * nl, pl, cs/sk, ru, sv/no/da, tr, ja, zh, ko).
 */
const COMMENT_NOUNS = [
  'comments?',
  'kommentare?',
  'commentaires?',
  'comentarios?',
  'coment[áa]rios?',
  'commenti',
  'reacties',
  'komentarze',
  'komentáře',
  'komentáre',
  'комментари[йи]',
  'kommentarer',
  'yorumlar',
  'コメント',
  '评论',
  '評論',
  '留言',
  '댓글',
];

/**
 * Words of a heading over comments ("3 Comments", "Leave a Reply", "Kommentare"): the nouns, and
 * replies, responses, a discussion. en, de measured (see above); the rest unmeasured translations.
 */
export const COMMENT_HEADING = new RegExp(
  [
    ...COMMENT_NOUNS,
    // en (measured)
    'repl(?:y|ies)',
    'responses?',
    'thoughts on',
    'discussion',
    'talkback',
    // de (measured)
    'antworten',
    'antwort',
    'gedanken zu',
    'leserbriefe',
    // unmeasured
    'r[ée]ponses?',
    'respuestas?',
    'risposte',
    'reageren',
    'отзывы',
  ].join('|'),
  'iu',
);

/**
 * Text of a reply link inside a comment ("Reply", "Antworten").
 * en, de measured; the rest unmeasured translations.
 */
export const REPLY_TEXT = new RegExp(
  `^\\s*(?:${[
    'reply',
    'antworten',
    'répondre',
    'responder',
    'rispondi',
    'beantwoorden',
    'reageer',
    'odpowiedz',
    'odpovědět',
    'ответить',
    'svara',
    'svar',
    'yanıtla',
    '返信',
    '回复',
    '回覆',
    '답글',
  ].join('|')}|↩)\\s*(?:↓|→|»|›)?\\s*$`,
  'iu',
);

/**
 * A comment label that is not a heading ("Comments", "Reader comments (12)", "Kommentare:"): an
 * element whose whole text is the word (L3S-GN1's telegraph.co.uk pages of 2008 head their comments
 * with `<div class="yvhd">Comments</div>`). Anchored, and only the words that name comments: a short
 * "Reply" or "Discussion" is a button or a tab. en measured (that page); the rest the
 * {@link COMMENT_HEADING} translations, unmeasured.
 */
export const COMMENT_LABEL = new RegExp(
  `^[\\s\\p{P}]*(?:\\d+\\s*)?(?:(?:readers?'?|your|user|visitor)\\s+)?(?:${[
    ...COMMENT_NOUNS,
    'leserkommentare',
  ].join('|')})\\s*(?:\\(\\d+\\)|\\d+)?[\\s\\p{P}]*$`,
  'iu',
);

/**
 * A stem every {@link COMMENT_LABEL} word holds, tested on an element's text nodes before its text
 * is built: most short elements hold none, and building each one's text cost the comments step a
 * fifth of its time (bench/speed/run.ts --only=comments, 1.21× before this test).
 */
export const COMMENT_LABEL_STEM = /omm|omen|eact|yorum|коммент|コメント|评论|評論|留言|댓글/i;

/**
 * A signature line inside a comment's own paragraph, naming the author and the date together:
 * "Posted by Idealist on January 10, 2008 5:58 PM" (L3S-GN1 f5a46a81, `<p>Text <b>Posted by …</b></p>`).
 * Tested with {@link DATE_TEXT}. en measured; de unmeasured.
 */
export const POSTED_BY = /^\W*(?:posted|written|submitted|geschrieben|verfasst)\s+(?:by|von)\b/i;
/** {@link POSTED_BY}'s verbs, tested on text nodes before an element's text is built. */
export const POSTED_BY_STEM = /posted|written|submitted|geschrieben|verfasst/i;

/** A label in front of a name: "Posted by: Ann | 5 May 2008", "Von Ann". */
export const BY_LABEL = /(?:^|\s)(?:by|von|par|por|di|door|av|przez)\b/i;

/** Text that says when (a date or "3 days ago"). */
export const DATE_TEXT =
  /\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{4}|\b\d{1,2}:\d{2}\b|\b(?:ago|yesterday|today|gestern|heute|vor \d|hier|aujourd|ayer|hoy|ieri|oggi)\b/i;
