/**
 * Known video players embedded in an `<iframe>` (YouTube, Vimeo): text-less frames that are the
 * article's content all the same. Outputs cannot play them; they write a link a reader can follow
 * (as Defuddle does), to the video's own page rather than the player.
 */
import { type Doc, TAG } from '../../dom/index.js';

export interface VideoEmbed {
  /** The video's own page (`https://www.youtube.com/watch?v=…`, `https://vimeo.com/…`). */
  url: string;
  /** The frame's `title` (YouTube's embed code sets one), or the player's name. */
  title: string;
}

// Narrow on purpose: only players whose video id maps to a public watch page.
const YOUTUBE = /^(?:https?:)?\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([\w-]{6,})(?:[?#]|$)/i;
const VIMEO = /^(?:https?:)?\/\/player\.vimeo\.com\/video\/(\d+)(?:[?#/]|$)/i;
const WHITESPACE_RUN = /\s+/g;
/**
 * Where a lazy frame keeps its player until a script copies it into `src` (WCXB 2985:
 * `<iframe data-lazy="https://www.youtube-nocookie.com/embed/…">` with no `src`).
 */
const LAZY_SOURCES = ['data-src', 'data-lazy-src', 'data-lazy'] as const;
/**
 * The lite-youtube custom elements (Paul Irish's `lite-youtube-embed`, Justin Ribeiro's
 * `lite-youtube`) and `lite-vimeo`: a poster that a script replaces with the player when clicked.
 * The video is the `videoid` attribute (WCXB 0054, 2990, 4255, 4267: Defuddle writes each as the
 * video's page; pith wrote nothing, or the poster's "Play Video" label).
 */
const LITE_PLAYERS: Readonly<Record<string, { page: string; name: string; id: RegExp }>> = {
  'lite-youtube': { page: 'https://www.youtube.com/watch?v=', name: 'YouTube video', id: /^[\w-]{6,}$/ },
  'lite-vimeo': { page: 'https://vimeo.com/', name: 'Vimeo video', id: /^\d+$/ },
};

/** Whether a node's tag can be a video player (an `<iframe>` or a lite player's custom element). */
export function mayBeVideoEmbed(doc: Doc, node: number): boolean {
  const tag = doc.tag(node);
  return tag === TAG.iframe || (tag === TAG.unknown && doc.tagName(node).startsWith('lite-'));
}

/** The video an `<iframe>` (or a lite player) plays, when it is a known player; `undefined` for any other node. */
export function videoEmbed(doc: Doc, node: number): VideoEmbed | undefined {
  if (!doc.isElement(node)) return undefined;
  const tag = doc.tag(node);
  if (tag === TAG.unknown) return litePlayer(doc, node);
  if (tag !== TAG.iframe) return undefined;
  const title = titleOf(doc, node, 'title');
  const src = doc.attr(node, 'src')?.trim();
  const found = src === undefined ? undefined : playerVideo(src, title);
  if (found !== undefined) return found;
  for (const name of LAZY_SOURCES) {
    const lazy = doc.attr(node, name)?.trim();
    const video = lazy === undefined ? undefined : playerVideo(lazy, title);
    if (video !== undefined) return video;
  }
  return undefined;
}

function playerVideo(src: string, title: string): VideoEmbed | undefined {
  const youtube = YOUTUBE.exec(src);
  if (youtube)
    return { url: `https://www.youtube.com/watch?v=${youtube[1]}`, title: title || 'YouTube video' };
  const vimeo = VIMEO.exec(src);
  if (vimeo) return { url: `https://vimeo.com/${vimeo[1]}`, title: title || 'Vimeo video' };
  return undefined;
}

function litePlayer(doc: Doc, node: number): VideoEmbed | undefined {
  const name = doc.tagName(node);
  const player = Object.hasOwn(LITE_PLAYERS, name) ? LITE_PLAYERS[name] : undefined;
  const id = doc.attr(node, 'videoid')?.trim();
  if (player === undefined || id === undefined || !player.id.test(id)) return undefined;
  const title = titleOf(doc, node, 'videotitle') || titleOf(doc, node, 'title');
  return { url: `${player.page}${id}`, title: title || player.name };
}

function titleOf(doc: Doc, node: number, name: string): string {
  return (doc.attr(node, name) ?? '').replace(WHITESPACE_RUN, ' ').trim();
}
