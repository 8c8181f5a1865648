/**
 * The held-back half of Defuddle's structure fixtures (issue 19). The rule was fixed before any
 * fixture was looked at, from the file names alone, and is not to be changed: fixtures are grouped
 * by their class (the name before `--`, or the whole name when it has none), each group is ordered
 * by sha256 of `pith-structure:<id>`, and every second fixture of a group (the 2nd, 4th, …) is held
 * back. Rendering rules are developed on the `dev` half only; the targets are read on `held-back`.
 */
import { createHash } from 'node:crypto';

export type StructureSplit = 'dev' | 'held-back';

/** The class of a fixture id: `math--katex` → `math`. */
export function fixtureClass(id: string): string {
  const at = id.indexOf('--');
  return at < 0 ? id : id.slice(0, at);
}

function rank(id: string): string {
  return createHash('sha256').update(`pith-structure:${id}`).digest('hex');
}

/** The half of each id (ids: the fixture file names without extension). */
export function splitFixtures(ids: readonly string[]): Map<string, StructureSplit> {
  const groups = new Map<string, string[]>();
  for (const id of ids) {
    const group = fixtureClass(id);
    let members = groups.get(group);
    if (!members) {
      members = [];
      groups.set(group, members);
    }
    members.push(id);
  }
  const split = new Map<string, StructureSplit>();
  for (const members of groups.values()) {
    members.sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
    for (let index = 0; index < members.length; index++)
      split.set(members[index], index % 2 === 1 ? 'held-back' : 'dev');
  }
  return split;
}
