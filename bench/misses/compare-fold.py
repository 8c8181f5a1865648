# usage: python3 bench/misses/compare-fold.py BASE.jsonl NEW.jsonl  (two runs of bench/misses/score-fold.ts)
# Per set: pages scored in both, mean primary F1 before and after, pages up / down; trafilatura-eval's
# primary is the snippet F1 over the summed counts. A paired bootstrap (1,000 resamples of the pages, seed 1)
# gives the 95 % interval of the difference.
import json, random, sys, collections
def load(p):
    d = {}
    for l in open(p):
        try: r = json.loads(l)
        except Exception: continue
        d[(r['set'], r['id'])] = r
    return d
b, n = load(sys.argv[1]), load(sys.argv[2])
by = collections.defaultdict(list)
for k in sorted(b.keys() & n.keys()): by[k[0]].append((b[k], n[k]))
def snip_f1(rows):
    t = [0, 0, 0]
    for r in rows:
        s = r['snippets']
        if s: t[0] += s['tp']; t[1] += s['fp']; t[2] += s['fn']
    p = t[0] / max(1, t[0] + t[1]); rc = t[0] / max(1, t[0] + t[2])
    return 2 * p * rc / max(1e-12, p + rc)
def stat(rows, which):
    if rows and rows[0][0]['set'] == 'trafilatura-eval': return snip_f1([r[which] for r in rows])
    v = [r[which]['f1'] for r in rows if r[0]['f1'] is not None and r[1]['f1'] is not None]
    return sum(v) / max(1, len(v))
rng = random.Random(1)
print('set | pages | before | after | delta [95% paired bootstrap] | pages up / down')
for s, rows in by.items():
    before, after = stat(rows, 0), stat(rows, 1)
    deltas = []
    for _ in range(1000):
        sample = [rows[rng.randrange(len(rows))] for _ in rows]
        deltas.append(stat(sample, 1) - stat(sample, 0))
    deltas.sort()
    up = sum(1 for x, y in rows if x['f1'] is not None and y['f1'] is not None and y['f1'] > x['f1'] + 1e-9)
    down = sum(1 for x, y in rows if x['f1'] is not None and y['f1'] is not None and y['f1'] < x['f1'] - 1e-9)
    if s == 'trafilatura-eval':
        up = sum(1 for x, y in rows if x['snippets'] and y['snippets'] and y['snippets']['tp'] - y['snippets']['fp'] > x['snippets']['tp'] - x['snippets']['fp'])
        down = sum(1 for x, y in rows if x['snippets'] and y['snippets'] and y['snippets']['tp'] - y['snippets']['fp'] < x['snippets']['tp'] - x['snippets']['fp'])
    print(f"{s} | {len(rows)} | {before:.4f} | {after:.4f} | {after - before:+.4f} [{deltas[25]:+.4f}, {deltas[974]:+.4f}] | {up} / {down}")
