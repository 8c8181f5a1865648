/**
 * For tests that need a real headless Chromium: they skip with a clear message when
 * it is missing locally, but in CI (`CI=true`, where .ci/run installs it) they run and
 * a missing browser fails them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { findChromium } from '../../src/layout/browser.js';

export const CHROMIUM = findChromium();
export const IN_CI = process.env.CI === 'true' || process.env.CI === '1';

/** `false` (run) when Chromium is here or we are in CI; else the reason to skip. */
export const browserSkip: string | false =
  CHROMIUM || IN_CI
    ? false
    : 'chromium is not installed (apt-get install -y chromium): browser tests skipped';

/** Process ids of the Chromium processes descending from this process (Linux /proc). */
export function chromiumDescendants(): number[] {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may contain spaces and parentheses.
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      if (fields[0] === 'Z' && Number(fields[1]) !== process.pid) continue;
      parents.set(Number(entry), Number(fields[1]));
      names.set(Number(entry), comm);
    } catch {
      // The process exited while we looked.
    }
  }
  const out: number[] = [];
  for (const [pid] of parents) {
    let at = parents.get(pid);
    for (let hops = 0; at !== undefined && at > 1 && hops < 64; hops++) {
      if (at === process.pid) {
        if (/chrom/i.test(names.get(pid) ?? '')) out.push(pid);
        break;
      }
      at = parents.get(at);
    }
  }
  return out;
}

/** Waits until `check` holds, polling (process exits are asynchronous). */
export async function eventually(check: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}
