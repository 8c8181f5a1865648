/**
 * YAML front matter for Markdown and text content (`frontMatter: true`): what a
 * static-site generator, a notes app or an LLM pipeline reads before the body.
 * Strings are written as JSON strings, which are YAML double-quoted scalars, so no
 * value can break out of its line or be read as YAML syntax.
 */
import type { Metadata } from '../metadata/index.js';
import type { ResultAssessment } from './types.js';

/** A YAML-safe scalar: JSON's escaping, with control and line-break characters escaped. */
function scalar(value: string): string {
  return JSON.stringify(value).replace(
    /[\u2028\u2029\u0085]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The front matter block for a page's metadata, ending with its closing `---` line. */
export function frontMatter(
  metadata: Metadata,
  url: string | undefined,
  assessment?: ResultAssessment,
): string {
  const lines = ['---'];
  const add = (key: string, value: string | undefined) => {
    if (value !== undefined && value !== '') lines.push(`${key}: ${scalar(value)}`);
  };
  add('title', metadata.title);
  if (metadata.authors.length > 0) lines.push(`authors: [${metadata.authors.map(scalar).join(', ')}]`);
  add('published', metadata.published);
  add('modified', metadata.modified);
  add('url', metadata.canonicalUrl ?? url);
  add('site', metadata.siteName);
  add('language', metadata.language);
  add('description', metadata.description);
  add('image', metadata.image);
  if (metadata.tags.length > 0) lines.push(`tags: [${metadata.tags.map(scalar).join(', ')}]`);
  if (assessment) {
    if (assessment.quality !== null) lines.push(`quality: ${assessment.quality}`);
    add('page-type', assessment.pageType.type);
    if (assessment.reasons.length > 0) lines.push(`reasons: [${assessment.reasons.map(scalar).join(', ')}]`);
  }
  lines.push('---');
  return lines.join('\n');
}

/** `content` with the front matter on top. */
export function withFrontMatter(
  content: string,
  metadata: Metadata,
  url: string | undefined,
  assessment?: ResultAssessment,
): string {
  const top = frontMatter(metadata, url, assessment);
  return content === '' ? top : `${top}\n\n${content}`;
}
