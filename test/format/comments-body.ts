/**
 * The comments tests' reading of a page: the whole body kept (as the block model keeps story and
 * comments together), through the unasked comments step; the text the body keeps after it.
 */
import { type Doc, parseHtml, Selection } from '../../packages/pith/src/dom/index.js';
import {
  FORUM_OUTSIDE_SHARE_UNASKED,
  separateComments,
} from '../../packages/pith/src/features/comments/index.js';

/** An extraction that keeps `root`'s subtree (the whole body by default). */
export function keptExtraction(doc: Doc, root = doc.body) {
  return {
    extractor: 't',
    version: '0',
    doc,
    selection: new Selection(doc).keepSubtree(root),
    roots: [],
    diagnostics: undefined,
  };
}

export function commentsBodyText(
  html: string,
  readsAsArticle?: () => boolean,
  readsAsForum?: () => boolean,
): string {
  const doc = parseHtml(html);
  const { body } = separateComments(keptExtraction(doc), {
    forumOutsideShare: FORUM_OUTSIDE_SHARE_UNASKED,
    keptSubtreeOnly: true,
    ...(readsAsArticle ? { readsAsArticle } : {}),
    ...(readsAsForum ? { readsAsForum } : {}),
  });
  let text = '';
  for (let node = 0; node < doc.size; node++)
    if (doc.isText(node) && body.selection.kept[node]) text += doc.text(node);
  return text;
}
