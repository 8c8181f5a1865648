/**
 * What `pith queue add warc --split-bytes` costs at submission: `archiveRanges` on an archive (it
 * reads the whole file once, inflating it when gzipped), in CPU seconds, beside a plain read of
 * every record (`readArchive`, what a job's reading costs in all).
 *
 *   nice -n 10 npx tsx bench/warc/ranges.ts FILE [--bytes 16777216]
 */
import { statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { archiveRanges, readArchive } from '@pith/crawl/warc';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { bytes: { type: 'string', default: String(16 * 1024 * 1024) } },
});
const [file] = positionals;
if (!file) throw new Error('usage: ranges.ts FILE [--bytes N]');
const bytes = Number(values.bytes);
const cpuSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;

console.log(
  `# ${file}: ${(statSync(file).size / 1e6).toFixed(1)} MB, ranges of ${bytes} bytes, load ${loadavg()[0].toFixed(2)}`,
);
for (let round = 0; round < 2; round++) {
  let started = process.cpuUsage();
  const ranges = await archiveRanges(file, bytes);
  const split = cpuSeconds(process.cpuUsage(started));
  started = process.cpuUsage();
  let items = 0;
  for await (const _item of readArchive(file)) items++;
  const read = cpuSeconds(process.cpuUsage(started));
  console.log(
    `round ${round + 1}: archiveRanges ${split.toFixed(2)} CPU s (${ranges.length} ranges); readArchive ${read.toFixed(2)} CPU s (${items} items)`,
  );
}
console.log(`load after: ${loadavg()[0].toFixed(2)}`);
