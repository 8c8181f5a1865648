/**
 * Builds a test archive from the shared datasets: every page of every dataset (dev split) as a
 * Common Crawl–style request/response/metadata triple, repeated with distinct URLs until the file
 * reaches --size MB. Never committed: written under .cache/.
 *
 *   npx tsx bench/warc/build-archive.ts --size 1000 --out .cache/warc/pages-1g.warc.gz
 *   options: --root .cache/datasets  --compression record|file|none  --mixed (5% gzip, 5% chunked bodies)
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { listDataset, resolveDatasetSpec, SHARED_DATASETS } from '@pith/workbench/eval';
import { type ArchiveCompression, compress, pageRecords, warcinfo } from './archive.js';

export interface SourcePage {
  url: string;
  html: Uint8Array;
}

/** Every readable page of the shared datasets under `root`, in a fixed order, with a URL each. */
export async function datasetPagesForArchive(root: string): Promise<SourcePage[]> {
  const pages: SourcePage[] = [];
  for (const name of SHARED_DATASETS) {
    let spec: Awaited<ReturnType<typeof resolveDatasetSpec>>;
    try {
      spec = await resolveDatasetSpec(path.join(root, name));
    } catch {
      continue;
    }
    for (const ref of await listDataset(spec)) {
      try {
        const page = await ref.load();
        const url =
          page.url && /^https?:\/\//.test(page.url)
            ? page.url
            : `http://${name}.example/${encodeURIComponent(page.id)}`;
        pages.push({ url, html: page.html });
      } catch {
        // listed but not present (the shared sample keeps a few pages per dataset)
      }
    }
  }
  return pages;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      root: { type: 'string', default: '.cache/datasets' },
      size: { type: 'string', default: '100' },
      out: { type: 'string' },
      compression: { type: 'string', default: 'record' },
      mixed: { type: 'boolean', default: false },
    },
  });
  const compression = values.compression as ArchiveCompression;
  const target = Number(values.size) * 1e6;
  const out = values.out ?? `.cache/warc/pages-${values.size}m.warc${compression === 'none' ? '' : '.gz'}`;
  await mkdir(path.dirname(out), { recursive: true });
  const pages = await datasetPagesForArchive(values.root as string);
  if (pages.length === 0) throw new Error(`no pages under ${values.root}`);
  const file = createWriteStream(out);
  const whole = compression === 'file' ? createGzip() : undefined;
  if (whole) whole.pipe(file);
  const sink = whole ?? file;
  let written = 0;
  let records = 0;
  const write = async (buffers: Buffer[]) => {
    for (const buffer of buffers) {
      written += buffer.length;
      if (!sink.write(buffer)) await new Promise<void>((resolve) => sink.once('drain', () => resolve()));
    }
  };
  await write(
    compress([warcinfo('pith bench/warc/build-archive.ts')], compression === 'file' ? 'none' : compression),
  );
  // Whole-file gzip: count the compressed size approximately (deflate ratio of HTML ~ 1/5).
  const sizeOf = () => (whole ? whole.bytesWritten : written);
  for (let copy = 0; sizeOf() < target; copy++) {
    for (const [index, page] of pages.entries()) {
      if (sizeOf() >= target) break;
      const url = copy === 0 ? page.url : `${page.url}${page.url.includes('?') ? '&' : '?'}pith-copy=${copy}`;
      const encoding = values.mixed
        ? index % 20 === 7
          ? 'gzip'
          : index % 20 === 13
            ? 'chunked'
            : undefined
        : undefined;
      await write(
        compress(pageRecords(url, page.html, { encoding }), compression === 'file' ? 'none' : compression),
      );
      records++;
    }
  }
  await new Promise<void>((resolve) => {
    file.once('close', () => resolve());
    sink.end();
  });
  process.stderr.write(
    `${out}: ${records} pages (${pages.length} distinct), ${(sizeOf() / 1e6).toFixed(0)} MB\n`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
