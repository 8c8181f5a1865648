"""Candidate switches in the body guard's style, chosen inside the block folds (issue 37, s37-wcxb4).

  python3 bench/misses/switch-search.py LINES.jsonl … [--family short,typed,profile,band]

LINES: the JSON lines of `bench/misses/missed-pages.ts --seeds ''` over every page of the block
sets (each line: the page's fold, every candidate's words and F1, the guard's choice-row columns
of each candidate, the listing profile's group where it answered, the page type read). A switch
answers with another candidate where its condition holds; the conditions are the guard table's
kind (words beside the answer, share in sentences, boilerplate and footer cues, the page type).
For each outer fold k the switch of each family is chosen on the other folds' pages (the sum over
the sets of each set's mean F1 change; no set's training change below 0), then applied to fold
k's pages: the held-out change is what the family would give a rule written from the other folds.

Families:
  short    beside an answer of 50 to N words, a candidate (loose, recall, union, paragraphs) at
           r times its words, prose and cue bounds, the page type (the guard's next row).
  typed    on pages read as a listing or collection where the profile did not answer, the loose or
           recall mode in a band of growth, by the answer's link density and the type's probabilities.
  profile  where the listing profile answered, back to the model's answer, the heuristic region,
           the recall mode or the union, by the group's size beside the answer and the region's prose.
  band     anywhere the model decided, the loose or recall mode in a band of growth, by prose and cues.
"""

import json
import sys
from collections import Counter

args = sys.argv[1:]
families = ['short', 'typed', 'profile', 'band']
if '--family' in args:
    families = args[args.index('--family') + 1].split(',')
files = [a for i, a in enumerate(args) if not a.startswith('--') and (i == 0 or args[i - 1] != '--family')]
pages = [json.loads(l) for f in files for l in open(f) if l.startswith('{')]
SETS = sorted({d['dataset'] for d in pages})
n_set = Counter(d['dataset'] for d in pages)


def words(d, k):
    return d['scores'][k]['words'] if k in d['scores'] else 0


def f1(d, k):
    return d['scores'][k]['f1'] if k in d['scores'] else d['scores']['answer']['f1']


def page_type(d):
    return (d.get('pageType') or {}).get('type')


def prob(d, t):
    return ((d.get('pageType') or {}).get('probabilities') or {}).get(t, 0)


LISTED = ('listing', 'collection')
NOT_ARTICLE = ('listing', 'collection', 'product', 'service', 'documentation', 'forum')


def short_grid():
    for cand in ('loose', 'recall', 'union', 'paragraphs'):
        for most in (100, 200, 300, 600):
            for r in (1.5, 2, 2.5, 3):
                for sent in (0, 0.3, 0.5, 0.7):
                    for bp in (0.2, 0.5, 1.01):
                        for foot in (0.3, 1.01):
                            for types in (None, LISTED, NOT_ARTICLE):
                                yield ('short', cand, most, r, sent, bp, foot, types)


def typed_grid():
    for cand in ('loose', 'recall'):
        for lo in (1.2, 1.4, 1.6, 2):
            for hi in (2, 3, 100):
                if hi <= lo:
                    continue
                for sent in (0, 0.3, 0.5):
                    for bp in (0.2, 0.5, 1.01):
                        for ld in (0.1, 0.3, 1.01):
                            for lp in (0, 0.5, 0.8):
                                for ap in (1.01, 0.2, 0.05):
                                    yield ('typed', cand, lo, hi, sent, bp, ld, lp, ap)


def profile_grid():
    for cand in ('balanced', 'heuristic', 'recall', 'union'):
        for lo in (0, 0.1, 0.3, 0.5):
            for hi in (0.5, 0.8, 1.2, 100):
                if hi <= lo:
                    continue
                for hs in (0, 0.5, 0.8):
                    for hb in (0.1, 1.01):
                        for bg in (0.3, 0.6, 0.9, 100):
                            for items in (0, 10, 20):
                                for lp in (1.01, 0.9, 0.7):
                                    yield ('profile', cand, lo, hi, hs, hb, bg, items, lp)


def band_grid():
    for cand in ('loose', 'recall'):
        for lo in (1.2, 1.5, 2, 2.5):
            for hi in (2, 3, 5, 100):
                if hi <= lo:
                    continue
                for sent in (0, 0.3, 0.5, 0.7):
                    for bp in (0.2, 0.5, 1.01):
                        for ld in (0.1, 0.3, 1.01):
                            yield ('band', cand, lo, hi, sent, bp, ld)


def fires(rule, d):
    family, cand = rule[0], rule[1]
    rows = d['rows']
    row = rows.get(cand)
    if row is None:
        return False
    answer = max(words(d, 'answer'), 1)
    growth = words(d, cand) / answer
    if family == 'short':
        _, _, most, r, sent, bp, foot, types = rule
        return (
            (types is None or page_type(d) in types)
            and 50 <= answer < most
            and growth >= r
            and row['sentenceShare'] >= sent
            and row['boilerplateCueShare'] <= bp
            and max(row['footerShare'], row['cookieCueShare']) <= foot
        )
    if family == 'typed':
        _, _, lo, hi, sent, bp, ld, lp, ap = rule
        return (
            page_type(d) in LISTED
            and prob(d, 'listing') + prob(d, 'collection') >= lp
            and prob(d, 'article') <= ap
            and lo <= growth < hi
            and row['sentenceShare'] >= sent
            and row['boilerplateCueShare'] <= bp
            and rows['balanced']['linkDensity'] <= ld
        )
    if family == 'profile':
        _, _, lo, hi, hs, hb, bg, items, lp = rule
        region = rows['heuristic']
        return (
            lo <= growth < hi
            and region['sentenceShare'] >= hs
            and region['boilerplateCueShare'] <= hb
            and words(d, 'balanced') / d['listing']['words'] <= bg
            and d['listing']['items'] >= items
            and prob(d, 'listing') + prob(d, 'collection') <= lp
        )
    _, _, lo, hi, sent, bp, ld = rule
    return (
        lo <= growth < hi
        and row['sentenceShare'] >= sent
        and row['boilerplateCueShare'] <= bp
        and rows['balanced']['linkDensity'] <= ld
    )


def eligible(family, d):
    if family == 'profile':
        return bool(d.get('listing'))
    return d['decidedBy'] == 'model' and not d.get('bodyGuard') and not d.get('listing')


def gains(rule, sel):
    g = Counter()
    moved = []
    for d in sel:
        if fires(rule, d):
            change = f1(d, rule[1]) - f1(d, 'answer')
            g[d['dataset']] += change
            moved.append((d['dataset'], d['id'], round(change, 3)))
    return g, moved


GRIDS = {'short': short_grid, 'typed': typed_grid, 'profile': profile_grid, 'band': band_grid}
for family in families:
    grid = list(GRIDS[family]())
    pool = [d for d in pages if eligible(family, d)]
    held = Counter()
    moved_all = []
    print(f'## {family}: {len(grid)} switches, {len(pool)} eligible pages')
    for k in sorted({d['fold'] for d in pool}):
        train = [d for d in pool if d['fold'] != k]
        test = [d for d in pool if d['fold'] == k]
        best = None
        for rule in grid:
            g, _ = gains(rule, train)
            if any(g[s] < -1e-9 for s in SETS):
                continue
            score = sum(g[s] / n_set[s] for s in SETS)
            if best is None or score > best[0]:
                best = (score, rule)
        if best is None:
            continue
        g, moved = gains(best[1], test)
        for s in SETS:
            held[s] += g[s]
        moved_all += moved
        print(f'fold {k}: chosen {best[1]} (training {best[0]:+.4f}); held out {dict(g)}')
    up = sum(1 for m in moved_all if m[2] > 0)
    down = sum(1 for m in moved_all if m[2] < 0)
    print('held out, mean change per set:', {s: round(held[s] / n_set[s], 4) for s in SETS}, f'{up} up / {down} down')
    print('moved:', moved_all)
