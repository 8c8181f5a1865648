/**
 * What the page itself says, outside any metadata vocabulary: `<title>`,
 * `<html lang>`, `dir`, `<link rel=canonical>`, `<base href>`, the first `<h1>`s,
 * and — as last resorts — a visible byline and `<time datetime>` elements.
 */
import { type Doc, IS_BLOCK, isJsSpaceCode, NodeKind, TAG, tick } from '../dom/index.js';
import { MAYBE_RELATIVE_DATE, RELATIVE_DATE_CUE } from './dates.js';
import { AUTHOR_LABEL } from './meta-tags.js';

const MAX_H1 = 5;
/** `<h2>`/`<h3>` texts read for the title. */
const MAX_SUBHEADINGS = 20;
const MAX_BYLINES = 5;
const MAX_TIMES = 20;
/** A byline longer than this (visible characters) is a bio or a paragraph, not a name. */
const MAX_BYLINE_TEXT = 100;
const MAX_BYLINE_ELEMENTS = 50;
const MAX_HEADING_TEXT = 500;
const MAX_HEADING_ELEMENTS = 200;

/** Class or id of a byline element (Readability's cue, plus microformats' `p-author`). */
const BYLINE_CUE = /byline|author(?!ity|i[sz]|ing)|dateline|writtenby|p-author/;
/**
 * …unless it is about comments or an author box, or holds what is said of the author beside the name:
 * a description, a role, a job ("dynamic-author-description": "Licensed Q Arabica Grader, M.A.
 * Journalism", WCXB dev 4815).
 */
const NOT_BYLINE_CUE =
  /comment|avatar|authorbio|author-bio|author_bio|about-author|author-box|authors-list|author[-_]*(?:description|desc|role|job|position|occupation)/;
/**
 * Elements whose bylines are not the page's: comments, customer reviews, testimonials and
 * quotes, carousels and feeds of other pages' teasers, sidebars and related links.
 */
export const NOT_PAGE_BYLINES =
  /comment|review(?!ed[-_]?by)|testimonial|quote|carousel|slider|swiper|(?:^|[\s_-])feed|teaser|related|recommend|sidebar|(?<!elementor-)widget|(?:^|[\s_-])(?:nav|menu)(?:$|[\s_-])/;
/** A regex source that matches the words given in any case (a `u` regex without `i`, so that `\p{Lu}` stays upper case). */
function caseless(words: string): string {
  return words.replace(/\p{L}/gu, (letter) => `[${letter.toLowerCase()}${letter.toUpperCase()}]`);
}
/** A link to an author's page: `/author/ann-lee`, `/people/…`, `/profile/…`, `/autor/…`. */
const AUTHOR_HREF =
  /\/(?:authors?|autor(?:es|en)?|autore|auteurs?|people|profiles?|staff|team|writers?|contributors?|journalists?|redakteure?|columnists?|experts?|by|members?|users?|u)\/[^/?#]|\/(?:memberlist\.php\?mode=viewprofile|member\.php\?|profile\.php\?id=)/i;
/**
 * Class of the element holding the name within a byline: `author-name`, `byline__name`, `fn`, and
 * a forum post's `username` (phpBB: "by <a class=username>b.scherer</a> » Sun Dec 17, 2023"), and
 * microformats' person (`h-card`, `u-author`, `p-author`: lobste.rs' "via <a class="u-author h-card">").
 */
const NAME_CUE =
  /(?:^|[\s_-])(?:(?:author|byline|writer|user)[-_]*)?name(?:$|[\s_-])|(?:^|\s)(?:fn|h-card|[pu]-author)(?:$|\s)/;
/** A byline's label: "by" in the languages read, after a verb of writing at most ("Written by", "Recipe by"). */
const BY_LABEL = `(?:(?:${caseless('written|posted|published|reported|words|story|text|recipe|guide|review|article')})\\s+)?(?:${caseless('by|von|par|por|av|af|przez')})`;
/** "By Ann Lee", "Written by: Ann Lee", "… updated March 3, 2025 by Ann Lee": a byline in text. */
const BY_NAME = new RegExp(`(?:^|[\\s,.;|•·–—-])${BY_LABEL}(?:\\s*:?\\s+(?=\\p{L})|(?=\\p{Lu}))`, 'u');
/**
 * Class of a forum post's user name (phpBB's and XenForo's `username`, vBulletin's `bigusername`,
 * Flarum's `PostUser-name`),
 * or of its profile column (group 1), whose first `<dt>` is the user name (phpBB, FluxBB/PunBB):
 * one test per classed element on the page walk.
 */
const POST_AUTHOR_CUE =
  /(?:^|[\s_-])(?:big|post)?user[-_]?name(?:$|[\s_])|(?:^|\s)(post(?:profile|left))(?:$|\s)/;
const MAX_USER_NAME = 40;
/**
 * Class of an author box: the "about the author" box with the writer's name, photo and bio, which
 * `NOT_BYLINE_CUE` keeps out of the bylines (its bio is no byline; its name element is the name).
 */
const AUTHOR_BOX = /author-?box|about-?(?:the-?)?author|author-?bio|authorbio|author_bio/;
/**
 * Class of an icon of a person (Bootstrap's `bi-person`, Font Awesome's `fa-user`, `icon-user`,
 * WordPress's `dashicons-admin-users`): the short text its parent shows beside it is a name
 * (WCXB dev 0429: `<li><i class="bi bi-person"></i> Bence Kovács</li>` in the post's meta line).
 */
const PERSON_ICON =
  /(?:^|\s)(?:bi|fa|fas|far|fal|icon|glyphicon|dashicons|ti|las|lar|ion|ri)-(?:person|user|admin-users|user-circle|user-alt|author)(?:$|\s)/;
/** Longest text beside a person icon read as a name. */
const MAX_ICON_NAME = 60;
/**
 * A link to a writer's page, {@link AUTHOR_HREF} without a forum's or a site's user profiles (`/u/…`,
 * `/users/…`, `/members/…`, `/profile/…`): on a thread those are the repliers', in a text an expert's.
 */
const WRITER_HREF =
  /\/(?:authors?|autor(?:es|en)?|autore|auteurs?|staff|team|writers?|contributors?|journalists?|redakteure?|columnists?|by)\/[^/?#]/i;
/**
 * Whether the element after a label other than an author's ("<strong>Contact:</strong> <a>Ron
 * Sands</a>", WCXB dev 4025): the previous sibling's text ends with a colon and is no author label.
 */
function labelledOther(doc: Doc, node: number): boolean {
  let previous = doc.previousSibling(node);
  while (previous > 0 && doc.textLength(previous) === 0) previous = doc.previousSibling(previous);
  if (previous <= 0 || doc.textLength(previous) > MAX_LABEL_TEXT) return false;
  const label = (doc.isText(previous) ? doc.text(previous) : doc.textContent(previous)).trim();
  return label.endsWith(':') && !AUTHOR_LABEL.test(label);
}
/** Most links to author pages collected on a page walk (those near the headline are kept). */
const MAX_AUTHOR_LINKS = 20;
/** A link's text that is a function of the site, not a person's name ("Our team", "My account", "View profile"). */
const NOT_A_NAME =
  /^(?:(?:our|the|meet the|all|view|see|more|my|your)\s+)?(?:team|staff|authors?|writers?|contributors?|experts?|members?|people|profiles?|account|about(?: us)?|log ?in|sign (?:in|up)|register|posts?|articles?|bio|more)$/i;
/**
 * Whether a link's text has a person's (or a team's) name's shape: one to four words, each starting
 * with a capital letter (or a lower-case particle, "van", "de", "von"), no digits or punctuation but
 * the name's own ("O'Riordan", "Martínez-Beltrán", "Jeff T."), and not a site's function word.
 */
function nameShaped(text: string): boolean {
  if (text.length < 2 || /[\d:|/@#?!()]/.test(text) || NOT_A_NAME.test(text) || /\bauthors?\b/i.test(text))
    return false;
  const words = text.split(' ');
  if (words.length > 4) return false;
  return words.every(
    (word, index) =>
      /^\p{Lu}[\p{L}'’.-]*$/u.test(word) ||
      (index > 0 &&
        index < words.length - 1 &&
        /^(?:van|von|de|der|den|da|di|du|la|le|del|bin|al)$/.test(word)),
  );
}
/** A name of two to four words (`nameShaped` allows one): a person's first and last name at least, in `text` with its white space collapsed. */
function fullNameShaped(text: string): boolean {
  return text.includes(' ') && nameShaped(text);
}
/** How far after the first `<h1>` (visible text nodes) a date is looked at for a bare name before it. */
const BARE_NAME_WINDOW = 12;
/** How far after the first `<h1>`'s first text (visible text nodes) a bare name line under it is looked for. */
const BARE_LINE_WINDOW = 8;
/** Longest text node read as a bare name line under the headline (a name, spaces around it). */
const MAX_BARE_LINE = 60;
/** How many nodes back from a date its bare name is looked for. */
const NAME_BEFORE_DATE_NODES = 12;
/**
 * The text right before a date (the previous visible text node), when it is its element's whole text,
 * has a name's shape ({@link nameShaped}), two to four words, and is no link nor heading (a category's
 * link, a section's title).
 */
function nameBefore(doc: Doc, dateNode: number): string | undefined {
  for (let node = dateNode - 1; node > 0 && node >= dateNode - NAME_BEFORE_DATE_NODES; node--) {
    if (!doc.isText(node) || doc.textLength(node) === 0) continue;
    if (doc.columns.hidden[node]) return undefined;
    return bareName(doc, node);
  }
  return undefined;
}
/** The separators of a dateline's parts: " | ", " · ", " • ". */
const DATELINE_PARTS = /\s+[|·•]\s+/;
/**
 * The name a dateline opens with, when the date's own text node is its element's whole text and its
 * first part, before " | ", " · " or " • ", is a bare name's shape ("<p>Aaron Ricadela | Senior Writer
 * | July 2, 2025</p>" under the headline, WCXB dev 4082). "March 20, 2023 | Wellness & Prevention"
 * (4125) opens with its date.
 */
function nameOpening(doc: Doc, dateNode: number): string | undefined {
  const parts = doc.text(dateNode).replace(/\s+/g, ' ').trim().split(DATELINE_PARTS);
  if (parts.length < 2) return undefined;
  const parent = doc.parent(dateNode);
  if (parent <= 0 || doc.textLength(parent) !== doc.textLength(dateNode) || BARE_NAME_NOT_IN[doc.tag(parent)])
    return undefined;
  return fullNameShaped(parts[0]) ? parts[0] : undefined;
}
/** After a dateline's date: " • Mahua Das in Project Management" (the name, then its section at most). */
const AFTER_DATE = /^\s*[·•|]\s*(.+?)(?:\s+in\s+(.+))?$/;
/**
 * The name a dateline gives after its date, in the date's element: "<p>Dec 26, 2025 • <img
 * class=avatar> Mahua Das in <a>Project Management</a></p>" under the headline (WCXB dev 4218, a
 * Medium-like post line). The name has a bare name's shape; what follows " in " is one link's text.
 */
function nameAfterDate(doc: Doc, dateNode: number): string | undefined {
  const parent = doc.parent(dateNode);
  if (parent <= 0 || doc.textLength(parent) > MAX_BARE_LINE || BARE_NAME_NOT_IN[doc.tag(parent)])
    return undefined;
  const date = doc.text(dateNode).replace(/\s+/g, ' ').trim();
  const line = doc.textContent(parent).replace(/\s+/g, ' ').trim();
  if (!line.startsWith(date)) return undefined;
  const match = AFTER_DATE.exec(line.slice(date.length));
  if (match === null) return undefined;
  const name = match[1];
  if (!fullNameShaped(name)) return undefined;
  if (match[2] !== undefined) {
    const link = doc.findFirst(TAG.a, parent);
    if (link <= 0 || doc.textContent(link).replace(/\s+/g, ' ').trim() !== match[2]) return undefined;
  }
  return name;
}
/**
 * A visible text node's text when it is a bare name: its element's whole text, two to four words of a
 * name's shape ({@link nameShaped}), and neither it nor an ancestor a link, heading, button or label.
 */
function bareName(doc: Doc, node: number): string | undefined {
  const parent = doc.parent(node);
  if (parent <= 0 || doc.textLength(parent) !== doc.textLength(node) || BARE_NAME_NOT_IN[doc.tag(parent)])
    return undefined;
  // Nor inside a link or a heading further up ("<h1><div>Get that tech stack</div><span>Klatch
  // Coffee</span></h1>", WCXB dev 4715: the headline's own line).
  for (let up = doc.parent(parent); up > 0; up = doc.parent(up))
    if (NO_BARE_NAME_INSIDE[doc.tag(up)]) return undefined;
  const text = doc.text(node).replace(/\s+/g, ' ').trim();
  return fullNameShaped(text) ? text : undefined;
}
/** The verbs an author's bio starts with after the name ("… is a", "… has written", "… joined"). */
const BIO_VERB =
  /^ (?:is|was|has|had|holds|joined|works|worked|writes|wrote|lives|leads|covers|serves|specializes|specialises|brings)\b/;
/**
 * Whether a later text starts an author's bio with the name and a verb ("Juliette Carreiro is a skilled
 * content creator", WCXB dev 0352; "Matteo Laratta is a middle and long course age group triathlete",
 * 4116). A category or a button under the headline ("Trail Running", "Print This Page") is not
 * written about so ("Trail Running shoes for …" is a product's name, not a bio).
 */
function bioOf(doc: Doc, from: number, name: string): boolean {
  for (let node = from + 1; node < doc.size; node++) {
    if (!doc.isText(node) || doc.textLength(node) <= name.length + 2) continue;
    const text = doc.text(node).trimStart();
    if (text.startsWith(name) && BIO_VERB.test(text.slice(name.length, name.length + 16))) return true;
  }
  return false;
}
/** Whether no source of the page gave a name yet (no byline, text byline, post's user or thread starter). */
function noNameYet(data: PageData): boolean {
  return (
    data.bylines.length === 0 &&
    data.textBylines.length === 0 &&
    data.postAuthors.length === 0 &&
    data.threadStarters.length === 0
  );
}
/**
 * A name shown beside its avatar under the headline: the text node's element, or one of its two
 * ancestors, holds an `<img>` whose `alt` is the same name ("<a title="Trond Teigen"><img alt="Trond
 * Teigen"><div>Trond Teigen</div></a>" after the date, WCXB dev 0447: a Hugo theme's post meta line).
 */
function avatarName(doc: Doc, node: number): string | undefined {
  const text = doc.text(node).replace(/\s+/g, ' ').trim();
  if (!fullNameShaped(text)) return undefined;
  let up = doc.parent(node);
  for (let level = 0; level < 3 && up > 0; level++, up = doc.parent(up)) {
    if (doc.textLength(up) !== doc.textLength(node)) return undefined;
    // A link to another page than an author's: a category's tile ("<a href=/cat/guitars title=…>").
    const href = doc.tag(up) === TAG.a ? doc.attr(up, 'href') : undefined;
    if (href !== undefined && !AUTHOR_HREF.test(href)) return undefined;
    const image = doc.findFirst(TAG.img, up);
    if (image <= 0 || doc.attr(image, 'alt')?.replace(/\s+/g, ' ').trim() !== text) continue;
    // A person's picture, not a product's or a feature's icon ("<img alt="Lifetime Warranty">"): the
    // element says the name again in its `title`, or the picture is classed as an avatar.
    if (doc.attr(up, 'title')?.trim() === text || AVATAR_CUE.test(doc.attr(image, 'class') ?? ''))
      return text;
  }
  return undefined;
}
/**
 * Class of an author's picture, or of the element holding it: `author-image`, `blog_author-image`,
 * `author-photo`, Elementor's `elementor-author-box__avatar`.
 */
const AUTHOR_PICTURE = /author[-_]*(?:box[-_]*)?(?:image|img|photo|picture|pic|avatar|headshot|thumb)/;
/** What an alt says before the name: "Picture of Liz Kenny" (Elementor's author box), "Headshot of …". */
const PICTURE_OF = /^(?:picture|photo|image|headshot|portrait)\s+of\s+/i;
/** Class of a person's picture: an avatar, a profile's or an author's photo. */
const AVATAR_CUE = /avatar|author|profile|gravatar|headshot/i;
/** Elements no bare name is inside: a heading, a link, a button, a label. */
const NO_BARE_NAME_INSIDE: boolean[] = [];
for (const tag of [TAG.h1, TAG.h2, TAG.h3, TAG.h4, TAG.h5, TAG.h6, TAG.a, TAG.button, TAG.label])
  NO_BARE_NAME_INSIDE[tag] = true;
/** Elements whose text is no bare name: a heading, a label, a button, a list's item, a link. */
const BARE_NAME_NOT_IN: boolean[] = [];
for (const tag of [
  TAG.h1,
  TAG.h2,
  TAG.h3,
  TAG.h4,
  TAG.h5,
  TAG.h6,
  TAG.a,
  TAG.button,
  TAG.label,
  TAG.li,
  TAG.option,
  TAG.th,
  TAG.td,
  TAG.dt,
  TAG.dd,
  TAG.strong,
  TAG.b,
  TAG.title,
])
  BARE_NAME_NOT_IN[tag] = true;
/** Longest text of an author box read (a bio and a few links). */
const MAX_AUTHOR_BOX_TEXT = 2_000;
/** How far (in visible text nodes) from the first `<h1>` a byline in text is taken for the page's. */
const BYLINE_WINDOW_AFTER = 60;
const BYLINE_WINDOW_BEFORE = 30;
const MAX_TEXT_BYLINES = 5;

/** Adds a visible heading's text to `list`, up to `max` (headings too long or too deep to be a title are left out). */
function addHeading(doc: Doc, node: number, list: string[], max: number): void {
  if (
    list.length >= max ||
    doc.isHiddenContent(node) ||
    doc.textLength(node) > MAX_HEADING_TEXT ||
    doc.tagCount(node) > MAX_HEADING_ELEMENTS
  )
    return;
  const text = withoutHeadingPrefix(doc, node, doc.textContent(node));
  if (text.length > 0) list.push(text);
}

/** Class of a label set before a heading's text: a forum thread's prefix (XenForo's `label`), a badge. */
const HEADING_PREFIX = /(?:^|[\s_-])(?:label|prefix|badge)(?:$|[\s_-])/;
/**
 * A heading's text without what its markup sets before the headline: a `<time>` ("<h1><a><time>Dec
 * <span>18</span> 2025</time> Preparing a transition in Debusine</a></h1>", WCXB dev 0450) or a prefix
 * label ("<h1><span class=label>Tips/Techniques</span><span class=label-append>&nbsp;</span>ProxMox or
 * Ubuntu …</h1>", XenForo, 2797). The whole text when nothing follows them.
 */
function withoutHeadingPrefix(doc: Doc, heading: number, text: string): string {
  let prefix = '';
  const end = doc.end(heading);
  for (let node = heading + 1; node < end; node++) {
    if (doc.isText(node)) {
      if (doc.text(node).trim() !== '') break;
    } else if (
      doc.isElement(node) &&
      (doc.tag(node) === TAG.time || HEADING_PREFIX.test(doc.classAndId(node)))
    ) {
      prefix += ` ${doc.textContent(node)}`;
      node = doc.end(node) - 1;
    }
  }
  const cut = prefix.replace(/\s+/g, ' ').trim();
  if (cut === '') return text;
  const whole = text.replace(/\s+/g, ' ').trim();
  return whole.startsWith(cut) && whole.length > cut.length ? whole.slice(cut.length).trim() : text;
}

export interface PageData {
  /** The raw text of the document's `<title>` (not the one of an inline SVG). */
  title?: string;
  /** Texts of the first `<h1>` elements. */
  h1s: string[];
  /** Where the first `<h1>` sits (for the learned choice of the title). */
  h1Place?: HeadingPlace;
  /** Visible text nodes of the page. */
  textNodes: number;
  /** Texts of the first `<h2>` and `<h3>` elements (a forum's thread title, a shop's product name). */
  subheadings: string[];
  lang?: string;
  direction?: 'ltr' | 'rtl';
  canonical?: string;
  /** `<base href>`. */
  base?: string;
  /** `<link rel=image_src>`. */
  imageSrc?: string;
  /**
   * Visible bylines (rel=author links, byline/author classes), in page order: the names the
   * byline links to an author page or marks as names, joined by "; ", else its whole text.
   */
  bylines: string[];
  /**
   * Bylines written as text ("By Ann Lee", "Written by Ann Lee and Bo Chen"), from the "by"
   * on, near the headline first, then elsewhere outside comments, sidebars and teasers.
   */
  textBylines: string[];
  /**
   * The same bylines' whole texts (`bylines`, `textBylines` in the same order), where the dates are read:
   * a byline's name is cut to its line ({@link nameLine}), a dateline after it stays a date's source.
   */
  bylineTexts: string[];
  textBylineTexts: string[];
  /** A forum thread's author as its label gives it ("Thread starter sean_g", "Started by Ann"). */
  threadStarters: string[];
  /**
   * The first user name a post shows (`<a class="username">`, vBulletin's `bigusername`): on a
   * forum thread, the first post's author.
   */
  postAuthors: string[];
  /**
   * The name an author box gives (the "about the author" box beside or after the text: Elementor's
   * `elementor-author-box__name`), the first of its names.
   */
  boxAuthors: string[];
  /** `<time datetime>` values, `pubdate` and `itemprop=datePublished` ones first (none from comments or sidebars). */
  times: string[];
  /** The `pubdate` and `itemprop=datePublished` ones alone, and the others. */
  pubTimes: string[];
  otherTimes: string[];
  /** The last item of the page's breadcrumb trail (an element classed or labelled "breadcrumb"). */
  breadcrumb?: string;
  /**
   * Dates written as text near the headline or in a date element ("Published
   * on July 18, 2025", "Dec 12, 2025"), as written, in page order; those
   * labelled as updates apart.
   */
  visibleDates: string[];
  visibleModified: string[];
  /** Text nodes between the first `<h1>` and each of `visibleDates` (negative: before it; NaN: no `<h1>`). */
  visibleDateDistances: number[];
  /** Relative dates written near the headline or in a date element ("3 hours ago", "vor 2 Tagen"), as written. */
  relativeDates: string[];
  /**
   * The first dates shown (`<time datetime>` values and written dates, not updates), in page
   * order, each with the form of its element: a list's items repeat one form.
   */
  firstDates: ShownDate[];
}

/** Where a heading sits on its page. */
export interface HeadingPlace {
  /** Visible text nodes before it. */
  at: number;
  /** Inside `<header>`, `<nav>`, `<footer>` or `<aside>` (not within an `<article>`). */
  chrome: boolean;
  /** Inside `<main>` or `<article>`. */
  main: boolean;
  /** Text nodes with letters inside it (a title and its kicker or subtitle in one `<h1>`: 2). */
  segments: number;
}

/** A date the page shows, and the form of the element that shows it. */
export interface ShownDate {
  value: string;
  /** Tag and class of the element and of its parent. */
  form: string;
}

/** Dates kept in `firstDates`. */
const MAX_FIRST_DATES = 4;

/** Tag and class of an element and of its parent (not ids: a list's items have one id each). */
function formOf(doc: Doc, element: number): string {
  const parent = doc.parent(element);
  const own = `${doc.tag(element)}.${doc.attr(element, 'class') ?? ''}`;
  return parent > 0 ? `${own}/${doc.tag(parent)}.${doc.attr(parent, 'class') ?? ''}` : own;
}

/** Elements whose dates are not the page's: comments, sidebars, related links, navigation, footers. */
export const NOT_PAGE_DATES =
  /comment|related|sidebar|(?<!elementor-)widget|recent|footer|breadcrumb|(?:^|[\s_-])(?:nav|menu)(?:$|[\s_-])|teaser|promo|archive/;
/**
 * Matches where {@link NOT_PAGE_DATES} or {@link NOT_PAGE_BYLINES} does (both have no flags): their
 * words, each once (the two lists share six, tried twice at every position of every class).
 */
export const NOT_PAGE_PART =
  /comment|related|sidebar|(?<!elementor-)widget|recent|footer|breadcrumb|(?:^|[\s_-])(?:nav|menu)(?:$|[\s_-])|teaser|promo|archive|review|testimonial|quote|carousel|slider|swiper|(?:^|[\s_-])feed|recommend/;
/**
 * An element inside the page's `<article>` whose classes say "footer" and no other word of
 * {@link NOT_PAGE_PART} (Shopify's `article-template-footer`, WordPress's `entry-footer`) is the
 * article's own footer, which holds its date (WCXB dev 4596: "August 12, 2025" in
 * `footer.article-template-footer` under the text), as a `<footer>` element there is. A card's or
 * a teaser's `<article>` is no more than an aside's share of the page (`maxAsideText`), and a
 * review's footer (`product-review__footer`) keeps its other word.
 */
function isArticleFooter(doc: Doc, node: number, classAndId: string, maxAsideText: number): boolean {
  if (!classAndId.includes('footer') || NOT_PAGE_PART.test(classAndId.replaceAll('footer', ' ')))
    return false;
  const article = doc.closest(node, TAG.article);
  return article >= 0 && doc.textLength(article) > maxAsideText;
}
/**
 * An element that holds the page's `<main>` is the layout around it whatever its classes say
 * (Reddit's "main-container … fixed-sidebar", WCXB dev 0561: the post's byline is inside). Asked only
 * of the few elements a class would exclude; a function, not a closure per element of the page scan
 * (one was 190 KB a page of allocation, bench/speed/allocation.ts).
 */
function holdsMain(doc: Doc, node: number, pageText: number): boolean {
  return doc.textLength(node) > MAX_ASIDE_SHARE * pageText && doc.findFirst(TAG.main, node) >= 0;
}
/** Largest share of the page's text an element excluded by its class (sidebar, comments…) may hold. */
const MAX_ASIDE_SHARE = 0.4;
/** …unless it is short (a small page's sidebar is still a sidebar). */
const MAX_ASIDE_TEXT = 1_000;
/** Class/id of an element that holds the page's date. */
const DATE_CUE = /date|time|publish|posted|dateline|byline|meta|stamp/;
/** Labels of an update date. */
const UPDATED_LABEL =
  /\b(?:updated|last modified|modified|aktualisiert|geändert|mis à jour|actualizado|aggiornato|bijgewerkt)\b/i;
/** A year or a month name: text worth trying as a date. */
const MAYBE_DATE =
  /(?:19|20)\d\d|\b(?:jan|feb|mär|mar|apr|may|mai|jun|jul|aug|sep|okt|oct|nov|dez|dec)[a-zäé]*\.?\s/i;
/** How far (in visible text nodes) from the first `<h1>` a written date is taken for the page's. */
const DATE_WINDOW_AFTER = 60;
const DATE_WINDOW_BEFORE = 30;
const MAX_DATE_TEXT = 80;
/** Most words of a written date ("Published on Monday, July 18, 2025 at 9:30 am"). */
const MAX_DATE_WORDS = 10;
const MAX_VISIBLE_DATES = 10;
/**
 * A label that names the next text the page's publication date ("Published", "Publish date:"). A
 * side column that holds a post's own meta (WCXB dev 0300's `single-post-sidebar`: "<h4>Published</h4>
 * <div>July 8, 2025</div>"; 4105's `c-layout-sidebar-bottom`) is excluded with the sidebars, but the
 * label says whose date it is: a related post's card carries no such label.
 */
const PUBLISHED_LABEL = /^\s*(?:date\s+)?(?:first\s+)?publish(?:ed|ing)?(?:\s+date|\s+on)?:?\s*$/i;
/** Dates read after such a label inside an excluded element, at most. */
const MAX_LABELLED_EXCLUDED = 1;
/**
 * A side column that starts right under the headline with a date classed as one is the post's meta
 * column (WCXB dev 4174: `<aside class="side-col"><p class="ForefrontArticle_date">May 25, 2023</p>`
 * one text after the `<h1>`, the byline below it): its first text, when it is that date, is read. A
 * sidebar of other posts starts with its heading or a card's title, not a date. Only an `<aside>` (HTML's
 * element for content beside the main one) whose class says nothing of sidebars or comments.
 */
const MAX_EXCLUDED_META_DISTANCE = 5;
/** Relative dates ("3 hours ago") looked at, near the headline or not. */
const MAX_RELATIVE_CANDIDATES = 20;

/**
 * A utility class with an arbitrary value (Tailwind's `md:[grid-area:sidebar]`,
 * `[--sidebar-width:18rem]`, `mr-[--sidebar-width]`) names the CSS it sets, not what the element
 * is: the grid area called "sidebar" that holds a page's headline and dateline is no sidebar.
 */
export function withoutArbitraryValues(classAndId: string): string {
  if (!classAndId.includes('[')) return classAndId;
  // Token by token in one scan, as `replace(/[^\s[]*\[[^\]\s]*\][^\s]*/g, ' ')` reads it (a token with
  // a `]` after its first `[` becomes one space), but linear: that pattern retried from every
  // character of a long token without `[`, so a hostile class of 40,000 characters took 9 s.
  let out = '';
  let kept = 0;
  let start = -1;
  let open = -1;
  let closed = false;
  for (let at = 0; at <= classAndId.length; at++) {
    const code = at < classAndId.length ? classAndId.charCodeAt(at) : 0x20;
    if (isJsSpaceCode(code)) {
      if (closed) {
        out += `${classAndId.slice(kept, start)} `;
        kept = at;
      }
      start = -1;
      open = -1;
      closed = false;
    } else {
      if (start < 0) start = at;
      if (code === 0x5b && open < 0) open = at;
      else if (code === 0x5d && open >= 0) closed = true;
    }
  }
  return kept === 0 ? classAndId : out + classAndId.slice(kept);
}

/**
 * A class that says what an element has or lacks (`hasslider`, `has-sidebar`, `no-sidebar`,
 * `with_comments`) names its state, not what it is: WCXB dev 4363's banner
 * `div.block-banner … hasslider` holds the headline and the byline "Rachel MacDonald". Tried only on
 * a class {@link NOT_PAGE_PART} matched, and its test repeated without those tokens.
 */
const STATE_WORD = /(?:^|\s)(?:has[-_]?|with[-_]|no[-_])[a-z]/;
/** {@link STATE_WORD} to the end of its token. */
const STATE_TOKEN = new RegExp(`${STATE_WORD.source}[^\\s]*`, 'g');
function withoutStates(classAndId: string): string {
  return classAndId.replace(STATE_TOKEN, ' ');
}

/**
 * Whether `raw`, its white space collapsed to single spaces and trimmed (`raw.replace(/\s+/g, ' ').trim()`),
 * has at most `maxLength` characters and `maxWords` words (pieces between spaces): measured in one
 * scan, without building the string, stopping as soon as it is over.
 */
export function fitsLine(raw: string, maxLength: number, maxWords: number): boolean {
  let length = 0;
  let words = 0;
  let inWord = false;
  for (let at = 0; at < raw.length; at++) {
    if (isJsSpaceCode(raw.charCodeAt(at))) {
      inWord = false;
      continue;
    }
    if (!inWord) {
      inWord = true;
      // The space before every word but the first.
      if (++words > 1) length++;
      if (words > maxWords) return false;
    }
    if (++length > maxLength) return false;
  }
  return true;
}

const MAX_LINE_TEXT = MAX_DATE_TEXT + 20;
/** Siblings looked at on each side of a date's line. */
const MAX_LINE_SIBLINGS = 12;

/**
 * The text length of the line a text node sits on inside its block: its outermost inline ancestor
 * below the block and the inline siblings around it, up to the block's block-level children. A
 * date shown on a line of its own among an article's blocks (`<h1>…</h1><span><time>Dec 19,
 * 2025</time></span><div>…`) is a dateline even though its block is the whole article; a date
 * inside a sentence is on a long line.
 */
function lineLength(doc: Doc, node: number, block: number): number {
  let top = node;
  while (doc.parent(top) !== block && doc.parent(top) >= 0) top = doc.parent(top);
  let length = doc.textLength(top);
  // The siblings before, then after (two loops, not a closure per step: asked of most short texts).
  let sibling = doc.previousSibling(top);
  for (let seen = 0; sibling >= 0 && isInline(doc, sibling) && length <= MAX_LINE_TEXT; seen++) {
    if (seen === MAX_LINE_SIBLINGS) return Number.POSITIVE_INFINITY;
    length += doc.textLength(sibling);
    sibling = doc.previousSibling(sibling);
  }
  sibling = doc.nextSibling(top);
  for (let seen = 0; sibling >= 0 && isInline(doc, sibling) && length <= MAX_LINE_TEXT; seen++) {
    if (seen === MAX_LINE_SIBLINGS) return Number.POSITIVE_INFINITY;
    length += doc.textLength(sibling);
    sibling = doc.nextSibling(sibling);
  }
  return length;
}
/** Whether a node sits on a line with its neighbours: a text, or an element that is no block. */
function isInline(doc: Doc, node: number): boolean {
  return !(doc.isElement(node) && IS_BLOCK[doc.tag(node)]);
}

/** A `rel` (lower-cased) with the token "canonical", or "image_src": its tokens read in place, no array made. */
const REL_CANONICAL = /(?:^|\s)canonical(?:$|\s)/;
const REL_IMAGE_SRC = /(?:^|\s)image_src(?:$|\s)/;

/** The text children of an element joined (for `<title>`, whose content is not "visible" text). */
function rawText(doc: Doc, node: number): string {
  const parts: string[] = [];
  for (let child = node + 1; child < doc.end(node); child++) {
    tick('metadata');
    if (doc.kind(child) === NodeKind.Text) parts.push(doc.text(child));
  }
  return parts.join('');
}

function directionOf(value: string | undefined): 'ltr' | 'rtl' | undefined {
  const lower = value?.trim().toLowerCase();
  return lower === 'ltr' || lower === 'rtl' ? lower : undefined;
}

/** Page data with nothing found (also what a page whose reading failed gives). */
export function emptyPageData(): PageData {
  // Every field present from the start, the optional ones undefined: the scan sets them in the
  // order a page gives them, and an object whose fields come in a page's order has a shape of its
  // own per order. Each new shape stopped the scan's optimised code ("wrong map") and V8 compiled
  // it again, ~100 ms a time, 32 times over the speed mix's first 900 calls.
  return {
    title: undefined,
    h1Place: undefined,
    lang: undefined,
    direction: undefined,
    canonical: undefined,
    base: undefined,
    imageSrc: undefined,
    breadcrumb: undefined,
    h1s: [],
    subheadings: [],
    bylines: [],
    textBylines: [],
    bylineTexts: [],
    textBylineTexts: [],
    threadStarters: [],
    postAuthors: [],
    boxAuthors: [],
    times: [],
    pubTimes: [],
    otherTimes: [],
    visibleDates: [],
    visibleModified: [],
    visibleDateDistances: [],
    relativeDates: [],
    firstDates: [],
    textNodes: 0,
  };
}

export function pageData(doc: Doc): PageData {
  const data = emptyPageData();
  const html = doc.html;
  const body = doc.body;
  const htmlLang = html >= 0 ? (doc.attr(html, 'lang') ?? doc.attr(html, 'xml:lang')) : undefined;
  if (htmlLang?.trim()) data.lang = htmlLang;
  // The innermost declaration wins: <body dir> overrides <html dir>.
  data.direction =
    (body >= 0 ? directionOf(doc.attr(body, 'dir')) : undefined) ??
    (html >= 0 ? directionOf(doc.attr(html, 'dir')) : undefined);

  const pageText = body >= 0 ? doc.textLength(body) : doc.size > 0 ? doc.textLength(0) : 0;
  const maxAsideText = Math.max(MAX_ASIDE_SHARE * pageText, MAX_ASIDE_TEXT);
  let titlesSeen = 0;
  let mainDirection: 'ltr' | 'rtl' | undefined;
  const pubTimes = data.pubTimes;
  const otherTimes = data.otherTimes;
  let breadcrumbSeen = false;
  /** `<time>` elements shown, in page order, with their form. */
  const shownTimes: { node: number; date: ShownDate }[] = [];
  // Elements whose dates are not the page's, elements whose bylines are not, and bylines (not
  // nested), end here.
  let excludedUntil = -1;
  let bylinesExcludedUntil = -1;
  let bylineUntil = -1;
  let textNodes = 0;
  let firstH1Text = -1;
  /** The last shown text node before this one, and the dates read after a label in excluded elements. */
  let previousText = -1;
  let labelledExcluded = 0;
  /** Shown text nodes before the last excluded element began. */
  let excludedFromText = -1;
  const dateCandidates: WrittenDate[] = [];
  // Relative dates ("3 hours ago") apart: the rules do not read them.
  const relativeCandidates: WrittenDate[] = [];
  const bylineCandidates: { text: string; whole: string; at: number }[] = [];
  const iconNames: PlacedName[] = [];
  const authorLinks: PlacedName[] = [];
  /** The alt texts of author pictures that are names ({@link AUTHOR_PICTURE}). */
  const authorPictures: string[] = [];
  /** Short visible texts right under the first `<h1>` (a bare name line's candidates). */
  const underHeadline: number[] = [];
  const nameCues: NameCueState = {
    bylineUntil: -1,
    textNodes: 0,
    firstH1Text: -1,
    iconNames,
    authorLinks,
    authorPictures,
  };
  let lastBylineBlock = -1;
  /** `cueBitsOf`'s answers of this page. */
  const cueBits: PageCues = { byNumber: new Uint16Array(doc.classCount), byString: new Map() };
  const relId = doc.attributeId('rel');
  // One pass over every node; each element costs O(1) except the few whose text is read, which are bounded.
  for (let node = 0; node < doc.size; node++) {
    tick('metadata');
    const kind = doc.kind(node);
    if (kind === NodeKind.Text) {
      if (doc.columns.hidden[node] || doc.textLength(node) === 0) continue;
      textNodes++;
      if (node >= bylinesExcludedUntil && bylineCandidates.length < 50) {
        const block = textByline(doc, node);
        if (block && block.node !== lastBylineBlock) {
          lastBylineBlock = block.node;
          // The names its links to author pages give, when it has any ("By <a href=/contributor/…>A. J.
          // Neal</a> View in Digital Edition"): what follows the name is the page's, not the name's.
          if (!block.starter)
            bylineCandidates.push({
              text: bylineNames(doc, block.node, true) ?? block.text,
              whole: bylineNames(doc, block.node, true, false) ?? block.whole ?? block.text,
              at: textNodes,
            });
          else if (data.threadStarters.length < MAX_TEXT_BYLINES) data.threadStarters.push(block.text);
        }
      }
      const previous = previousText;
      previousText = node;
      if (
        firstH1Text >= 0 &&
        textNodes > firstH1Text &&
        textNodes <= firstH1Text + BARE_LINE_WINDOW &&
        node >= excludedUntil &&
        doc.textLength(node) <= MAX_BARE_LINE
      )
        underHeadline.push(node);
      // In an excluded element, only a date right after a publication label ("Published") is the page's.
      const labelled =
        node < excludedUntil &&
        labelledExcluded < MAX_LABELLED_EXCLUDED &&
        previous >= 0 &&
        doc.textLength(previous) <= 20 &&
        // "publish" at least: most of a nav's labels are shorter.
        doc.textLength(previous) >= 7 &&
        // White space read by the pattern: nothing is built for the nav's short labels it rejects.
        PUBLISHED_LABEL.test(doc.text(previous));
      // …or the first text of an excluded element that starts right under the headline (checked for a
      // date class below).
      const metaColumn =
        node < excludedUntil &&
        !labelled &&
        labelledExcluded < MAX_LABELLED_EXCLUDED &&
        textNodes === excludedFromText + 1 &&
        firstH1Text >= 0 &&
        textNodes > firstH1Text &&
        textNodes - firstH1Text <= MAX_EXCLUDED_META_DISTANCE;
      if (node < excludedUntil && !labelled && !metaColumn) continue;
      if (readWrittenDate(doc, node, textNodes, labelled, metaColumn, dateCandidates, relativeCandidates))
        labelledExcluded++;
      continue;
    }
    if (kind !== NodeKind.Element) continue;
    const tag = doc.tag(node);
    // A class that says "sidebar" or "widget" on an element holding most of the page ("has-sidebar"
    // on <body>, Elementor's "widget-wrap") is a layout class, not a sidebar.
    const aside = doc.textLength(node) <= maxAsideText;
    const datesOpen = node >= excludedUntil && aside;
    const bylinesOpen = node >= bylinesExcludedUntil && aside;
    // The class tests, once per class of the page (its cards and rows repeat a few); the class
    // string read only where a test below needs more than its bits (0: no class and no id).
    const bits = datesOpen || bylinesOpen ? classCueBits(doc, node, cueBits) : 0;
    if (datesOpen) {
      // A <footer> or <aside> inside an <article> is that article's own (HTML: a footer holds its
      // section's author and date), not the page's; its classes still count.
      const pagePart =
        tag === TAG.nav || ((tag === TAG.footer || tag === TAG.aside) && doc.closest(node, TAG.article) < 0);
      if (
        pagePart ||
        ((bits & CUE_NOT_DATES) !== 0 &&
          !(
            isArticleFooter(doc, node, scanCues(doc.classAndId(node)), maxAsideText) ||
            holdsMain(doc, node, pageText)
          ))
      ) {
        // Only an <aside> of the page's, not a class that says sidebar or comments, may be a meta column.
        excludedFromText = pagePart && tag === TAG.aside && (bits & CUE_NOT_DATES) === 0 ? textNodes : -2;
        excludedUntil = doc.end(node);
      }
    }
    if (bylinesOpen) {
      if (
        tag === TAG.nav ||
        tag === TAG.blockquote ||
        // The page's <footer>, not an article's: its "By Ovolo Collective" heads a list of the group's
        // hotels (WCXB dev 0141), as a footer's dates are not the page's.
        (tag === TAG.footer && doc.closest(node, TAG.article) < 0) ||
        ((bits & CUE_NOT_BYLINES) !== 0 && !holdsMain(doc, node, pageText))
      )
        bylinesExcludedUntil = doc.end(node);
    }
    if (
      !breadcrumbSeen &&
      ((bits & CUE_BREADCRUMB) !== 0 ||
        (tag === TAG.nav && /breadcrumb/i.test(doc.attr(node, 'aria-label') ?? '')))
    ) {
      breadcrumbSeen = true;
      data.breadcrumb = lastCrumb(doc, node);
    }
    if (tag === TAG.title) {
      if (data.title === undefined && ++titlesSeen <= 20 && doc.closest(node, TAG.svg) < 0) {
        data.title = rawText(doc, node);
      }
    } else if (tag === TAG.link) {
      const href = doc.attr(node, 'href');
      if (href && (data.canonical === undefined || data.imageSrc === undefined)) {
        const rel = doc.attr(node, 'rel')?.toLowerCase();
        if (rel !== undefined) {
          if (data.canonical === undefined && REL_CANONICAL.test(rel)) data.canonical = href;
          if (data.imageSrc === undefined && REL_IMAGE_SRC.test(rel)) data.imageSrc = href;
        }
      }
    } else if (tag === TAG.base) {
      if (data.base === undefined && doc.attr(node, 'href')) data.base = doc.attr(node, 'href');
    } else if (tag === TAG.h1) {
      addHeading(doc, node, data.h1s, MAX_H1);
      if (data.h1Place === undefined && data.h1s.length > 0)
        data.h1Place = headingPlace(doc, node, textNodes);
      if (firstH1Text < 0 && node >= excludedUntil) firstH1Text = textNodes + 1;
    } else if (tag === TAG.h2 || tag === TAG.h3) {
      addHeading(doc, node, data.subheadings, MAX_SUBHEADINGS);
    } else if (tag === TAG.main || tag === TAG.article) {
      // Last resort for the direction: the first <main> or <article> that declares one.
      if (data.direction === undefined && mainDirection === undefined)
        mainDirection = directionOf(doc.attr(node, 'dir'));
    } else if (tag === TAG.time) {
      const datetime = doc.attr(node, 'datetime');
      if (datetime && node >= excludedUntil && pubTimes.length + otherTimes.length < MAX_TIMES) {
        const itemprop = doc.attr(node, 'itemprop')?.toLowerCase() ?? '';
        if (doc.attr(node, 'pubdate') !== undefined || itemprop.includes('datepublished'))
          pubTimes.push(datetime);
        else if (!itemprop.includes('datemodified')) otherTimes.push(datetime);
        if (!itemprop.includes('datemodified') && shownTimes.length < MAX_FIRST_DATES)
          shownTimes.push({ node, date: { value: datetime, form: formOf(doc, node) } });
      }
    }
    if (
      node >= bylineUntil &&
      node >= bylinesExcludedUntil &&
      data.bylines.length < MAX_BYLINES &&
      mayBeByline(doc, node, tag) &&
      (hasRelAuthor(doc, node, relId) ||
        ((bits !== 0 ? bits : classCueBits(doc, node, cueBits)) & CUE_BYLINE) !== 0) &&
      !opensWithTaxonomyLink(doc, node)
    ) {
      const whole = bylineNames(doc, node, false, false) ?? doc.textContent(node);
      const text = bylineNames(doc, node) ?? nameLine(doc, node) ?? whole;
      if (text.length > 0) {
        data.bylines.push(text);
        data.bylineTexts.push(whole);
      }
      bylineUntil = doc.end(node); // nested byline elements would repeat the same text
    }
    // Each of `readNameCues`' readings needs one of these (a cue's bit, a link, a picture).
    if (bylinesOpen && ((bits & NAME_CUE_BITS) !== 0 || tag === TAG.a || tag === TAG.img)) {
      nameCues.bylineUntil = bylineUntil;
      nameCues.textNodes = textNodes;
      nameCues.firstH1Text = firstH1Text;
      readNameCues(doc, node, tag, bits, data, nameCues);
    }
  }
  data.times = [...pubTimes, ...otherTimes];
  finishPageData(doc, data, {
    firstH1Text,
    shownTimes,
    dateCandidates,
    relativeCandidates,
    bylineCandidates,
    iconNames,
    authorLinks,
    authorPictures,
    underHeadline,
  });
  data.direction ??= mainDirection;
  data.textNodes = textNodes;
  return data;
}

/** Where the walk stands, and the name lists `readNameCues` adds to. */
interface NameCueState {
  /** The end of the last byline element read (names inside it are its own). */
  bylineUntil: number;
  /** Shown text nodes so far. */
  textNodes: number;
  firstH1Text: number;
  iconNames: PlacedName[];
  authorLinks: PlacedName[];
  authorPictures: string[];
}

/**
 * The names an element may give beside the bylines, where bylines are read (`bylinesOpen`): a post's
 * user, a name beside a person icon, a link to an author's page, an author's picture, an author
 * box. Out of the walk for V8: see `finishPageData`.
 */
function readNameCues(
  doc: Doc,
  node: number,
  tag: number,
  bits: number,
  data: PageData,
  at: NameCueState,
): void {
  const { bylineUntil, textNodes, firstH1Text, iconNames, authorLinks, authorPictures } = at;
  // Both of the cue's forms hold "user" or "post": most classes hold neither.
  if (data.postAuthors.length === 0 && (bits & CUE_USER_OR_POST) !== 0) {
    const cue = POST_AUTHOR_CUE.exec(scanCues(doc.classAndId(node)));
    const nameNode = cue === null ? -1 : cue[1] === undefined ? node : doc.findFirst(TAG.dt, node);
    // A form's field is asked of the reader ("First Name:", WCXB dev 4331), not a post's user.
    if (nameNode > 0 && doc.textLength(nameNode) <= MAX_USER_NAME && doc.closest(nameNode, TAG.form) < 0) {
      const name = doc.textContent(nameNode);
      if (name !== '' && name.split(' ').length <= 3) data.postAuthors.push(name);
    }
  }
  // A name beside a person icon: the icon's parent's short text.
  if (iconNames.length < MAX_BYLINES && (bits & CUE_PERSON_ICON) !== 0 && doc.textLength(node) === 0) {
    const parent = doc.parent(node);
    const length = parent > 0 ? doc.textLength(parent) : 0;
    const text = length >= 2 && length <= MAX_ICON_NAME ? doc.textContent(parent) : '';
    // XenForo's "Thread starter" icon: the labelled starter is read as one (`threadStarters`).
    if (text !== '' && !THREAD_STARTER.test(text)) iconNames.push({ text, at: textNodes });
  }
  // A link to an author's page on its own, outside any byline element ("<a href=/team/matthew-check>Matt
  // Check</a>" in a post's meta line, WCXB dev 4688): its text, when it has a name's shape, is a name.
  // Kept only near the headline (below); links past the window are not looked at.
  if (
    tag === TAG.a &&
    authorLinks.length < MAX_AUTHOR_LINKS &&
    node >= bylineUntil &&
    (firstH1Text < 0 || textNodes <= firstH1Text + BYLINE_WINDOW_AFTER)
  ) {
    const length = doc.textLength(node);
    const parent = doc.parent(node);
    if (
      length >= 2 &&
      length <= MAX_ICON_NAME &&
      parent > 0 &&
      doc.textLength(parent) <= MAX_BYLINE_TEXT &&
      WRITER_HREF.test(doc.attr(node, 'href') ?? '') &&
      !labelledOther(doc, node)
    ) {
      const text = doc.textContent(node).replace(/\s+/g, ' ').trim();
      // Two words at least: a one-word link is a place's or a section's as often ("Seattle", "DET").
      if (fullNameShaped(text)) authorLinks.push({ text, at: textNodes });
    }
  }
  // A picture of the author whose alt is the name ("<img alt="Lauren Vetter" class=blog_author-image>").
  if (tag === TAG.img && authorPictures.length < MAX_BYLINES) {
    const cues = doc.classAndId(node);
    const parent = doc.parent(node);
    const classed =
      (cues !== '' && AUTHOR_PICTURE.test(cues)) ||
      (parent > 0 && AUTHOR_PICTURE.test(doc.classAndId(parent)));
    const alt = classed
      ? doc.attr(node, 'alt')?.replace(/\s+/g, ' ').trim().replace(PICTURE_OF, '')
      : undefined;
    if (alt !== undefined && fullNameShaped(alt)) authorPictures.push(alt);
  }
  // An author box's name: its links to author pages or its elements classed as names.
  if (
    data.boxAuthors.length === 0 &&
    (bits & CUE_AUTHOR_BOX) !== 0 &&
    doc.textLength(node) <= MAX_AUTHOR_BOX_TEXT
  ) {
    const names = bylineNames(doc, node);
    if (names !== undefined) data.boxAuthors.push(names.split('; ')[0]);
  }
}

/**
 * A shown text read as a written date (`dateCandidates`) or a relative one (`relativeCandidates`)
 * when it is one, on a line of its own. True when the date counts against the excluded elements'
 * labelled dates (`labelled` or `metaColumn`, and not relative). Out of the walk for V8: see
 * `finishPageData`.
 */
function readWrittenDate(
  doc: Doc,
  node: number,
  textNodes: number,
  labelled: boolean,
  metaColumn: boolean,
  dateCandidates: WrittenDate[],
  relativeCandidates: WrittenDate[],
): boolean {
  const parent = doc.parent(node);
  // A date is its block's text (a dateline), not a phrase in a paragraph.
  let block = parent;
  for (let level = 0; level < 4 && block > 0 && !IS_BLOCK[doc.tag(block)]; level++) block = doc.parent(block);
  // A text longer than a line is on a longer line in its block (the block test below), whatever its
  // words: known from its length, before its words are scanned.
  if (block > 0 && doc.textLength(node) > MAX_LINE_TEXT) return false;
  // Its line, before its words: most short texts are a link's or a phrase's in a paragraph.
  if (block > 0 && doc.textLength(block) > MAX_LINE_TEXT && lineLength(doc, node, block) > MAX_LINE_TEXT)
    return false;
  const raw = doc.text(node);
  if (raw.length > MAX_DATE_TEXT * 3) return false;
  // A longer text's shape first (one scan, stopped past the limit, nothing built): most are too
  // long to be a date once their white space is collapsed, and the tests of words cost more.
  const shaped = raw.length > MAX_DATE_TEXT;
  if (shaped && !fitsLine(raw, MAX_DATE_TEXT, MAX_DATE_WORDS)) return false;
  const relative = !MAYBE_DATE.test(raw);
  if (relative && !(MAYBE_RELATIVE_DATE.test(raw) && RELATIVE_DATE_CUE.test(raw))) return false;
  const candidates = relative ? relativeCandidates : dateCandidates;
  if (candidates.length >= (relative ? MAX_RELATIVE_CANDIDATES : 200)) return false;
  if (!shaped && !fitsLine(raw, MAX_DATE_TEXT, MAX_DATE_WORDS)) return false;
  const text = raw.replace(/\s+/g, ' ').trim();
  const grandparent = doc.parent(parent);
  const cued =
    labelled ||
    DATE_CUE.test(doc.classAndId(parent)) ||
    (grandparent > 0 && DATE_CUE.test(doc.classAndId(grandparent)));
  if (metaColumn && (!cued || relative)) return false;
  const before = node > 0 && doc.isText(node - 1) ? doc.text(node - 1) : '';
  const label = `${before.slice(-40)} ${text.slice(0, 30)}`;
  candidates.push({
    text,
    at: textNodes,
    cued,
    updated: UPDATED_LABEL.test(label),
    node,
    element: parent,
  });
  return (labelled || metaColumn) && !relative;
}

/** A written date the scan found, with where it stands (`at`: shown text nodes before it). */
interface WrittenDate {
  text: string;
  at: number;
  cued: boolean;
  updated: boolean;
  node: number;
  element: number;
}

/** A name the scan found, and the shown text nodes before it. */
interface PlacedName {
  text: string;
  at: number;
}

/** What the page scan's walk found, for the choices made after it (`finishPageData`). */
interface ScanFindings {
  /** Shown text nodes before the first `<h1>`'s text (-1: no `<h1>`). */
  firstH1Text: number;
  shownTimes: { node: number; date: ShownDate }[];
  dateCandidates: WrittenDate[];
  relativeCandidates: WrittenDate[];
  bylineCandidates: { text: string; whole: string; at: number }[];
  iconNames: PlacedName[];
  authorLinks: PlacedName[];
  authorPictures: string[];
  underHeadline: number[];
}

/**
 * The page scan's choices after its walk: the written dates near the headline or in date
 * elements, the first dates, the bylines in text, and the fallbacks for a name. A function of its
 * own (not the walk's tail): the walk is large, and each rare path its tail takes for the first
 * time on some page stopped the walk's optimised code, which V8 then compiled again whole (~100 ms).
 */
function finishPageData(doc: Doc, data: PageData, found: ScanFindings): void {
  const firstH1Text = found.firstH1Text;
  const shownWritten: { node: number; date: ShownDate }[] = [];
  // Written dates: in a date element anywhere (outside comments, sidebars…), or close to the headline.
  for (const candidate of found.dateCandidates) {
    const near =
      firstH1Text >= 0 &&
      candidate.at >= firstH1Text - DATE_WINDOW_BEFORE &&
      candidate.at <= firstH1Text + DATE_WINDOW_AFTER;
    if (!candidate.cued && !near) continue;
    const list = candidate.updated ? data.visibleModified : data.visibleDates;
    if (list.length < MAX_VISIBLE_DATES) {
      list.push(candidate.text);
      if (!candidate.updated)
        data.visibleDateDistances.push(firstH1Text >= 0 ? candidate.at - firstH1Text : Number.NaN);
    }
    // The text of a <time> already counted is the same date.
    if (
      !candidate.updated &&
      shownWritten.length < MAX_FIRST_DATES &&
      doc.tag(candidate.element) !== TAG.time
    )
      shownWritten.push({
        node: candidate.node,
        date: { value: candidate.text, form: formOf(doc, candidate.element) },
      });
  }
  for (const candidate of found.relativeCandidates) {
    const near =
      firstH1Text >= 0 &&
      candidate.at >= firstH1Text - DATE_WINDOW_BEFORE &&
      candidate.at <= firstH1Text + DATE_WINDOW_AFTER;
    if ((candidate.cued || near) && data.relativeDates.length < MAX_VISIBLE_DATES)
      data.relativeDates.push(candidate.text);
  }
  data.firstDates = [...found.shownTimes, ...shownWritten]
    .sort((a, b) => a.node - b.node)
    .slice(0, MAX_FIRST_DATES)
    .map((entry) => entry.date);
  // Bylines in text: those near the headline first.
  const nearHeadline = (at: number) =>
    firstH1Text >= 0 && at >= firstH1Text - BYLINE_WINDOW_BEFORE && at <= firstH1Text + BYLINE_WINDOW_AFTER;
  for (const near of [true, false]) {
    for (const candidate of found.bylineCandidates) {
      if (nearHeadline(candidate.at) === near && data.textBylines.length < MAX_TEXT_BYLINES) {
        data.textBylines.push(candidate.text);
        data.textBylineTexts.push(candidate.whole);
      }
    }
  }
  // The one name the author pictures give, beside the bylines (WCXB dev 0306: the author box at the end,
  // "<div class=blog_author-wrapper><img alt="Lauren Vetter" class=blog_author-image>…", whose byline
  // element under the headline holds only "August 28, 2025 • 5 min read").
  if (
    data.bylines.length < MAX_BYLINES &&
    found.authorPictures.length > 0 &&
    found.authorPictures.every((name) => name === found.authorPictures[0])
  ) {
    data.bylines.push(found.authorPictures[0]);
    data.bylineTexts.push(found.authorPictures[0]);
  }
  // Three or more, the first two different: the bylines of a list (products "By Brand", teasers), left
  // out before the fallbacks below ask whether any byline gave a name (WCXB dev 4193: a post's author
  // link, with teaser cards' "Written by …" further down).
  if (
    data.textBylineTexts.length >= 3 &&
    looseName(data.textBylineTexts[0]) !== looseName(data.textBylineTexts[1])
  ) {
    data.textBylines = [];
    data.textBylineTexts = [];
  }
  // A name beside a person icon near the headline is a byline (a menu's "My account" is not near it).
  for (const icon of found.iconNames)
    if (nearHeadline(icon.at) && data.bylines.length < MAX_BYLINES) {
      data.bylines.push(icon.text);
      data.bylineTexts.push(icon.text);
    }
  // A name linked to its author page near the headline, where no byline (an element's or in text) gave
  // one: the first such link (a second is as often a reviewer's or a teaser's as a co-author's).
  if (data.bylines.length === 0 && data.textBylines.length === 0)
    for (const link of found.authorLinks)
      if (nearHeadline(link.at)) {
        data.bylines.push(link.text);
        data.bylineTexts.push(link.text);
        break;
      }
  // A bare name on its own element right before the shown date near the headline, where nothing else
  // gave a name ("<span>Stefan</span></div><div><time>March 5, 2026</time>", WCXB dev 4667).
  // Only on a page that shows no forum post's user (a thread's user panel: "<dt>Join Date</dt>"), and
  // only just after the headline (a card's category, a breadcrumb's item sit elsewhere).
  if (noNameYet(data))
    for (const candidate of found.dateCandidates) {
      if (candidate.updated || candidate.at <= firstH1Text || candidate.at > firstH1Text + BARE_NAME_WINDOW)
        continue;
      const name =
        nameBefore(doc, candidate.node) ??
        nameOpening(doc, candidate.node) ??
        nameAfterDate(doc, candidate.node);
      if (name !== undefined) {
        data.bylines.push(name);
        data.bylineTexts.push(name);
        break;
      }
    }
  // A name beside its avatar right under the headline, where nothing else gave a name (WCXB dev 0447).
  if (noNameYet(data))
    for (const node of found.underHeadline) {
      const name = avatarName(doc, node);
      if (name === undefined) continue;
      data.bylines.push(name);
      data.bylineTexts.push(name);
      break;
    }
  // A bare name on a line of its own right under the headline, where nothing else gave a name
  // ("<h1>…</h1><p>Juliette Carreiro</p>", WCXB dev 0352; "<p>Matteo Laratta</p>", 4116): a
  // candidate for the learned choice, as the bylines are. Only when a later text starts the name's bio
  // ("Juliette Carreiro is a skilled content creator"): without it a filter chip, a category, a
  // folded section's summary or a "Print This Page" under the headline read as names (WCXB dev 4461,
  // 0679, 4561, 0351: 2 up, 5 down on the shipped fold models).
  if (noNameYet(data))
    for (const node of found.underHeadline) {
      const name = bareName(doc, node);
      if (name === undefined) continue;
      if (!bioOf(doc, node, name)) break;
      data.bylines.push(name);
      data.bylineTexts.push(name);
      break;
    }
}

/** Most text nodes of a heading counted as segments. */
const MAX_SEGMENTS = 8;

function headingPlace(doc: Doc, heading: number, before: number): HeadingPlace {
  let chrome = false;
  let main = false;
  for (let node = doc.parent(heading); node > 0; node = doc.parent(node)) {
    const tag = doc.tag(node);
    if (tag === TAG.main || tag === TAG.article) main = true;
    else if (!main && (tag === TAG.header || tag === TAG.nav || tag === TAG.footer || tag === TAG.aside))
      chrome = true;
  }
  let segments = 0;
  for (let node = heading + 1; node < doc.end(heading) && segments < MAX_SEGMENTS; node++)
    if (doc.isText(node) && doc.textLength(node) > 0 && /\p{L}/u.test(doc.text(node))) segments++;
  return { at: before, chrome: chrome && !main, main, segments };
}

/** Longest breadcrumb trail read (characters of text): longer is a menu. */
const MAX_BREADCRUMB_TEXT = 600;

/** The text of a breadcrumb trail's last item: its last `<li>`, else its last link or span with text. */
function lastCrumb(doc: Doc, trail: number): string | undefined {
  if (doc.textLength(trail) > MAX_BREADCRUMB_TEXT || doc.tagCount(trail) > MAX_BYLINE_ELEMENTS * 2)
    return undefined;
  let lastItem = -1;
  let lastInline = -1;
  for (let node = trail + 1; node < doc.end(trail); node++) {
    if (!doc.isElement(node) || doc.textLength(node) === 0 || doc.isHiddenContent(node)) continue;
    const tag = doc.tag(node);
    if (tag === TAG.li) lastItem = node;
    else if (tag === TAG.a || tag === TAG.span) lastInline = node;
  }
  const item = lastItem > 0 ? lastItem : lastInline;
  if (item < 0) return undefined;
  const text = doc.textContent(item).trim();
  return text.length > 0 ? text : undefined;
}

/**
 * A byline written as text, and the element it is the text of. Every field set, `whole` undefined
 * where it is `text`: one shape for the scan's reads (see `emptyPageData`).
 */
interface TextByline {
  node: number;
  text: string;
  /** Labelled as a forum thread's author. */
  starter: boolean;
  /** The byline's whole text from the "by" on, where `text` is cut to the name's line ({@link nameLine}). */
  whole: string | undefined;
}

/**
 * A word of a byline or of an author's label: one test per text node, for both (a module's pattern,
 * not a literal in the function: a literal is a new object at every call).
 */
const BYLINE_OR_LABEL_WORD =
  /\b(?:by|von|par|por|av|af|przez|starter|themenstarter|poster|authors?|contributors?|autor(?:in|en)?|auteurs?)\b/i;

/** Longest text of an element that may hold a byline written as text. */
const MAX_TEXT_BYLINE = 120;

/**
 * The byline a text node starts, as text from the "by" on: its element's (or else its
 * block's) short text when that starts with "By Name", or with a date before it ("Last updated
 * March 3, 2025 by Ann Lee"). Undefined for a "by" inside a sentence ("Powered by …").
 */
function textByline(doc: Doc, node: number): TextByline | undefined {
  // Longer than a short block's or phrase's text, and than a label (its raw text is no shorter): known
  // from the length alone.
  if (doc.textLength(node) > MAX_TEXT_BYLINE) return undefined;
  const raw = doc.text(node);
  if (raw.length > MAX_TEXT_BYLINE * 3) return undefined;
  // The block the text is in ("Shop by Category" is a menu item, not "by Category").
  const parent = doc.parent(node);
  let block = parent;
  for (let level = 0; level < 4 && block > 0 && !IS_BLOCK[doc.tag(block)]; level++) block = doc.parent(block);
  const inShortBlock = block > 0 && doc.textLength(block) <= MAX_TEXT_BYLINE;
  // In a longer block, an emphasised phrase that is a byline ("<strong>By Ann Lee</strong>").
  const inShortPhrase =
    !inShortBlock && BYLINE_PHRASE_TAGS.has(doc.tag(parent)) && doc.textLength(parent) <= MAX_TEXT_BYLINE;
  // Where neither a label nor a byline can be read, the words are not looked for (most texts).
  if (!inShortBlock && !inShortPhrase && raw.length > MAX_LABEL_TEXT) return undefined;
  if (!BYLINE_OR_LABEL_WORD.test(raw)) return undefined;
  const labelled =
    raw.length <= MAX_LABEL_TEXT && AUTHOR_LABEL.test(raw) ? labelledByline(doc, node) : undefined;
  if (labelled !== undefined) return labelled;
  if (inShortBlock) {
    // Or the short element around it: "<p>12/19 — 2025</p><p>by ibby</p>".
    const container = doc.parent(block);
    return (
      bylineFrom(doc, block) ??
      (container > 0 && doc.textLength(container) <= MAX_TEXT_BYLINE ? bylineFrom(doc, container) : undefined)
    );
  }
  return inShortPhrase ? bylineFrom(doc, parent) : undefined;
}

/** Longest text of an element that is only a label for the author (`AUTHOR_LABEL`), the name in the element after it. */
const MAX_LABEL_TEXT = 24;
/** Longest name read after a label. */
const MAX_LABELLED_NAME = 60;

/** The next sibling of `node` that is not an empty text node (white space between tags), or -1. */
function nextNotEmpty(doc: Doc, node: number): number {
  let next = doc.nextSibling(node);
  while (next > 0 && doc.isText(next) && doc.textLength(next) === 0) next = doc.nextSibling(next);
  return next;
}

/**
 * "<h3>Author</h3><p>Lisa D. Ellis</p>", "<p>Written by</p><p>Edzel Tabing</p>": a label that is
 * its element's whole text, and the short text of the next element (or the text right after it), as
 * a byline in text.
 */
function labelledByline(doc: Doc, node: number): TextByline | undefined {
  const label = doc.parent(node);
  // A form's choices ("Sort by: Author, Post time") and a table's column headings are no labels of a name.
  const tag = label > 0 ? doc.tag(label) : -1;
  if (tag === TAG.option || tag === TAG.th || doc.textLength(label) !== doc.textLength(node))
    return undefined;
  let next = nextNotEmpty(doc, label);
  // An avatar between the label and the name ("<span>Written by:</span><picture>…</picture><span>Elise
  // Nass</span>", WCXB dev 0322): elements without text are passed over, two at most; not a <br> ("<strong>Written
  // by</strong><br><strong><a>Adrien Ramirez</a></strong>, 4+ years…<br><strong><a>Joanna Nelius</a>…", 4430:
  // a list, one a line, whose first alone is no answer).
  for (
    let passed = 0;
    passed < 2 && next > 0 && doc.isElement(next) && doc.tag(next) !== TAG.br && doc.textLength(next) === 0;
    passed++
  )
    next = nextNotEmpty(doc, next);
  // The name as the text right after the label's element: "<strong>Contributors:</strong> Janet
  // Loughrey" (WCXB dev 4701, provenwinners.com), the label's own element as the byline's.
  // Only when that text ends the element ("<b>Author:</b> Contact <a>Email</a>" is a box of links).
  if (next > 0 && doc.isText(next)) {
    const name = doc.text(next).trim();
    const after = nextNotEmpty(doc, next);
    return name.length < 2 || name.length > MAX_LABELLED_NAME || after > 0
      ? undefined
      : { node: label, text: `By ${name}`, starter: false, whole: undefined };
  }
  if (next <= 0 || !doc.isElement(next)) return undefined;
  const length = doc.textLength(next);
  if (length < 2 || length > MAX_LABELLED_NAME) return undefined;
  // The name's line alone when a role follows it on a line of its own (WCXB dev 0232: "<span>Annemarie
  // Bufe</span><p>Product Analytics Expert</p>").
  const whole = `By ${doc.textContent(next)}`;
  const line = nameLine(doc, next);
  return line === undefined
    ? { node: next, text: whole, starter: false, whole: undefined }
    : { node: next, text: `By ${line}`, starter: false, whole };
}

/** A forum thread's author, labelled: "Thread starter sean_g", "Started by Ann, June 4, 2024". */
const THREAD_STARTER =
  /^(?:thread starter|topic starter|discussion starter|original poster|started by|themenstarter|thema gestartet von|démarré par|iniciado por|iniziato da|gestart door|autor do tópico)\s*:?\s+/i;

/** A byline's words without its "by" and case, to compare two bylines. */
function looseName(byline: string): string {
  return byline
    .replace(BY_NAME, ' ')
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
}

/** A reading time at the end of a dateline, with the separators around it: " · 3 min read ·". */
const READ_TIME_AT_END = /[\s·|•,–—-]+\d{1,3}\s*(?:min(?:ute)?s?|m)\.?(?:\s+read)?[\s·|•,–—-]*$/i;
/** A text that ends with a year or a time: a dateline a byline may follow ("Updated May 3, 2025 by …"). */
const DATE_AT_END = /(?:(?:19|20)\d\d|\d{1,2}:\d\d\s*(?:[ap]\.?m\.?)?)[\s,.]*$/i;

/** Inline elements that may hold a byline inside a paragraph. */
const BYLINE_PHRASE_TAGS = new Set<number>([TAG.strong, TAG.b, TAG.em, TAG.i, TAG.span, TAG.small, TAG.cite]);

/** The byline an element's text starts with (after a date at most), from the "by" on. */
function bylineFrom(doc: Doc, element: number): TextByline | undefined {
  const byline = bylineIn(doc.textContent(element), element);
  if (byline === undefined || byline.starter) return byline;
  // The name's line alone, when the element sets the name on a line of its own (the whole text kept for dates).
  const line = nameLine(doc, element);
  const named = line === undefined ? undefined : bylineIn(line, element);
  return named === undefined || named.starter ? byline : { ...named, whole: byline.text };
}

/** The byline a text starts with (after a date at most), from the "by" on. */
function bylineIn(text: string, element: number): TextByline | undefined {
  const starter = THREAD_STARTER.exec(text);
  if (starter) return { node: element, text: text.slice(starter[0].length), starter: true, whole: undefined };
  const match = BY_NAME.exec(text);
  if (!match) return undefined;
  const before = text.slice(0, match.index).trim();
  // A reading time between the date and the "By": "March 15, 2022 · 3 min read · By ASU Online" (WCXB dev 0162).
  const dated = before.replace(READ_TIME_AT_END, '');
  if (before !== '' && !(DATE_AT_END.test(dated) && before.split(' ').length <= 8)) return undefined;
  const name = text.slice(match.index + match[0].length);
  // A name in lower case ("by ibby") only after a dateline: "by clicking" starts a sentence.
  if (before === '' && !/^\p{Lu}/u.test(name)) return undefined;
  if (/©|\(c\)|copyright/i.test(before)) return undefined; // "Copyright © 2004 - 2026 by Example Media"
  return {
    node: element,
    text: text.slice(match.index).replace(/^[\s,.;|•·–—-]+/, ''),
    starter: false,
    whole: undefined,
  };
}

/** A line that only labels the name on the next one: "By", "Written by", "Article by:". */
const BY_LABEL_LINE = new RegExp(`^${BY_LABEL}\\s*:?$`, 'u');
/** A line's leading "By " (or "Written by: "), before the name. */
const BY_PREFIX = new RegExp(`^${BY_LABEL}\\s*:?\\s+`, 'u');
/** A line that continues a list of names: ", Nalea Ko", "and Bo Chen", "& Co". */
const LIST_GOES_ON = /^(?:[,;&+]|(?:and|und|et|y|e|en|og|och|i|oraz)(?:\s|$))/i;
/** Most lines of a byline element read for its name's line. */
const MAX_BYLINE_LINES = 8;

/**
 * A byline element's first line when it is a name (after a "By" label line at most) and more lines
 * follow it: the writer's role, a button or a date set on a line of its own ("<h2>Matt Check</h2><div
 * class=card-author-rol>Head Winemaker, Co-Founder</div>", WCXB dev 4688; "By <a>Keith Barry</a><br><span
 * class=byline-author__title>Senior Autos Reporter</span>", 4048; "<h2>Article by</h2><div>Matias
 * Heikkilä</div><div><button>Let's talk</button>…", 0431). The whole text joins them into one "name" no
 * candidate could match. Undefined when the text is one line, or its first line (after the label) has no
 * name's shape (a date first: "March 3, 2025<br>By Ann Lee" keeps its whole text).
 */
export function nameLine(doc: Doc, element: number): string | undefined {
  const lines: string[] = [];
  let line = '';
  const blockEnds: number[] = [];
  const stop = doc.end(element);
  const flush = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text !== '') lines.push(text);
    line = '';
  };
  for (let node = element + 1; node < stop && lines.length < MAX_BYLINE_LINES; node++) {
    while (blockEnds.length > 0 && node >= blockEnds[blockEnds.length - 1]) {
      blockEnds.pop();
      flush();
    }
    if (doc.isText(node)) {
      if (!doc.columns.hidden[node]) line += doc.text(node);
    } else if (doc.isElement(node)) {
      if (doc.isHiddenContent(node)) node = doc.end(node) - 1;
      else if (IS_BLOCK[doc.tag(node)]) {
        flush();
        blockEnds.push(doc.end(node));
      }
    }
  }
  flush();
  if (lines.length < 2) return undefined;
  const labelled = BY_LABEL_LINE.test(lines[0]) || AUTHOR_LABEL.test(lines[0]);
  const at = labelled ? 1 : 0;
  if (at + 1 >= lines.length) return undefined;
  const name = lines[at].replace(BY_PREFIX, '');
  // A list of names set one a line ("By <div>Thomas Broderick</div><span>, </span><div>Nalea Ko</div>…", WCXB
  // dev 0312) goes on: the next line starts with a comma or an "and".
  if (!nameShaped(name) || LIST_GOES_ON.test(lines[at + 1])) return undefined;
  return labelled ? `${lines[0]} ${lines[at]}` : lines[at];
}

/**
 * The names in a byline element: the texts of its links to author pages (or `rel=author`) and
 * of the elements its classes mark as names, joined by "; " — without the role, date or
 * "Follow" that sit beside them ("Rasmus Barslund" of "Rasmus Barslund Founder & Lead
 * Reviewer Updated Feb 27, 2026"). Undefined when it marks none. `linksOnly`: the links alone (a
 * byline in text: its classes were no cue, and Drupal's `field--name-created` is a date).
 */
function bylineNames(doc: Doc, byline: number, linksOnly = false, cut = true): string | undefined {
  const links: string[] = [];
  const named: string[] = [];
  let namedUntil = -1;
  for (let node = byline + 1; node < doc.end(byline); node++) {
    if (!doc.isElement(node)) continue;
    if (doc.isHiddenContent(node)) {
      node = doc.end(node) - 1;
      continue;
    }
    const tag = doc.tag(node);
    if (tag === TAG.a && doc.textLength(node) > 0) {
      const href = doc.attr(node, 'href') ?? '';
      if (hasRelAuthor(doc, node, doc.attributeId('rel')) || AUTHOR_HREF.test(href))
        links.push((cut ? nameLine(doc, node) : undefined) ?? doc.textContent(node));
    }
    if (!linksOnly && node >= namedUntil && doc.textLength(node) > 0) {
      const cues = doc.classAndId(node);
      const itemprop = doc.attr(node, 'itemprop')?.toLowerCase();
      if ((cues !== '' && NAME_CUE.test(cues)) || itemprop === 'name') {
        named.push((cut ? nameLine(doc, node) : undefined) ?? doc.textContent(node));
        namedUntil = doc.end(node);
      }
    }
  }
  const names = links.length > 0 ? links : named;
  return names.length > 0 ? names.join('; ') : undefined;
}

/** A link to a tag's, a category's or a topic's page: `/tag/personal-finance`, `?content_topic=906`. */
const TAXONOMY_HREF =
  /\/(?:tags?|categor(?:y|ies)|topics?|themen|rubri(?:que|k)s?)\/[^/?#]|[?&][\w-]*(?:tag|categor(?:y|ies)|topic)=/i;
/**
 * Whether an element's text opens with a link to a tag's, a category's or a topic's page: a byline
 * element that does names the post's section ("<div class=blog-post__byline><a class=tag
 * href=/blog/tag/personal-finance>Personal finance</a> January 27, 2025", WCXB dev 4880; "<a
 * id=author-modal href=?content_topic=906>HR Strategy</a>", 0293), not its writer.
 */
function opensWithTaxonomyLink(doc: Doc, element: number): boolean {
  let first = element + 1;
  while (first < doc.end(element) && !(doc.isText(first) && doc.text(first).trim() !== '')) first++;
  if (first >= doc.end(element)) return false;
  for (let up = doc.parent(first); up >= element; up = doc.parent(up))
    if (doc.tag(up) === TAG.a && TAXONOMY_HREF.test(doc.attr(up, 'href') ?? '')) return true;
  return false;
}

/**
 * Whether an element may be a byline by its kind and size: a byline is then an element linked
 * `rel=author` or whose classes say byline ({@link CUE_BYLINE}).
 */
function mayBeByline(doc: Doc, node: number, tag: number): boolean {
  if (tag === TAG.meta || tag === TAG.link || tag === TAG.script || tag === TAG.style || tag === TAG.body) {
    return false;
  }
  if (tag === TAG.html || tag === TAG.head || doc.isHiddenContent(node)) return false;
  const length = doc.textLength(node);
  return length > 0 && length <= MAX_BYLINE_TEXT && doc.tagCount(node) <= MAX_BYLINE_ELEMENTS;
}

/** A `rel` (lower-cased) with the token "author": what `relTokens(…).includes('author')` says, no array made. */
const REL_AUTHOR = /(?:^|\s)author(?:$|\s)/;

/** Whether an element is linked `rel=author` (`relId`: `doc.attributeId('rel')`, found once a page). */
function hasRelAuthor(doc: Doc, node: number, relId: number): boolean {
  const rel = doc.attrById(node, relId);
  return rel ? REL_AUTHOR.test(rel.toLowerCase()) : false;
}

/**
 * What a class string (`Doc.classAndId`, as it is) says to the page scan, one bit per test. A
 * page's elements share few class strings (170 distinct of 464 classed elements a page on the speed
 * mix), so each is tested once: the tests were most of the scan's time on classed elements.
 */
export const CUE_MARKED = 1;
/** {@link NOT_PAGE_DATES}, of the classes without arbitrary values. */
export const CUE_NOT_DATES = 2;
/** {@link NOT_PAGE_BYLINES}, likewise. */
export const CUE_NOT_BYLINES = 4;
export const CUE_BREADCRUMB = 8;
/** "user" or "post": both of {@link POST_AUTHOR_CUE}'s forms hold one. */
export const CUE_USER_OR_POST = 16;
export const CUE_AUTHOR_BOX = 32;
/** {@link BYLINE_CUE} and not {@link NOT_BYLINE_CUE}, of the class string as it is. */
export const CUE_BYLINE = 64;
/** Set on every answer, so that a class string that says nothing is not 0 (0: not looked up yet). */
export const CUE_KNOWN = 128;
/** {@link PERSON_ICON}: an icon of a person, whose parent's short text is a name. */
export const CUE_PERSON_ICON = 256;
/** The class cues one of `readNameCues`' readings needs. */
const NAME_CUE_BITS = CUE_USER_OR_POST | CUE_PERSON_ICON | CUE_AUTHOR_BOX;

/**
 * The classes as the scan's tests read them: without arbitrary values, and, when they read as a
 * page part and say a state (`has-slider`), without the state words ({@link withoutStates}).
 */
function scanCues(raw: string): string {
  const cues = withoutArbitraryValues(raw);
  // NOT_PAGE_PART first: most classes fail it, and then the state words change nothing.
  return NOT_PAGE_PART.test(cues) && STATE_WORD.test(cues) ? withoutStates(cues) : cues;
}

/** A page's `cueBitsOf` answers: by class number for the elements without an id, by string for the others. */
interface PageCues {
  /** By `Doc.classNumber` (0: not looked up yet). */
  byNumber: Uint16Array;
  byString: Map<string, number>;
}

/**
 * The cue bits of an element's classes (0: no class and no id). An element without an id reads
 * them by its class number (an array read; the cards of a listing share one), not by its class
 * string in a `Map`.
 */
function classCueBits(doc: Doc, node: number, cues: PageCues): number {
  const number = doc.classNumber(node);
  if (number === 0) return 0;
  if (number < 0) return cueBitsOf(cues.byString, doc.classAndId(node));
  const known = cues.byNumber[number];
  if (known !== 0) return known;
  // Equal numbers, equal strings: the number is the key, no `Map` of the string (its hash) needed.
  const bits = testCueBits(doc.classAndId(node));
  cues.byNumber[number] = bits;
  return bits;
}

/** The bits of a class string, from `known` (a page's answers) or tested and kept there. */
export function cueBitsOf(known: Map<string, number>, raw: string): number {
  let bits = known.get(raw);
  if (bits === undefined) {
    bits = testCueBits(raw);
    known.set(raw, bits);
  }
  return bits;
}

/**
 * A word every test of {@link testCueBits} needs in the class string (`NOT_PAGE_PART`'s, "breadcrumb",
 * "user", "post", "author", `BYLINE_CUE`'s, "person"): most class strings hold none, and one scan for
 * them replaces the nine tests (the class tests were most of `cueBitsOf`'s time, a fifth of the page
 * scan's). Removing arbitrary values or state words only takes words away.
 */
const ANY_CUE_WORD =
  /comment|related|sidebar|widget|recent|footer|breadcrumb|nav|menu|teaser|promo|archive|review|testimonial|quote|carousel|slider|swiper|feed|recommend|user|post|author|byline|dateline|writtenby|person/;

/** The bits of a class string, tested. */
function testCueBits(raw: string): number {
  let bits = CUE_KNOWN;
  if (!ANY_CUE_WORD.test(raw)) return bits;
  // scanCues, its NOT_PAGE_PART test kept: NOT_PAGE_PART matches wherever either list does, and
  // most classes are tested once.
  let cues = withoutArbitraryValues(raw);
  let marked = NOT_PAGE_PART.test(cues);
  if (marked && STATE_WORD.test(cues)) {
    cues = withoutStates(cues);
    marked = NOT_PAGE_PART.test(cues);
  }
  if (marked) {
    bits |= CUE_MARKED;
    if (NOT_PAGE_DATES.test(cues)) bits |= CUE_NOT_DATES;
    if (NOT_PAGE_BYLINES.test(cues)) bits |= CUE_NOT_BYLINES;
  }
  if (cues.includes('breadcrumb')) bits |= CUE_BREADCRUMB;
  if (cues.includes('user') || cues.includes('post')) bits |= CUE_USER_OR_POST;
  if (cues.includes('author') && AUTHOR_BOX.test(cues)) bits |= CUE_AUTHOR_BOX;
  if (BYLINE_CUE.test(raw) && !NOT_BYLINE_CUE.test(raw)) bits |= CUE_BYLINE;
  if ((cues.includes('user') || cues.includes('person')) && PERSON_ICON.test(cues)) bits |= CUE_PERSON_ICON;
  return bits;
}
