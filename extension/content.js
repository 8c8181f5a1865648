// Injected into the open tab by the popup (bundled with the library by scripts/extension.ts): pith
// extracts the page as the browser holds it now (what the reader sees, scripts' content included),
// with its URL for links and images.
import { extract } from 'pith';

globalThis.pithPageToMarkdown = () => {
  try {
    const doctype = document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '';
    const html = doctype + document.documentElement.outerHTML;
    const result = extract(html, { url: location.href, format: 'markdown' });
    return { markdown: result.content, title: result.metadata.title, quality: result.quality?.toFixed(2) };
  } catch (error) {
    return { error: String(error?.message ?? error) };
  }
};
