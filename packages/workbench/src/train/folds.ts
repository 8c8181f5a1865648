/**
 * Cross-validation folds that keep a site's pages together. Pages of one site share a template:
 * a page whose sibling sits in the training folds is scored as if its site were known, which
 * flatters the figure for sites never seen (random page folds leak that way). Folds here are
 * dealt by group — a site, or a page that has none — and pooled over datasets, so a site that
 * appears in two datasets is held out of both at once.
 */
import { type Random, seededRandom } from 'pith/internal';

/** A Fisher–Yates shuffle in place, from the end (the order seeded training splits use). */
export function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** A seeded shuffle of a copy. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  return shuffle(items.slice(), seededRandom(seed));
}

export interface GroupedItem {
  /**
   * What ties items together (a site, a host): items with the same non-empty keys share a
   * group; an item without keys is a group of its own.
   */
  keys: readonly string[];
  /** Folds are balanced per stratum (a dataset, a page type). */
  stratum: string;
}

/**
 * Group index per item: items sharing any key are in one group (connected components, so a
 * page tied to a site by its URL and to another page by identical bytes joins both). Groups
 * are numbered in the order of their first item.
 */
export function groupItems(items: readonly GroupedItem[]): Int32Array {
  const parent = items.map((_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root];
    for (let at = index; parent[at] !== root; ) {
      const next = parent[at];
      parent[at] = root;
      at = next;
    }
    return root;
  };
  const owner = new Map<string, number>();
  items.forEach((item, index) => {
    for (const key of item.keys) {
      if (key === '') continue;
      const first = owner.get(key);
      if (first === undefined) owner.set(key, index);
      else {
        const [a, b] = [find(first), find(index)];
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
  });
  const number = new Map<number, number>();
  return Int32Array.from(items, (_, index) => {
    const root = find(index);
    let group = number.get(root);
    if (group === undefined) {
      group = number.size;
      number.set(root, group);
    }
    return group;
  });
}

/**
 * k folds dealt by group: groups shuffled (seeded), then the largest first, each to the fold
 * where it adds least to its strata's shares so far (a group of two datasets weighs on both,
 * each relative to its dataset's size), then to the fold with the fewest items. Every item of
 * a group lands in one fold; each stratum is spread as evenly as its groups allow (a dataset
 * of four sites spreads over at most four folds).
 */
export function groupedFolds(items: readonly GroupedItem[], k: number, seed: number): Int32Array {
  if (!Number.isInteger(k) || k < 2) throw new RangeError(`folds must be a whole number ≥ 2, got ${k}`);
  const group = groupItems(items);
  const members: number[][] = [];
  group.forEach((g, index) => {
    members[g] ??= [];
    members[g].push(index);
  });
  const order = shuffle(members, seededRandom(seed)).sort((a, b) => b.length - a.length);
  const strata = [...new Set(items.map((item) => item.stratum))];
  const stratumOf = Int32Array.from(items, (item) => strata.indexOf(item.stratum));
  const totals = new Float64Array(strata.length);
  for (const s of stratumOf) totals[s]++;
  const perStratum = strata.map(() => new Float64Array(k));
  const sizes = new Int32Array(k);
  const fold = new Int32Array(items.length);
  for (const list of order) {
    const composition = new Map<number, number>();
    for (const index of list) composition.set(stratumOf[index], (composition.get(stratumOf[index]) ?? 0) + 1);
    const load = (f: number) => {
      let sum = 0;
      for (const [s, count] of composition) sum += (count * perStratum[s][f]) / totals[s];
      return sum;
    };
    let best = 0;
    let bestLoad = load(0);
    for (let f = 1; f < k; f++) {
      const value = load(f);
      if (value < bestLoad - 1e-12 || (Math.abs(value - bestLoad) <= 1e-12 && sizes[f] < sizes[best])) {
        best = f;
        bestLoad = value;
      }
    }
    for (const index of list) {
      fold[index] = best;
      perStratum[stratumOf[index]][best]++;
    }
    sizes[best] += list.length;
  }
  return fold;
}

/**
 * Folds by item, ignoring groups (what random page folds did): each stratum's items shuffled
 * (seeded) and dealt round-robin, strata in the order given (default: of first appearance).
 */
export function stratifiedFolds(
  items: readonly GroupedItem[],
  k: number,
  seed: number,
  strata: readonly string[] = [...new Set(items.map((item) => item.stratum))],
): Int32Array {
  if (!Number.isInteger(k) || k < 2) throw new RangeError(`folds must be a whole number ≥ 2, got ${k}`);
  const random = seededRandom(seed);
  const fold = new Int32Array(items.length);
  let next = 0;
  for (const stratum of strata) {
    const list = shuffle(
      items.flatMap((item, index) => (item.stratum === stratum ? [index] : [])),
      random,
    );
    for (const index of list) fold[index] = next++ % k;
  }
  return fold;
}
