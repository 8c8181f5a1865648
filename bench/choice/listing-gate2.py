"""A second listing gate beside the shipped one, chosen inside the folds on all five block sets (issue 37, s37-list).

  python3 bench/choice/listing-gate2.py FILE.jsonl … --reads FILE [--floor X] [--fixed F:OP:T,…] [--show]

The shipped gate (LISTING_GATE: article probability <= 0.0523 and listing probability <= 0.8255)
blocks the listings whose article probability is 0.1-0.6. A second gate opens the profile on a
page the first does not: the page reads as a listing or collection, the profile's condition holds,
and one to three conditions hold (a base condition on the article probability, --base, and one
or two features of listingGateFeatures at or above / at or below one of their deciles over the
pages the first gate leaves shut). For each outer block fold k it is chosen on the other four
folds' pages as listing-gate.py chooses (sum over the sets of each set's mean F1 change; with
--floor X no set's training change below X). Held out: fold k's pages under fold k's gate.
--fixed: no search, the given gate on every fold (to report a rule written by hand).
"""

import json
import sys
from collections import Counter, defaultdict

import numpy as np
from gate_stats import boot, gate_lines, holds, mean, quantiles

args = sys.argv[1:]
VALUED = ('--reads', '--floor', '--fixed', '--base')
files = [a for i, a in enumerate(args) if not a.startswith('--') and (i == 0 or args[i - 1] not in VALUED)]
held = json.load(open(args[args.index('--reads') + 1])) if '--reads' in args else {}
SHIPPED = (('articleProbability', '<=', 0.05227003211709003), ('listingProbability', '<=', 0.8255))

lines = gate_lines(files, held)
for l in lines:
    if 'features' in l:
        f = l['features']
        # the answer's words per item it keeps, over the group's words per item (a card's words)
        f['answerPerKeptItem'] = f['answerToGroup'] / f['keptItemShare'] if f['keptItemShare'] > 0 else 99


def open1(l):
    return bool(l.get('profile')) and bool(l.get('reads')) and all(holds(l, c) for c in SHIPPED)


SETS = sorted({l['dataset'] for l in lines})
# the pages the shipped gate leaves shut, where a second gate may open the profile
cands = [l for l in lines if l.get('profile') and l.get('reads') and not open1(l)]
FEATURES = sorted(cands[0]['features'])


CONDS = [(f, op, t) for f in FEATURES for t in quantiles([l['features'][f] for l in cands]) for op in ('>=', '<=')]
BASES = [()] + [(('articleProbability', '<=', t),) for t in (0.2, 0.3, 0.4, 0.5, 0.6)]


cset = set(map(id, cands))


def in_cands(l):
    return id(l) in cset


def fires2(l, gate):
    return gate is not None and in_cands(l) and all(holds(l, c) for c in gate)


label = Counter((l['dataset'], l['profile']['f1'] > l['answer']['f1'] + 0.005) for l in cands)
print('pages the shipped gate shuts where the profile would fire, by set (profile better by 0.005):')
for s in SETS:
    print(f'  {s:24s} {label[(s, True)] + label[(s, False)]:4d}  better {label[(s, True)]:4d}')

H = np.array([[holds(l, c) for c in CONDS] for l in cands], dtype=np.float64)
D = np.array([l['profile']['f1'] - l['answer']['f1'] for l in cands])
F = np.array([l['fold'] for l in cands])
S = [l['dataset'] for l in cands]
floor = float(args[args.index('--floor') + 1]) if '--floor' in args else -np.inf
folds = sorted({l['fold'] for l in lines if l['fold'] >= 0})
chosen = {}
if '--fixed' in args:
    spec = args[args.index('--fixed') + 1]
    gate = tuple((f, op, float(t)) for f, op, t in (c.split(':') for c in spec.split(',')))
    for k in folds + [-1]:
        chosen[k] = gate
else:
    for k in folds + [-1]:
        size = Counter(l['dataset'] for l in lines if l['fold'] != k)
        ws = {s: np.array([0.0 if F[p] == k or S[p] != s else D[p] / size[s] for p in range(len(cands))]) for s in SETS}
        best = (None, 0.0)
        for base in BASES:
            B = np.array([all(holds(l, c) for c in base) for l in cands], dtype=np.float64)
            wb = {s: ws[s] * B for s in SETS}
            w = sum(wb.values())
            if base and all(wb[s].sum() >= floor for s in SETS) and w.sum() > best[1] + 1e-7:
                best = (base, w.sum())
            ok1 = np.all([H.T @ wb[s] >= floor for s in SETS], axis=0)
            single = np.where(ok1, H.T @ w, -np.inf)
            if single.max() > best[1] + 1e-7:
                best = (base + (CONDS[int(single.argmax())],), single.max())
            pair = H.T @ (H * w[:, None])
            for s in SETS:
                pair[H.T @ (H * wb[s][:, None]) < floor] = -np.inf
            for a, c in enumerate(CONDS):
                for b, d in enumerate(CONDS):
                    if c[0] == d[0]:
                        pair[a, b] = -np.inf
            a, b = np.unravel_index(int(pair.argmax()), pair.shape)
            if pair[a, b] > best[1] + 1e-7:
                best = (base + (CONDS[a], CONDS[b]), pair[a, b])
        chosen[k] = best[0]
        print(f'fold {k}: second gate {chosen[k]}  (train objective {best[1]:+.4f})')

groups = defaultdict(list)
for l in lines:
    g = chosen.get(l['fold'], chosen[-1])
    for name, gate in (('shipped', None), ('second', g)):
        if gate is None:
            d = l['profile']['f1'] - l['answer']['f1'] if open1(l) else 0.0
        else:
            d = (l['profile']['f1'] - l['answer']['f1']) if (open1(l) or fires2(l, gate)) else 0.0
        base = l['answer']['f1']
        groups[(name, l['dataset'])].append((base, d, fires2(l, gate)))
        if l['dataset'] == 'wcxb-dev':
            groups[(name, 'wcxb-dev/' + l.get('pageType', '?'))].append((base, d, fires2(l, gate)))
sh = {key[1]: xs for key, xs in groups.items() if key[0] == 'shipped'}
print('\n== second gate against the shipped gate alone (held out by fold) ==')
for (n, s), xs in sorted(groups.items()):
    if n != 'second':
        continue
    before = [a + d for a, d, _ in sh[s]]
    after = [a + d for a, d, _ in xs]
    ds = [y - x for x, y in zip(before, after)]
    lo, hi = boot(ds)
    up = sum(1 for d in ds if d > 0.001)
    down = sum(1 for d in ds if d < -0.001)
    print(f'{s:28s} {len(xs):5d} pages  {mean(before):.4f} -> {mean(after):.4f}  Δ {mean(ds):+.4f} [{lo:+.4f}, {hi:+.4f}]'
          f'  fired {sum(1 for *_, f in xs if f)}  up {up} down {down}')

if '--show' in args:
    for l in sorted(cands, key=lambda l: (l['dataset'], l['id'])):
        d = l['profile']['f1'] - l['answer']['f1']
        g = chosen.get(l['fold'], chosen[-1])
        fs = ' '.join(f'{f}={l["features"][f]:.2f}' for f in FEATURES)
        print(f"{l['dataset']:12s} {l['id'][:12]:12s} {l.get('pageType', ''):11s} fold {l['fold']} Δ {d:+.3f} {'FIRE' if fires2(l, g) else '    '} {fs}")
