import { readdir, stat } from 'node:fs/promises';
import { join, normalize, relative } from 'node:path';
import { PithError } from 'pith';

/**
 * One thing to extract: a file, a URL or standard input. A file found under a directory argument
 * has its path relative to that directory (`relative`), which `--out` mirrors.
 */
export type InputSource =
  | { kind: 'file'; path: string; relative?: string }
  | { kind: 'url'; url: string }
  | { kind: 'stdin' };

const PAGE_FILE = /\.(html?|xhtml|htm\.gz|html?\.gz|xhtml\.gz)$/i;

/** Names a source for messages and JSON Lines records. */
export function describeSource(source: InputSource): string {
  if (source.kind === 'file') return source.path;
  if (source.kind === 'url') return source.url;
  return '-';
}

/** True for arguments that are web addresses rather than paths. */
export function isUrlArgument(argument: string): boolean {
  return /^https?:\/\//i.test(argument);
}

/** `ftp://…`, `file://…` and other non-web addresses: URLs pith does not fetch (the fetcher says so). */
function isOtherUrl(argument: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(argument);
}

/**
 * Expands the command-line arguments into sources: URLs as they are, `-` for
 * standard input, files as they are and directories into the page files under
 * them (`.html`, `.htm`, `.xhtml`, optionally gzipped), sorted by path.
 */
export async function expandInputs(argumentsList: readonly string[]): Promise<InputSource[]> {
  const sources: InputSource[] = [];
  for (const argument of argumentsList) {
    if (argument === '-') sources.push({ kind: 'stdin' });
    else if (isUrlArgument(argument)) sources.push({ kind: 'url', url: argument });
    else {
      // A path that cannot be read stays a source: it fails alone, with its own error.
      const info = await stat(argument).catch(() => undefined);
      if (!info && isOtherUrl(argument)) sources.push({ kind: 'url', url: argument });
      else if (info?.isDirectory()) {
        for (const path of await listPageFiles(argument))
          sources.push({ kind: 'file', path, relative: relative(argument, path) });
      } else sources.push({ kind: 'file', path: argument });
    }
  }
  return sources;
}

async function listPageFiles(directory: string): Promise<string[]> {
  const found: string[] = [];
  const pending = [directory];
  while (pending.length > 0) {
    const current = pending.pop() as string;
    const entries = await readdir(current, { withFileTypes: true });
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile() && PAGE_FILE.test(entry.name)) found.push(path);
    }
  }
  return found.sort();
}

/**
 * `--url-map FILE`: the page URL of each input file, one `PATH URL` a line (blank lines and `#`
 * comments skipped), PATH as the file is named on the command line or under its directory
 * argument. A file's links resolve from its URL, and its records carry it.
 */
export function parseUrlMap(text: string, name: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(.*\S)\s+(\S+)$/.exec(line);
    const url = match?.[2];
    if (!match || !url || !isUrlArgument(url)) {
      throw new PithError(
        'BAD_OPTION',
        `--url-map ${name}, line ${index + 1}: expected 'PATH URL' (an http(s) URL)`,
      );
    }
    map.set(normalize(match[1]), url);
  }
  return map;
}

/** The URL `--url-map` gives a file source (by its path as named, or under its directory argument). */
export function mappedUrl(map: ReadonlyMap<string, string>, source: InputSource): string | undefined {
  if (source.kind !== 'file') return undefined;
  return (
    map.get(normalize(source.path)) ??
    (source.relative === undefined ? undefined : map.get(normalize(source.relative)))
  );
}
