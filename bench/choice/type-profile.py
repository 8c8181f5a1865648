"""Summaries of bench/choice/type-profile.ts's lines (issue 37, a per-type profile).

  python3 bench/choice/type-profile.py FILE.jsonl … [--rule [--reads FILE] [--fixed GROUP,T,LINK,ITEMS]]

Files later on the command line lose to earlier ones for a page (give a re-run's lines first).

Prints, per gold page type: mean P, R, F1 of the answer; pages whose loss is mostly precision or
mostly recall (F1 < 0.9, the larger of 1−P and 1−R); the gold words dropped and the extra words
kept, by class of block, with the pages each class leads on (≥ 20 words); the repeated group's
candidates beside the answer. With --rule: the rule "the classifier reads a listing or collection,
the page has a group (the largest, or the largest the answer started), the answer holds under T
times the group's words, the group's link share is at most LINK and it has ITEMS items or more:
answer ∪ group", the setting
chosen inside the folds (for each block fold k, the one that maximises the mean F1 of the other
folds' WCXB pages), with 95 % bootstrap intervals of the change, per set and per type.
"""

import json
import random
import sys

from page_lines import page_lines
from collections import defaultdict

args = sys.argv[1:]
files = [a for i, a in enumerate(args) if not a.startswith('--') and (i == 0 or args[i - 1] not in ('--reads', '--fixed'))]
lines = []
for l in page_lines(files):
    if 'group' in l:  # the first run's lines: the largest group only
        l['largest'] = dict(l.pop('group'), kept=0, linkShare=0)
    if l.get('answer') is None or l['answer'].get('special'):
        continue
    lines.append(l)

CLASSES = ['group', 'table', 'list', 'other']


def mean(xs):
    return sum(xs) / len(xs) if xs else float('nan')


def boot(deltas, n=2000, seed=1):
    rnd = random.Random(seed)
    k = len(deltas)
    if k == 0:
        return (0, 0)
    ms = sorted(sum(deltas[rnd.randrange(k)] for _ in range(k)) / k for _ in range(n))
    return (ms[int(0.025 * n)], ms[int(0.975 * n) - 1])


def typ(l):
    return l.get('pageType') or l['dataset']


if '--rule' not in sys.argv:
    by = defaultdict(list)
    for l in lines:
        by[typ(l)].append(l)
    for t, ls in sorted(by.items()):
        a = [l['answer'] for l in ls]
        lossy = [x for x in a if x['f1'] < 0.9]
        prec = sum(1 for x in lossy if 1 - x['p'] > 1 - x['r'])
        print(f"\n## {t} ({len(ls)} pages): P {mean([x['p'] for x in a]):.3f} R {mean([x['r'] for x in a]):.3f} "
              f"F1 {mean([x['f1'] for x in a]):.4f}; F1 < 0.9: {len(lossy)} pages, precision-led {prec}, recall-led {len(lossy) - prec}")
        for key, name in (('dropped', 'gold words dropped'), ('extra', 'extra words kept')):
            tot = {c: sum(l[key][c] for l in ls if key in l) for c in CLASSES}
            lead = defaultdict(int)
            for l in ls:
                if key not in l:
                    continue
                c = max(CLASSES, key=lambda c: l[key][c])
                if l[key][c] >= 20:
                    lead[c] += 1
            print(f"  {name}: " + ', '.join(f"{c} {tot[c]} ({lead[c]} pages lead)" for c in CLASSES))
        for v in ('largest', 'anchored', 'looseInGroup', 'template'):
            g = [l for l in ls if v in l]
            if g:
                print(f"  with a group ({v}): {len(g)} pages; answer {mean([l['answer']['f1'] for l in g]):.4f}, "
                      f"union {mean([l[v]['union']['f1'] for l in g if l[v]['union']]):.4f}, "
                      f"group alone {mean([l[v]['alone']['f1'] for l in g if l[v]['alone']]):.4f}")
        reads = defaultdict(int)
        for l in ls:
            reads[l.get('read')] += 1
        print('  classifier reads: ' + ', '.join(f'{k} {v}' for k, v in sorted(reads.items(), key=lambda kv: -kv[1])))
    sys.exit(0)

READS = {'listing', 'collection'}
PAGE_TYPES = ['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service']
# --reads FILE: held-out page-type probabilities for WCXB (bench/choice/page-types.ts), in place
# of the shipped classifier's in-sample reading
reads = {}
if '--reads' in sys.argv:
    probs = json.load(open(sys.argv[sys.argv.index('--reads') + 1]))
    reads = {k: PAGE_TYPES[max(range(7), key=lambda i: v[i])] for k, v in probs.items()}
for l in lines:
    if l['dataset'] == 'wcxb-dev' and l['id'] in reads:
        l['read'] = reads[l['id']]

# The rule's settings, chosen inside the folds: which group and how much of it (the largest group,
# the largest the answer started, that one where the loose mode keeps it, that one completed as the
# answer kept its items), the answer's words under T times the group's, the group's link share at most LINK.
VARIANTS = ('largest', 'anchored', 'looseInGroup', 'template')
GRID = [(v, t, k, i) for v in VARIANTS for t in (0.25, 0.5, 0.75, 1.0, 1.5) for k in (0.3, 0.5, 1.01) for i in (3, 6)]


def fires(l, setting):
    v, t, k, i = setting
    g = l.get(v)
    return (l.get('read') in READS and g is not None and g.get('union') is not None and g['items'] >= i
            and (l.get('keptWords') if l.get('keptWords') is not None else l['answerWords']) < t * g['words']
            and g['linkShare'] <= k)


def f1_under(l, setting):
    return l[setting[0]]['union']['f1'] if fires(l, setting) else l['answer']['f1']


folds = sorted({l['fold'] for l in lines if l['fold'] >= 0})
chosen = {}
for k in folds + [-1]:
    train = [l for l in lines if l['fold'] != k and l['dataset'] == 'wcxb-dev']
    chosen[k] = max(GRID, key=lambda st: (round(mean([f1_under(l, st) for l in train]), 6), -st[1]))
print('settings chosen per held-out fold (group, T, link share, items):', chosen)
if '--fixed' in sys.argv:
    v, t, k, i = sys.argv[sys.argv.index('--fixed') + 1].split(',')
    fixed = (v, float(t), float(k), int(i))
    chosen = {key: fixed for key in chosen}
    print('fixed setting:', fixed)
groups = defaultdict(list)
for l in lines:
    st = chosen.get(l['fold'], chosen[-1])
    d = f1_under(l, st) - l['answer']['f1']
    groups[l['dataset']].append((l['answer']['f1'], d, fires(l, st)))
    if l['dataset'] == 'wcxb-dev':
        groups['wcxb-dev/' + typ(l)].append((l['answer']['f1'], d, fires(l, st)))
for name, xs in sorted(groups.items()):
    ds = [d for _, d, _ in xs]
    lo, hi = boot(ds)
    up = sum(1 for d in ds if d > 0.001)
    down = sum(1 for d in ds if d < -0.001)
    print(f"{name:28s} {len(xs):5d} pages  {mean([a for a, _, _ in xs]):.4f} -> {mean([a + d for a, d, _ in xs]):.4f}  "
          f"Δ {mean(ds):+.4f} [{lo:+.4f}, {hi:+.4f}]  fired {sum(1 for *_, f in xs if f)}  up {up} down {down}")
