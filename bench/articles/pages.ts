/**
 * Writes the dev pages of a dataset as IN/<id>.html (raw bytes), for external programs
 * (trafilatura's runner) that read a folder. Usage:
 *   npx tsx bench/articles/pages.ts DATASET OUTDIR
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listDataset, resolveDatasetSpec } from '@pith/workbench/eval';

const [dataset, outDir] = process.argv.slice(2);
if (!dataset || !outDir) {
  console.error('usage: pages.ts DATASET OUTDIR');
  process.exit(2);
}
const spec = await resolveDatasetSpec(dataset);
await mkdir(outDir, { recursive: true });
let n = 0;
for (const ref of await listDataset(spec)) {
  const page = await ref.load();
  await writeFile(path.join(outDir, `${page.id.replaceAll('/', '_')}.html`), page.html);
  n++;
}
console.error(`${n} pages of ${spec.name} (dev split) in ${outDir}`);
