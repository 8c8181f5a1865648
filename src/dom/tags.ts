/**
 * Known HTML tag names, interned to small integers so that extractors compare
 * numbers instead of strings in their hot loops. Unknown (custom) tags all get
 * id 0 (`TAG.unknown`); their real name is kept per document.
 *
 * The table is fixed at build time on purpose: a per-process intern table that
 * grew with every custom tag a hostile page invents would leak memory over a
 * long batch run.
 */
const TAG_NAMES = [
  '#unknown',
  'a', 'abbr', 'address', 'area', 'article', 'aside', 'audio', 'b', 'base', 'bdi', 'bdo', 'blockquote',
  'body', 'br', 'button', 'canvas', 'caption', 'center', 'cite', 'code', 'col', 'colgroup', 'data',
  'datalist', 'dd', 'del', 'details', 'dfn', 'dialog', 'dir', 'div', 'dl', 'dt', 'em', 'embed',
  'fieldset', 'figcaption', 'figure', 'font', 'footer', 'form', 'frame', 'frameset', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'head', 'header', 'hgroup', 'hr', 'html', 'i', 'iframe', 'img', 'input', 'ins',
  'kbd', 'label', 'legend', 'li', 'link', 'main', 'map', 'mark', 'marquee', 'math', 'menu', 'meta',
  'meter', 'nav', 'nobr', 'noscript', 'object', 'ol', 'optgroup', 'option', 'output', 'p', 'param',
  'picture', 'pre', 'progress', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'script', 'search', 'section',
  'select', 'slot', 'small', 'source', 'span', 'strike', 'strong', 'style', 'sub', 'summary', 'sup',
  'svg', 'table', 'tbody', 'td', 'template', 'textarea', 'tfoot', 'th', 'thead', 'time', 'title', 'tr',
  'track', 'tt', 'u', 'ul', 'var', 'video', 'wbr', 'xmp', 'listing', 'plaintext', 'applet', 'basefont',
  'bgsound', 'big', 'blink', 'keygen', 'menuitem', 'multicol', 'nextid', 'noembed', 'noframes',
  'spacer', 'image',
] as const;

export type KnownTagName = (typeof TAG_NAMES)[number];

const idByName = new Map<string, number>();
TAG_NAMES.forEach((name, id) => {
  idByName.set(name, id);
});

/** Tag ids by name: `TAG.p`, `TAG.div`, … (`TAG.unknown` for custom elements). */
export const TAG = Object.freeze(
  Object.fromEntries(TAG_NAMES.map((name, id) => [name === '#unknown' ? 'unknown' : name, id])),
) as Readonly<Record<Exclude<KnownTagName, '#unknown'> | 'unknown', number>>;

/** The id of a lower-case tag name, 0 when the tag is not a known HTML tag. */
export function tagId(name: string): number {
  return idByName.get(name) ?? 0;
}

/** The name of a known tag id. */
export function tagNameOf(id: number): string {
  return TAG_NAMES[id] ?? '#unknown';
}

export const TAG_COUNT = TAG_NAMES.length;

function flagTable(names: readonly string[]): Uint8Array {
  const table = new Uint8Array(TAG_COUNT);
  for (const name of names) {
    const id = idByName.get(name);
    if (id === undefined) throw new Error(`tags.ts: unknown tag in table: ${name}`);
    table[id] = 1;
  }
  return table;
}

/** Elements that start a new block of text (a line break before and after when rendered). */
export const IS_BLOCK = flagTable([
  'address', 'article', 'aside', 'blockquote', 'body', 'br', 'caption', 'center', 'dd', 'details',
  'dialog', 'dir', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'frameset',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hgroup', 'hr', 'html', 'legend', 'li', 'listing',
  'main', 'menu', 'nav', 'ol', 'p', 'plaintext', 'pre', 'search', 'section', 'summary', 'table', 'tbody',
  'td', 'tfoot', 'th', 'thead', 'title', 'tr', 'ul', 'xmp', 'option', 'select', 'textarea', 'iframe',
  'video', 'audio', 'canvas', 'noscript', 'multicol', 'marquee',
]);

/** Elements whose content is never shown as text on the page (scripts, styles, templates…). */
export const IS_HIDDEN_CONTENT = flagTable([
  'script', 'style', 'template', 'noscript', 'head', 'title', 'meta', 'link', 'base', 'svg',
  'iframe', 'object', 'embed', 'applet', 'noembed', 'noframes', 'param', 'source', 'track', 'datalist',
  'canvas', 'map', 'area',
]);

/** Void elements: never have children or an end tag. */
export const IS_VOID = flagTable([
  'area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'image', 'img', 'input',
  'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr',
]);

/** Headings h1–h6. */
export const IS_HEADING = flagTable(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
