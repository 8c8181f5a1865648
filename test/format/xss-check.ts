/**
 * What a content output may not contain (issue 14, "the sanitiser proven"), checked on HTML parsed
 * the way a browser parses it (parse5): no script, no active element, no event handler, no URL with
 * a scheme other than http(s), mailto, tel, ftp and raster data: images. Used by the XSS test and by
 * bench/format/sanitisers.ts, which runs the same check on other sanitisers' outputs.
 */
import { parseFragment } from 'parse5';
import { ACTIVE_ELEMENTS, parse5Elements } from '../helpers.js';

// Beyond the active elements: what a content output has no business writing (the view keeps
// some of these, inert, for the page's look).
const ACTIVE = new Set([
  ...ACTIVE_ELEMENTS,
  'meta',
  'style',
  'template',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'isindex',
]);
const UNSAFE_ATTRIBUTES = new Set([
  'srcdoc',
  'formaction',
  'action',
  'style',
  'background',
  'ping',
  'xlink:href',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'cite', 'data']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/;
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel', 'ftp']);
const RASTER = /^data:image\/(?:png|gif|jpeg|jpg|webp|avif|bmp|x-icon)[;,]/;
/**
 * A URL's scheme as a lenient reader sees it: controls, spaces, Unicode white space (as DOMPurify
 * strips it before its own check), U+FEFF and U+FFFD gone, lower case. Browsers read most such URLs
 * as relative paths, but a sanitiser should not write out what was meant as a scheme.
 */
function schemeOf(url: string): string | undefined {
  return SCHEME.exec(url.replace(HIDDEN_IN_SCHEMES, '').toLowerCase())?.[1];
}
// biome-ignore lint/suspicious/noControlCharactersInRegex: what browsers (and attackers) hide in a scheme.
const HIDDEN_IN_SCHEMES = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000\uFEFF\uFFFD]/g;

/** The scheme browsers read: tabs and newlines removed anywhere, C0 controls and space at the ends. */
function browserSchemeOf(url: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: what the URL parser strips.
  const cleaned = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  return SCHEME.exec(cleaned.toLowerCase())?.[1];
}

function allowed(scheme: string | undefined, url: string): boolean {
  return (
    scheme === undefined ||
    ALLOWED_SCHEMES.has(scheme) ||
    (scheme === 'data' && RASTER.test(url.toLowerCase().replace(HIDDEN_IN_SCHEMES, '')))
  );
}

function urlFinding(url: string): Finding | undefined {
  const scheme = schemeOf(url);
  if (allowed(scheme, url)) return undefined;
  const read = browserSchemeOf(url);
  // What a browser would run or load by itself: a disallowed scheme it reads too (an SVG data:
  // image in <img> runs no script; a data: page does when framed).
  const scriptCapable = !allowed(read, url) && !(read === 'data' && /^\s*data:image\//i.test(url));
  return { what: `URL with scheme ${scheme}: ${JSON.stringify(url)}`, scriptCapable };
}

/** One thing a sanitised content output may not contain. */
export interface Finding {
  what: string;
  /**
   * Whether it can run script or load a page in today's browsers by itself; the others (`style`, a
   * bare `<svg>`, a scheme hidden with U+FFFD) break the policy of a content output and matter with
   * old browsers, lenient renderers, or when the output is parsed again.
   */
  scriptCapable: boolean;
}

const SCRIPT_CAPABLE_ELEMENTS = new Set([...ACTIVE_ELEMENTS, 'meta']);
SCRIPT_CAPABLE_ELEMENTS.delete('noscript');
const SCRIPT_CAPABLE_ATTRIBUTES = new Set(['srcdoc', 'formaction', 'action', 'xlink:href']);

/** Everything in `html` that a sanitised content output may not contain. */
export function unsafePartsOf(html: string): Finding[] {
  const findings: Finding[] = [];
  for (const element of parse5Elements(parseFragment(html))) {
    const tag = element.tagName;
    if (ACTIVE.has(tag)) findings.push({ what: `<${tag}>`, scriptCapable: SCRIPT_CAPABLE_ELEMENTS.has(tag) });
    for (const { name, value } of element.attrs) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on'))
        findings.push({ what: `event handler ${name} on <${tag}>`, scriptCapable: true });
      if (UNSAFE_ATTRIBUTES.has(lower))
        findings.push({ what: `${name} on <${tag}>`, scriptCapable: SCRIPT_CAPABLE_ATTRIBUTES.has(lower) });
      const urls = URL_ATTRIBUTES.has(lower)
        ? [value]
        : lower === 'srcset'
          ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0])
          : [];
      for (const url of urls) {
        const finding = urlFinding(url);
        if (finding)
          findings.push(
            lower === 'srcset' ? { ...finding, what: `${tag} srcset: ${finding.what}` } : finding,
          );
      }
    }
  }
  return findings;
}
