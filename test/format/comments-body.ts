/**
 * The comments tests' reading of a page: the whole body kept (as the block model keeps story and
 * comments together), through the unasked comments step; the text the body keeps after it.
 */
import { parseHtml, Selection } from '../../packages/pith/src/dom/index.js';
import {
  FORUM_OUTSIDE_SHARE_UNASKED,
  separateComments,
} from '../../packages/pith/src/features/comments/index.js';

export function commentsBodyText(html: string, readsAsArticle?: () => boolean): string {
  const doc = parseHtml(html);
  const extraction = {
    extractor: 't',
    version: '0',
    doc,
    selection: new Selection(doc).keepSubtree(doc.body),
    roots: [],
    diagnostics: undefined,
  };
  const { body } = separateComments(extraction, {
    forumOutsideShare: FORUM_OUTSIDE_SHARE_UNASKED,
    keptSubtreeOnly: true,
    ...(readsAsArticle ? { readsAsArticle } : {}),
  });
  let text = '';
  for (let node = 0; node < doc.size; node++)
    if (doc.isText(node) && body.selection.kept[node]) text += doc.text(node);
  return text;
}
