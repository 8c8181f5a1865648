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

/** The video an `<iframe>` plays, when it is a known player; `undefined` for any other node. */
export function videoEmbed(doc: Doc, node: number): VideoEmbed | undefined {
  if (!doc.isElement(node) || doc.tag(node) !== TAG.iframe) return undefined;
  const src = (doc.attr(node, 'src') ?? doc.attr(node, 'data-src'))?.trim();
  if (src === undefined) return undefined;
  const title = (doc.attr(node, 'title') ?? '').replace(WHITESPACE_RUN, ' ').trim();
  const youtube = YOUTUBE.exec(src);
  if (youtube)
    return { url: `https://www.youtube.com/watch?v=${youtube[1]}`, title: title || 'YouTube video' };
  const vimeo = VIMEO.exec(src);
  if (vimeo) return { url: `https://vimeo.com/${vimeo[1]}`, title: title || 'Vimeo video' };
  return undefined;
}
