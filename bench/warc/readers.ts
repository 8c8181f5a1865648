/**
 * WARC reading, measured: pith's reader (src/input/warc) against warcio.js (webrecorder's port of
 * the reference reader) on the same archive. Both read every record and keep every page body
 * (HTTP headers parsed, chunked and Content-Encoding undone); CPU time of this process.
 *
 *   npm i --no-save warcio@2.4.11      # not a dependency of pith; only this comparison loads it
 *   nice -n 10 npx tsx bench/warc/readers.ts .cache/warc/pages-100m.warc.gz
 *
 * Two builds of pith's reader against each other, alternating, without warcio (`--reader`: the
 * reader's module of a build, e.g. a worktree of an older commit after `npm ci`):
 *
 *   nice -n 10 npx tsx bench/warc/readers.ts ARCHIVE --reader /tmp/old/dist/input/warc/index.js \
 *     --reader dist/input/warc/index.js --rounds 3
 */
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as sourceReader from '@pith/crawl/warc';

type Reader = Pick<typeof sourceReader, 'readArchive' | 'decodeHttpBody'>;

interface Outcome {
  pages: number;
  records: number;
  bytes: number;
  cpuMs: number;
  wallMs: number;
}

async function timed(
  run: () => Promise<{ pages: number; records: number; bytes: number }>,
): Promise<Outcome> {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const counts = await run();
  const used = process.cpuUsage(cpu);
  return { ...counts, cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - wall };
}

async function pith(file: string, { readArchive, decodeHttpBody }: Reader = sourceReader) {
  let pages = 0;
  let records = 0;
  let bytes = 0;
  for await (const item of readArchive(file)) {
    records++;
    if (item.kind !== 'page') continue;
    pages++;
    bytes += decodeHttpBody(item.body, item.encoding, 64 * 1024 * 1024).length;
  }
  return { pages, records, bytes };
}

async function warcio(file: string) {
  const moduleName = 'warcio';
  const { WARCParser } = (await import(moduleName)) as {
    WARCParser: {
      iterRecords(source: AsyncIterable<Uint8Array>): AsyncIterable<{
        warcType: string;
        httpHeaders?: { statusCode: number; headers: Map<string, string> } | null;
        readFully(isContent?: boolean): Promise<Uint8Array>;
      }>;
    };
  };
  let pages = 0;
  let records = 0;
  let bytes = 0;
  for await (const record of WARCParser.iterRecords(createReadStream(file, { highWaterMark: 1024 * 1024 }))) {
    records++;
    if (record.warcType !== 'response') continue;
    const type = record.httpHeaders?.headers.get('content-type') ?? '';
    if (!/html/i.test(type)) continue;
    pages++;
    // readFully(true): the payload with chunked transfer and Content-Encoding undone.
    bytes += (await record.readFully(true)).length;
  }
  return { pages, records, bytes };
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    reader: { type: 'string', multiple: true, default: [] },
    rounds: { type: 'string', default: '2' },
  },
});
const file = positionals[0];
if (!file) throw new Error('usage: readers.ts ARCHIVE [--reader BUILD/input/warc/index.js …] [--rounds N]');
const mb = statSync(file).size / 1e6;
const readers = values.reader as string[];
const contenders: [string, (file: string) => Promise<{ pages: number; records: number; bytes: number }>][] =
  readers.length === 0
    ? [
        ['pith', (archive) => pith(archive)],
        ['warcio', warcio],
      ]
    : await Promise.all(
        readers.map(async (module): Promise<(typeof contenders)[number]> => {
          const reader = (await import(path.resolve(module))) as Reader;
          return [module, (archive) => pith(archive, reader)];
        }),
      );
for (let round = 0; round < Number(values.rounds); round++) {
  for (const [name, run] of contenders) {
    const outcome = await timed(() => run(file));
    console.log(
      `${name.padEnd(7)} ${outcome.records} records, ${outcome.pages} pages, ${(outcome.bytes / 1e6).toFixed(0)} MB of pages: ` +
        `cpu ${(outcome.cpuMs / 1000).toFixed(2)} s (${(mb / (outcome.cpuMs / 1000)).toFixed(0)} MB/s of archive per CPU-second), wall ${(outcome.wallMs / 1000).toFixed(2)} s`,
    );
  }
}
