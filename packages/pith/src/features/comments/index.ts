/**
 * features/comments: finds a page's comment sections and the comments in them
 * (node ids, with author, date and text parts), with a confidence per section.
 * `separateComments` is the pipeline's comments step: the sections output apart and the body
 * without them. Pure functions over a `Doc`; output is rendered by src/format/comments.ts.
 */

export { COMMENT_HEADING, REPLY_TEXT } from './cues.js';
export {
  type CommentSection,
  commentMask,
  type FindCommentsOptions,
  type FoundComment,
  findComments,
} from './find.js';
export { commentAuthor, commentDate } from './labels.js';
export {
  FORUM_OUTSIDE_SHARE,
  FORUM_OUTSIDE_SHARE_UNASKED,
  MIN_COMMENT_CONFIDENCE,
  MIN_STORY_TEXT,
  type SeparatedComments,
  STORY_OVER_REPLY,
  separateComments,
} from './separate.js';
