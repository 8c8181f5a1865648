// Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time per function (top N), and the
// self time grouped by source file, so that a profile can be read without DevTools.
//
//   npx tsx bench/speed/profile-summary.ts FILE.cpuprofile [--top=40] [--filter=substring]
//   npx tsx bench/speed/profile-summary.ts FILE.cpuprofile --lines=computeCounts   # hot lines of one function
//
// --lines maps lines back to the TypeScript source through the build's source maps (dist/*.js.map).
// --filter keeps only the samples whose stack contains a frame whose function name or file
// contains the substring (e.g. --filter=extractors/pith to see where the extractor's time goes),
// and also prints the inclusive time of the functions under that filter.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flag } from './pages.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
  positionTicks?: { line: number; ticks: number }[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const linesOf = flag('lines', '');
const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [--top=N] [--filter=S]');
const top = Number(flag('top', '40'));
const filter = flag('filter', '');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const shortUrl = (url: string) => {
  const clean = url.replace(/^file:\/\//, '');
  const at = clean.indexOf('/src/');
  if (at >= 0) return clean.slice(at + 1);
  const modules = clean.lastIndexOf('node_modules/');
  if (modules >= 0) return clean.slice(modules + 'node_modules/'.length);
  return clean ? path.basename(clean) : '(native)';
};
const label = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${shortUrl(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

const stackOf = (id: number): ProfileNode[] => {
  const out: ProfileNode[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const node = byId.get(at);
    if (node) out.push(node);
  }
  return out;
};
const matches = (node: ProfileNode) =>
  node.callFrame.functionName.includes(filter) || node.callFrame.url.includes(filter);

const self = new Map<string, number>();
const selfByFile = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
for (let index = 0; index < profile.samples.length; index++) {
  const ms = (profile.timeDeltas[index] ?? 0) / 1000;
  const stack = stackOf(profile.samples[index]);
  if (filter && !stack.some(matches)) continue;
  total += ms;
  const leaf = stack[0];
  if (!leaf) continue;
  self.set(label(leaf), (self.get(label(leaf)) ?? 0) + ms);
  const leafFile = shortUrl(leaf.callFrame.url);
  selfByFile.set(leafFile, (selfByFile.get(leafFile) ?? 0) + ms);
  if (filter) {
    const seen = new Set<string>();
    for (const frame of stack) {
      if (!frame.callFrame.url.includes(filter)) continue;
      const name = label(frame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  }
}

const print = (title: string, map: Map<string, number>) => {
  console.log(`\n## ${title}\n\n| ms | % | function |\n|---:|---:|---|`);
  for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`| ${ms.toFixed(0)} | ${((100 * ms) / total).toFixed(1)} | ${name} |`);
  }
};
console.log(`# ${path.basename(file)}: ${total.toFixed(0)} ms sampled${filter ? ` under '${filter}'` : ''}`);
print('self time by function', self);
print('self time by file', selfByFile);
if (filter) print(`inclusive time of functions in files matching '${filter}'`, inclusive);

/** Decodes one base64 VLQ segment list of a source map's `mappings` line. */
function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

const sourceLineCache = new Map<string, (line: number) => string>();

/** `file.js:line` → `file.ts:line` through the build's source map (1-based lines), when there is one. */
function originalLine(url: string, line: number): string {
  let lookup = sourceLineCache.get(url);
  if (!lookup) {
    const file = url.startsWith('file:') ? fileURLToPath(url) : url;
    const mapFile = `${file}.map`;
    lookup = (l: number) => `${shortUrl(url)}:${l}`;
    if (existsSync(mapFile)) {
      const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
      // For each generated line, the original line of its first mapped segment.
      const byLine: number[] = [];
      let sourceLine = 0;
      map.mappings.split(';').forEach((generated, index) => {
        let first = -1;
        for (const segment of generated.split(',')) {
          if (!segment) continue;
          const fields = decodeVlq(segment);
          if (fields.length >= 4) {
            sourceLine += fields[2];
            if (first < 0) first = sourceLine;
          }
        }
        byLine[index] = first;
      });
      const resolved = path.resolve(path.dirname(file), map.sources[0] ?? '');
      const source = resolved.includes('/src/')
        ? resolved.slice(resolved.lastIndexOf('/src/') + 1)
        : resolved;
      lookup = (l: number) =>
        byLine[l - 1] >= 0 ? `${source}:${byLine[l - 1] + 1}` : `${shortUrl(url)}:${l}`;
    }
    sourceLineCache.set(url, lookup);
  }
  return lookup(line);
}

if (linesOf) {
  // Sample counts per source line of the named function (1-based lines of the file that ran).
  const ticks = new Map<string, number>();
  for (const node of profile.nodes) {
    if (node.callFrame.functionName !== linesOf) continue;
    for (const { line, ticks: count } of node.positionTicks ?? []) {
      const key = originalLine(node.callFrame.url, line);
      ticks.set(key, (ticks.get(key) ?? 0) + count);
    }
  }
  console.log(`\n## hot lines of ${linesOf} (samples)\n`);
  for (const [key, count] of [...ticks].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${count}\t${key}`);
}
