"""The one-candidate switch, chosen inside the folds on every development set at once (issue 37, s37-gate2).

  python3 bench/choice/switch.py FILE.jsonl … --reads FILE [--single] [--floor X] [--sets a,b] [--manifest OUT] [--show N]

FILE.jsonl: bench/choice/switch-pages.ts's lines. --reads: WCXB's held-out page-type probabilities
(bench/choice/page-types.ts; the shipped page-type model trained on WCXB's pages, so there the
probabilities come from the fit that did not see the page's site; elsewhere the shipped model's).

A switch is (candidate, rule): the page answers with the candidate instead of the default answer where
every condition of the rule holds; a condition is one feature at or above / at or below one of its
deciles over the pages (features: the page's block-model margins and confidence, page-type
probabilities, every candidate's word ratio to the answer, the switched candidate's own choice-row
columns, the repeated-group features where the answer started a group); a rule has no condition, one,
or two on different features (--single: at most one). For each outer fold k the switch is chosen on
the pages of the other folds of every set (--min-changed M: among rules that change at least M of them): the highest sum over the sets of the set's mean F1 change
(each set weighs the same), only switches under which no set's training mean changes by less than
--floor (default 0); no switch is a choice too (objective 0); ties: fewer conditions. Held out: fold
k's pages under fold k's switch. A page's fold: its block fold; on the article sets, its site's block
fold when a block set holds the site, else FNV-1a('pith-choice:' + site) % 5 (as the choice's trainer).
--nested: the procedure held out inside the training folds too (see the code). 95 % bootstrap intervals of the paired change, per set and per WCXB page type; the headroom table
(default, oracle of the default and the candidates, the switch held out, share of the gap).
"""

import json
import random
import sys
from collections import Counter, defaultdict

import numpy as np

from page_lines import page_lines

args = sys.argv[1:]
VALUED = ('--features', '--reads', '--floor', '--manifest', '--sets', '--show', '--candidates', '--min-changed')
files = [a for i, a in enumerate(args) if not a.startswith('--') and (i == 0 or args[i - 1] not in VALUED)]


def opt(name, default=None):
    return args[args.index(name) + 1] if name in args else default


PAGE_TYPES = ['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service']
CANDIDATES = opt('--candidates', 'loose,recall,paragraphs,strict,precision,union').split(',')
held = json.load(open(opt('--reads'))) if opt('--reads') else {}
only_sets = set(opt('--sets').split(',')) if opt('--sets') else None
floor = float(opt('--floor', '0'))
# --min-changed M: only rules that change at least M training pages (a rule on a handful of pages is luck)
min_changed = int(opt('--min-changed', '0'))
# a switch must beat no switch (or a simpler switch) by this much of the objective: a rule whose
# pages change by rendering noise (1e-6 of F1) is no switch
EPS = 1e-4
K = 5


def fnv(text):
    value = 0x811C9DC5
    for ch in text:
        value ^= ord(ch)
        value = (value * 0x01000193) & 0xFFFFFFFF
    return value


lines = []
for l in page_lines(files):
    if only_sets and l['dataset'] not in only_sets:
        continue
    a = l.get('answer')
    if not a or a.get('f1') is None or a.get('special') or 'features' not in l:
        continue
    if l['dataset'] == 'wcxb-dev' and l['id'] in held:
        l['probabilities'] = dict(zip(PAGE_TYPES, held[l['id']]))
    for t in PAGE_TYPES:
        l['features'][f'type.{t}'] = l['probabilities'][t]
    l['features']['type.listingOrCollection'] = l['probabilities']['listing'] + l['probabilities']['collection']
    lines.append(l)

site_fold = {}
for l in lines:
    if l['fold'] >= 0:
        site_fold.setdefault(l['site'], l['fold'])
for l in lines:
    if l['fold'] < 0:
        l['fold'] = site_fold.get(l['site'], fnv('pith-choice:' + l['site']) % K)

SETS = sorted({l['dataset'] for l in lines})
N = len(lines)
SET = np.array([SETS.index(l['dataset']) for l in lines])
FOLD = np.array([l['fold'] for l in lines])
BASE = np.array([l['answer']['f1'] for l in lines])


def cand_f1(l, c):
    s = (l.get('candidates') or {}).get(c)
    return s['f1'] if s and s.get('f1') is not None and not s.get('special') else None


# per candidate: change over the default where it answers (0 where it is missing)
DELTA = {}
for c in CANDIDATES:
    DELTA[c] = np.array([(cand_f1(l, c) - l['answer']['f1']) if cand_f1(l, c) is not None else 0.0 for l in lines])
ORACLE = BASE + np.maximum(0, np.max([DELTA[c] for c in CANDIDATES], axis=0))

SHARED = sorted({f for l in lines for f in l['features'] if not any(f.startswith(c + '.') for c in CANDIDATES) or f.endswith('.wordRatio')})


def quantiles(values, qs=(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)):
    v = sorted(values)
    return sorted({v[min(len(v) - 1, int(q * len(v)))] for q in qs}) if v else []


# --features a,b,…: only these features ('CAND.x' stands for the switched candidate's own column x)
ONLY = opt('--features').split(',') if opt('--features') else None


def conditions(c):
    feats = SHARED + sorted({f for l in lines for f in l['features'] if f.startswith(c + '.') and not f.endswith('.wordRatio')})
    if ONLY:
        allowed = {f.replace('CAND.', c + '.') for f in ONLY}
        feats = [f for f in feats if f in allowed or (c + '.wordRatio' in allowed and f == c + '.wordRatio')]
    conds, cols = [], []
    for f in feats:
        x = np.array([l['features'].get(f) if l['features'].get(f) is not None else np.nan for l in lines], dtype=np.float64)
        present = x[~np.isnan(x)]
        if len(present) < 20:
            continue
        for t in quantiles(present.tolist()):
            with np.errstate(invalid='ignore'):
                conds.append((f, '>=', t))
                cols.append(np.nan_to_num(x, nan=-np.inf) >= t)
                conds.append((f, '<=', t))
                cols.append(np.nan_to_num(x, nan=np.inf) <= t)
    return conds, np.array(cols, dtype=np.float32).T  # pages × conditions


def fires(l, rule):
    for f, op, t in rule:
        x = l['features'].get(f)
        if x is None or not (x >= t if op == '>=' else x <= t):
            return False
    return True


CONDS = {c: conditions(c) for c in CANDIDATES}
print(f'{N} pages: ' + ', '.join(f'{s} {int((SET == i).sum())}' for i, s in enumerate(SETS)))
print('conditions per candidate: ' + ', '.join(f'{c} {len(CONDS[c][0])}' for c in CANDIDATES))


def choose(train):
    """The best (candidate, rule) on the training pages (a boolean mask), or None."""
    size = np.array([(train & (SET == i)).sum() for i in range(len(SETS))], dtype=np.float64)
    best = (None, (), 0.0)
    for c in CANDIDATES:
        conds, H = CONDS[c]
        d = DELTA[c]
        rows = np.where(train & (d != 0))[0]
        if len(rows) == 0:
            continue
        Hr = H[rows]
        # per set: each page's change over its set's training size
        W = np.zeros((len(rows), len(SETS)), dtype=np.float32)
        W[np.arange(len(rows)), SET[rows]] = d[rows] / size[SET[rows]]
        w = W.sum(axis=1)
        # no condition
        per = W.sum(axis=0)
        if per.min() >= floor and len(rows) >= min_changed and w.sum() > best[2] + EPS:
            best = (c, (), float(w.sum()))
        single_sets = Hr.T @ W  # conditions × sets
        support = Hr.sum(axis=0)
        single = np.where((single_sets.min(axis=1) >= floor) & (support >= min_changed), single_sets.sum(axis=1), -np.inf)
        j = int(single.argmax())
        if single[j] > best[2] + EPS:
            best = (c, (conds[j],), float(single[j]))
        if '--single' in args:
            continue
        total = Hr.T @ (Hr * w[:, None])
        ok = (Hr.T @ Hr) >= min_changed
        for s in range(len(SETS)):
            ok &= (Hr.T @ (Hr * W[:, s][:, None])) >= floor
        total = np.where(ok, total, -np.inf)
        feat = np.array([f for f, _, _ in conds])
        total[feat[:, None] == feat[None, :]] = -np.inf
        a, b = np.unravel_index(int(total.argmax()), total.shape)
        if total[a, b] > best[2] + EPS:
            best = (c, (conds[a], conds[b]), float(total[a, b]))
    return best


def boot(ds, n=2000, seed=1):
    rnd = np.random.default_rng(seed)
    ds = np.asarray(ds)
    if len(ds) == 0:
        return float('nan'), float('nan')
    ms = np.sort(ds[rnd.integers(0, len(ds), size=(n, len(ds)))].mean(axis=1))
    return ms[int(0.025 * n)], ms[int(0.975 * n) - 1]




def apply(choice, mask):
    """Per set: the mean F1 change of the pages in `mask` under `choice`."""
    c, rule, _ = choice
    d = np.zeros(N)
    if c:
        for p in np.where(mask)[0]:
            if fires(lines[p], rule) and cand_f1(lines[p], c) is not None:
                d[p] = cand_f1(lines[p], c) - BASE[p]
    return np.array([d[mask & (SET == i)].sum() / max(1, (mask & (SET == i)).sum()) for i in range(len(SETS))])


chosen = {}
for k in list(range(K)) + [-1]:
    chosen[k] = choose(FOLD != k)
    c, rule, obj = chosen[k]
    print(f'fold {k}: {c or "no switch"} {list(rule)}  (training objective {obj:+.4f})')
    if '--nested' in args and c:
        # --nested: the procedure itself held out inside the training folds: for each inner fold j,
        # the switch chosen on the training folds but j, scored on j; the outer switch stands only
        # if those inner held-out changes sum above 0 with no set's below the floor
        inner = np.zeros(len(SETS))
        for j in range(K):
            if j == k:
                continue
            inner += apply(choose((FOLD != k) & (FOLD != j)), FOLD == j)
        inner /= K - (1 if k >= 0 else 0)
        keep = inner.sum() > 0 and inner.min() >= floor
        print(f'   nested: inner held-out change by set ' + ' '.join(f'{s} {v:+.4f}' for s, v in zip(SETS, inner)) + ('  -> kept' if keep else '  -> no switch'))
        if not keep:
            chosen[k] = (None, (), 0.0)

after = BASE.copy()
fired = np.zeros(N, dtype=bool)
for p, l in enumerate(lines):
    c, rule, _ = chosen[l['fold']]
    if c and fires(l, rule) and cand_f1(l, c) is not None:
        after[p] = cand_f1(l, c)
        fired[p] = True

groups = defaultdict(list)
for p, l in enumerate(lines):
    groups[l['dataset']].append(p)
    if l['dataset'] == 'wcxb-dev':
        groups['wcxb-dev/' + l.get('pageType', '?')].append(p)
print('\n== held out (each fold under the switch chosen on the others) ==')
print(f'{"set":28s} {"pages":>5s}  default  oracle  switch   Δ [95 % CI]                 fired up down  gap share')
for g, ps in sorted(groups.items()):
    ps = np.array(ps)
    d = after[ps] - BASE[ps]
    lo, hi = boot(d)
    gap = ORACLE[ps].mean() - BASE[ps].mean()
    share = (d.mean() / gap) if gap > 0 else float('nan')
    print(f'{g:28s} {len(ps):5d}  {BASE[ps].mean():.4f}  {ORACLE[ps].mean():.4f}  {after[ps].mean():.4f}  '
          f'{d.mean():+.4f} [{lo:+.4f}, {hi:+.4f}]  {int(fired[ps].sum()):5d} {int((d > 0.001).sum()):3d} {int((d < -0.001).sum()):3d}  {share:+.2f}')

print('\n== in sample (the switch chosen on every page, read on every page) ==')
c, rule, _ = chosen[-1]
for i, s in enumerate(SETS):
    ps = np.where(SET == i)[0]
    d = np.array([(cand_f1(lines[p], c) - BASE[p]) if c and fires(lines[p], rule) and cand_f1(lines[p], c) is not None else 0.0 for p in ps])
    holds = sum(1 for p in ps if c and fires(lines[p], rule))
    print(f'{s:28s} {len(ps):5d}  {BASE[ps].mean():.4f} -> {BASE[ps].mean() + d.mean():.4f}  Δ {d.mean():+.4f}  fired {holds} changed {int((d != 0).sum())}')

print('\n== per candidate, always on (held out = in sample: no choice) ==')
for c in CANDIDATES:
    print(f'{c:11s} ' + '  '.join(f'{s} {DELTA[c][SET == i].mean():+.4f}' for i, s in enumerate(SETS)))

if opt('--manifest'):
    manifest = {
        'command': 'python3 bench/choice/switch.py ' + ' '.join(a for i, a in enumerate(args) if a != '--manifest' and (i == 0 or args[i - 1] != '--manifest')),
        'pages': {s: int((SET == i).sum()) for i, s in enumerate(SETS)},
        'folds': 'block folds (.cache/train/blocks/folds-5-by-site.json: 5 folds by site); article sets: the site\'s block fold, else FNV-1a of the site % 5',
        'objective': f'sum over the sets of the set mean F1 change, every set >= {floor}',
        'perFold': {str(k): {'candidate': v[0], 'rule': [list(x) for x in v[1]]} for k, v in chosen.items() if k >= 0},
        'candidate': chosen[-1][0],
        'rule': [{'feature': f, ('atLeast' if op == '>=' else 'atMost'): t} for f, op, t in chosen[-1][1]],
    }
    with open(opt('--manifest'), 'w') as out:
        json.dump(manifest, out, indent=2)
        out.write('\n')
