// For the listed pages: the comment sections findComments finds (all confidences), with cues and share.
import { readFileSync } from 'node:fs';
import { listDataset, resolveDatasetSpec } from '@pith/workbench/eval';
import { decodeHtml, findComments, parseHtml } from 'pith/internal';

const want = readFileSync(process.argv[2], 'utf8')
  .trim()
  .split('\n')
  .map((l) => l.split('\t'));
for (const [ds, id] of want) {
  const spec = await resolveDatasetSpec(ds);
  for (const ref of await listDataset(spec)) {
    if (ref.id !== id) continue;
    const page = await ref.load();
    const doc = parseHtml(decodeHtml(page.html).text, { url: page.url });
    const sections = findComments(doc, {});
    console.log(`# ${ds} ${id}: ${sections.length} sections`);
    for (const s of sections)
      console.log(
        `  conf ${s.confidence.toFixed(2)} cues ${JSON.stringify(s.cues)} comments ${s.comments.length} share ${s.textShare.toFixed(2)} root <${doc.tagName(s.root)} class="${doc.attr(s.root, 'class') ?? ''}" id="${doc.attr(s.root, 'id') ?? ''}">`,
      );
  }
}
