import { parseHtml } from '../../packages/pith/src/dom/index.js';
import { extractMetadata, type Metadata } from '../../packages/pith/src/metadata/index.js';

/** A fixed "now" so that date plausibility checks are deterministic. */
export const NOW = Date.parse('2024-06-15T12:00:00Z');

/** Parses a small page and extracts its metadata with a fixed clock. */
export function metadataOf(html: string, url = 'https://example.com/news/story.html'): Metadata {
  return extractMetadata(parseHtml(html, { url }), { now: NOW });
}

/** A page with the given `<head>` content and `<body>` content. */
export function page(head: string, body = '<p>Text.</p>'): string {
  return `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
}

/** A JSON-LD script element holding a value (or raw text). */
export function ld(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `<script type="application/ld+json">${text}</script>`;
}
