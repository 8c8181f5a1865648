/**
 * features/comments: finds a page's comment sections and the comments in them
 * (node ids, with author, date and text parts), with a confidence per section.
 * Pure functions over a `Doc`; output is built elsewhere (src/format/comments.ts).
 */

export { COMMENT_HEADING, REPLY_TEXT } from './cues.js';
export {
  type CommentSection,
  commentMask,
  type FindCommentsOptions,
  type FoundComment,
  findComments,
} from './find.js';
