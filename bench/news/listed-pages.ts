// The pages a TSV of (dataset, id) lines names, loaded dataset by dataset in the reader's order.
import { readFileSync } from 'node:fs';
import { listDataset, resolveDatasetSpec } from '@pith/workbench/eval';

type Ref = Awaited<ReturnType<typeof listDataset>>[number];

/** Each listed page with its dataset's name and reference; lines of other datasets or ids are skipped. */
export async function* listedPages(
  listFile: string,
): AsyncGenerator<{ ds: string; ref: Ref; page: Awaited<ReturnType<Ref['load']>> }> {
  const want = readFileSync(listFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split('\t'));
  const bySet = new Map<string, Set<string>>();
  for (const [ds, id] of want) {
    const ids = bySet.get(ds) ?? new Set<string>();
    ids.add(id);
    bySet.set(ds, ids);
  }
  for (const [ds, ids] of bySet) {
    const spec = await resolveDatasetSpec(ds);
    for (const ref of await listDataset(spec)) {
      if (!ids.has(ref.id)) continue;
      yield { ds, ref, page: await ref.load() };
    }
  }
}
