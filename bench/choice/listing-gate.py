"""The listing profile's gate, chosen inside the folds on all five block sets (issue 37, s37-gate).

  python3 bench/choice/listing-gate.py FILE.jsonl … --reads FILE [--pairs] [--floor X] [--manifest OUT] [--show]

FILE.jsonl: bench/choice/listing-gate.ts's lines. --reads: WCXB's held-out page-type probabilities
(bench/choice/page-types.ts): the shipped page-type model trained on WCXB's pages, so there the
profile's condition (the page reads as a listing or collection) is taken from the fit that did not
see the page's site; the other sets' reads are the shipped model's (held out: it never saw them).

The profile fires where the page reads as a listing or collection (and the group and share hold:
the lines' `profile`). A gate is the profile's condition and one or two more conditions, each a
feature of listingGateFeatures at or above / at or below one of its quantiles over the candidate
pages (`--pairs`: two; else one), or none. For each outer block fold k the gate is chosen on the
pages of the other four folds of every set: the one with the highest sum over the five sets of the
set's mean F1 change (each set weighs the same, so a news set's loss counts as much as WCXB's gain;
ties: fewer conditions; --floor X: only gates under which no set's training mean changes by less
than X; the profile off is then a choice too). Held out: fold k's pages under fold k's gate. 95 % bootstrap intervals of
the paired change, per set and per WCXB page type. Label counts: profile F1 > default F1 + 0.005.
"""

import json
import sys

from gate_stats import boot, gate_lines, holds, mean, quantiles
from collections import Counter, defaultdict

import numpy as np

args = sys.argv[1:]
files = [a for i, a in enumerate(args) if not a.startswith('--') and (i == 0 or args[i - 1] not in ('--reads', '--floor', '--manifest'))]
held = json.load(open(args[args.index('--reads') + 1])) if '--reads' in args else {}

lines = gate_lines(files, held)
for l in lines:
    if 'probabilities' in l:
        probs = l['probabilities']
        l['features']['listingOrCollection'] = probs['listing'] + probs['collection']

SETS = sorted({l['dataset'] for l in lines})
cands = [l for l in lines if l.get('profile') and l.get('reads')]
FEATURES = sorted(cands[0]['features']) if cands else []


CONDS = [(f, op, t) for f in FEATURES for t in quantiles([l['features'][f] for l in cands]) for op in ('>=', '<=')]


def fires(l, gate):
    return bool(l.get('profile')) and bool(l.get('reads')) and all(holds(l, c) for c in gate)


def delta(l, gate):
    return l['profile']['f1'] - l['answer']['f1'] if fires(l, gate) else 0.0


label = Counter((l['dataset'], l['profile']['f1'] > l['answer']['f1'] + 0.005) for l in cands)
print('candidate pages (profile would fire) by set, label profile > default + 0.005:')
for s in SETS:
    print(f'  {s:24s} fire {label[(s, True)] + label[(s, False)]:4d}  profile better {label[(s, True)]:4d}')

folds = sorted({l['fold'] for l in lines if l['fold'] >= 0})
# Every gate's objective at once: H[p, c] = condition c holds on candidate page p; a pair's pages
# are H[:, a] & H[:, b], so its objective over the training pages is (H.T @ (H * w))[a, b], with
# w[p] = the page's F1 change over its set's training pages.
H = np.array([[holds(l, c) for c in CONDS] for l in cands], dtype=np.float64)
D = np.array([l['profile']['f1'] - l['answer']['f1'] for l in cands])
F = np.array([l['fold'] for l in cands])
S = [l['dataset'] for l in cands]
# --floor X: a gate whose change on some set's training pages is below X (a set's mean F1) is not
# eligible (the ship rule: no set may fall), then the highest sum as above.
NEVER = (('items', '>=', float('inf')),)
floor = float(args[args.index('--floor') + 1]) if '--floor' in args else -np.inf
chosen = {}
for k in folds + [-1]:
    size = Counter(l['dataset'] for l in lines if l['fold'] != k)
    ws = {s: np.array([0.0 if F[p] == k or S[p] != s else D[p] / size[s] for p in range(len(cands))]) for s in SETS}
    w = sum(ws.values())
    # the profile off (a gate that never holds) is a choice too; no gate is one where every set holds
    best = (NEVER, 0.0)
    if all(ws[s].sum() >= floor for s in SETS) and w.sum() > 0:
        best = ((), w.sum())
    ok1 = np.all([H.T @ ws[s] >= floor for s in SETS], axis=0)
    single = np.where(ok1, H.T @ w, -np.inf)
    if single.max() > best[1] + 1e-7:
        best = ((CONDS[int(single.argmax())],), single.max())
    if '--pairs' in args:
        pair = H.T @ (H * w[:, None])
        for s in SETS:
            pair[H.T @ (H * ws[s][:, None]) < floor] = -np.inf
        for a, c in enumerate(CONDS):  # a condition with itself, or two on one feature, is no pair
            for b, d in enumerate(CONDS):
                if c[0] == d[0]:
                    pair[a, b] = -np.inf
        a, b = np.unravel_index(int(pair.argmax()), pair.shape)
        if pair[a, b] > best[1] + 1e-7:
            best = ((CONDS[a], CONDS[b]), pair[a, b])
    chosen[k] = best[0]
    print(f'fold {k}: gate {chosen[k]}  (train objective {best[1]:+.4f}, no gate {w.sum():+.4f})')

groups = defaultdict(list)
for l in lines:
    g = chosen.get(l['fold'], chosen[-1])
    for name, gate in (('nogate', ()), ('gate', g)):
        groups[(name, l['dataset'])].append((l['answer']['f1'], delta(l, gate), fires(l, gate)))
        if l['dataset'] == 'wcxb-dev':
            groups[(name, 'wcxb-dev/' + l.get('pageType', '?'))].append(
                (l['answer']['f1'], delta(l, gate), fires(l, gate)))
for name in ('nogate', 'gate'):
    print(f'\n== {name} (held out by fold) ==')
    for (n, s), xs in sorted(groups.items()):
        if n != name:
            continue
        ds = [d for _, d, _ in xs]
        lo, hi = boot(ds)
        up = sum(1 for d in ds if d > 0.001)
        down = sum(1 for d in ds if d < -0.001)
        print(f"{s:28s} {len(xs):5d} pages  {mean([a for a, _, _ in xs]):.4f} -> {mean([a + d for a, d, _ in xs]):.4f}  "
              f"Δ {mean(ds):+.4f} [{lo:+.4f}, {hi:+.4f}]  fired {sum(1 for *_, f in xs if f)}  up {up} down {down}")

if '--manifest' in args:
    # what the extractor's LISTING_GATE must be (the gate chosen on every fold's pages), and how
    manifest = {
        'command': 'python3 bench/choice/listing-gate.py ' + ' '.join(args[:args.index('--manifest')] + args[args.index('--manifest') + 2:]),
        'pages': dict(Counter(l['dataset'] for l in lines)),
        'candidatePages': dict(Counter(l['dataset'] for l in cands)),
        'folds': 'block folds (/work/main/.cache/train/blocks/folds-5-by-site.json: 5 folds by site)',
        'objective': 'sum over the five sets of the set mean F1 change' + (f', every set >= {floor}' if floor > -np.inf else ''),
        'perFold': {str(k): [list(c) for c in g] for k, g in chosen.items() if k >= 0},
        'gate': [{'feature': f, ('atLeast' if op == '>=' else 'atMost'): t} for f, op, t in chosen[-1]],
    }
    with open(args[args.index('--manifest') + 1], 'w') as out:
        json.dump(manifest, out, indent=2)
        out.write('\n')

if '--show' in args:
    for l in sorted(cands, key=lambda l: (l['dataset'], l['id'])):
        d = l['profile']['f1'] - l['answer']['f1']
        fs = ' '.join(f'{f}={l["features"][f]:.2f}' for f in FEATURES)
        print(f"{l['dataset']:12s} {l['id'][:12]:12s} {l.get('pageType', ''):11s} Δ {d:+.3f}  {fs}")
