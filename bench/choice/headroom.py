"""The headroom table on main's code (issue 37, item 5) from bench/choice/headroom.ts's page lines.

Per dev set: default (the block model's answer alone), choice (main as shipped), oracle (per page the
best of the candidates main computes: buildCandidates' eleven, the shipped answer and the default),
the share of the gap the choice captures, (choice - default) / (oracle - default), with a 95 %
bootstrap interval over pages (paired: one resample of pages for all three columns), pages the choice
moved up / down against the default, body missed (recall < 0.2, gold 50+ words) per column, the share
of the oracle gap on body-missed pages, and the ten pages of largest gap (oracle - choice) per set.

  python3 bench/choice/headroom.py .cache/headroom/pages-*.jsonl [--base /work/base/s16-final/results.json]
"""
import json, random, sys, collections

args = [a for a in sys.argv[1:] if not a.startswith('--')]
base_file = None
if '--base' in sys.argv:
    base_file = sys.argv[sys.argv.index('--base') + 1]
    args = [a for a in args if a != base_file]
SETS = ['wcxb-dev', 'l3s-gn1', 'cleaneval', 'cleanportaleval', 'readability-testpages', 'trafilatura-eval', 'newspaper-fulltext']
CANDS = ['balanced', 'precision', 'recall', 'strict', 'loose', 'raw', 'main-run', 'heuristic', 'union', 'structured', 'paragraphs']
lines, seen = [], set()
for f in args:
    for t in open(f):
        if not t.strip(): continue
        l = json.loads(t)
        k = (l['dataset'], l['id'])
        if k in seen: continue
        seen.add(k); lines.append(l)

def f1(l, name):
    s = l['scores'].get(name)
    return None if s is None else s['f1']

def oracle(l, names):
    best, who = -1.0, None
    for n in names:
        v = f1(l, n)
        if v is not None and v > best + 1e-12: best, who = v, n
    return best, who

def missed(l, name):
    s = l['scores'].get(name)
    return s is not None and l['goldWords'] >= 50 and s['r'] < 0.2

R = 2000
out = []
work = {}
print('| dev set (pages) | default: block model alone | choice: main as shipped | oracle of the candidates (+ choice) | oracle of buildCandidates alone | choice − default [95 %] | share of the gap [95 %] | pages up / down | body missed default / choice / oracle | gap on body-missed pages |')
print('|---|---|---|---|---|---|---|---|---|---|')
for ds in SETS:
    rows = [l for l in lines if l['dataset'] == ds and f1(l, 'default') is not None and f1(l, 'choice') is not None]
    if not rows: continue
    n = len(rows)
    d = [f1(l, 'default') for l in rows]
    c = [f1(l, 'choice') for l in rows]
    o = [oracle(l, CANDS + ['choice', 'default'])[0] for l in rows]
    ob = [oracle(l, CANDS)[0] for l in rows]
    mean = lambda xs: sum(xs) / len(xs)
    random.seed(1)
    shares, diffs, md, mc, mo = [], [], [], [], []
    for _ in range(R):
        idx = [random.randrange(n) for _ in range(n)]
        sd = sum(d[i] for i in idx); sc = sum(c[i] for i in idx); so = sum(o[i] for i in idx)
        md.append(sd / n); mc.append(sc / n); mo.append(so / n)
        diffs.append((sc - sd) / n)
        if so - sd > 1e-12: shares.append((sc - sd) / (so - sd))
    q = lambda xs: (sorted(xs)[int(0.025 * len(xs))], sorted(xs)[int(0.975 * len(xs)) - 1])
    gap = mean(o) - mean(d)
    share = (mean(c) - mean(d)) / gap if gap > 1e-12 else float('nan')
    up = sum(1 for x, y in zip(d, c) if y > x + 1e-9); down = sum(1 for x, y in zip(d, c) if y < x - 1e-9)
    bm = [sum(1 for l in rows if missed(l, col)) for col in ('default', 'choice')]
    bo = sum(1 for l in rows if l['goldWords'] >= 50 and all((l['scores'].get(nm) or {'r': 1})['r'] < 0.2 for nm in CANDS + ['choice'] if l['scores'].get(nm)))
    # share of the oracle-choice gap on pages where the choice missed the body
    gaps = [oo - cc for oo, cc in zip(o, c)]
    gap_missed = sum(g for g, l in zip(gaps, rows) if missed(l, 'choice'))
    tot = sum(gaps)
    lo, hi = q(shares) if shares else (float('nan'), float('nan'))
    dl, dh = q(diffs)
    fmtci = lambda v, xs: f"{v:.4f} [{q(xs)[0]:.3f}, {q(xs)[1]:.3f}]"
    print(f"| {ds} ({n}) | {fmtci(mean(d), md)} | {fmtci(mean(c), mc)} | {fmtci(mean(o), mo)} | {mean(ob):.4f} | {mean(c)-mean(d):+.4f} [{dl:+.4f}, {dh:+.4f}] | {share:.2f} [{lo:.2f}, {hi:.2f}] | {up} / {down} | {bm[0]} / {bm[1]} / {bo} | {gap_missed/tot if tot else 0:.2f} ({gap_missed/n:.4f} of {tot/n:.4f}) |")
    work[ds] = sorted(((oo - cc, l) for oo, cc, l in zip(o, c, rows)), key=lambda x: -x[0])

# The bench's conventions, to set beside benchmarks.md and 0.3.7's figures: word-sequence pages whose score
# is one of seed 002's special cases left out of that column's mean; trafilatura-eval's F1 of summed snippets.
print('\nBench conventions (special cases left out per column; trafilatura-eval: summed snippet counts):')
for ds in SETS:
    rows = [l for l in lines if l['dataset'] == ds and f1(l, 'default') is not None and f1(l, 'choice') is not None]
    if not rows: continue
    def bench_mean(pick):
        if ds == 'trafilatura-eval':
            tp = fp = fn = 0
            for l in rows:
                s = pick(l); tp += s['tp']; fp += s['fp']; fn += s['fn']
            return f"{2*tp/(2*tp+fp+fn):.4f} ({tp}/{fp}/{fn})"
        vals = [pick(l) for l in rows]
        vals = [v['f1'] for v in vals if not v.get('special')]
        return f"{sum(vals)/len(vals):.4f} (n {len(vals)})"
    best = lambda l: l['scores'][oracle(l, CANDS + ['choice', 'default'])[1]]
    print(f"  {ds}: default {bench_mean(lambda l: l['scores']['default'])}, choice {bench_mean(lambda l: l['scores']['choice'])}, oracle {bench_mean(best)}")

print('\nWCXB by page type (gold types): n, default, choice, oracle, share')
wrows = [l for l in lines if l['dataset'] == 'wcxb-dev' and f1(l, 'default') is not None and f1(l, 'choice') is not None]
for t in sorted({l['goldType'] for l in wrows}, key=str):
    rs = [l for l in wrows if l['goldType'] == t]
    d = sum(f1(l, 'default') for l in rs) / len(rs); c = sum(f1(l, 'choice') for l in rs) / len(rs)
    o = sum(oracle(l, CANDS + ['choice', 'default'])[0] for l in rs) / len(rs)
    print(f"  | {t} | {len(rs)} | {d:.4f} | {c:.4f} | {o:.4f} | {(c-d)/(o-d) if o-d>1e-12 else float('nan'):.2f} |")

# which candidate holds the oracle, per set (ties: the first in list order, choice last)
print('\nOracle holder where oracle > choice (pages), per set:')
for ds, items in work.items():
    cnt = collections.Counter(oracle(l, CANDS)[1] for g, l in items if g > 1e-9)
    print(f"  {ds}: {sum(cnt.values())} pages: " + ', '.join(f"{k} {v}" for k, v in cnt.most_common()))

print('\nWhat the choice steps did (pages), per set:')
for ds in SETS:
    rows = [l for l in lines if l['dataset'] == ds]
    if not rows: continue
    g = collections.Counter((l['guard'] or {}).get('answer') for l in rows if l['guard'])
    li = sum(1 for l in rows if l['listing']); sr = sum(1 for l in rows if l['screenReaderText'])
    fb = sum(1 for l in rows if l['decidedBy'] == 'fallback')
    bal = sum(1 for l in rows if l['scores'].get('balanced') and l['scores']['default'] and abs(l['scores']['balanced']['f1'] - l['scores']['default']['f1']) > 1e-9)
    print(f"  {ds}: guard {dict(g)}, listing {li}, screen-reader {sr}, fallback {fb}; balanced candidate != default on {bal} pages")

print('\nThe worklist: ten pages per set with the largest gap (oracle − choice)')
for ds, items in work.items():
    print(f"\n#### {ds}\n\n| page | type | choice (step) | oracle | gap | oracle held by (every candidate at it) | choice recall | gold words | body missed |\n|---|---|---|---|---|---|---|---|---|")
    for g, l in items[:10]:
        if g <= 1e-9: break
        v, who = oracle(l, CANDS + ['choice'])
        typ = l['goldType'] or f"{l['pageType']} (predicted)"
        step = 'guard:' + l['guard']['answer'] if l['guard'] else ('listing' if l['listing'] else '')
        holders = [nm for nm in CANDS if f1(l, nm) is not None and f1(l, nm) >= v - 1e-9]
        who = ', '.join(holders[:3]) + (f' (+{len(holders) - 3})' if len(holders) > 3 else '')
        print(f"| {l['id']} | {typ} | {f1(l,'choice'):.3f}{' ('+step+')' if step else ''} | {v:.3f} | {g:.3f} | {who} | {l['scores']['choice']['r']:.2f} | {l['goldWords'] if l['metric'] != 'snippets' else 'snippets'} | {'yes' if missed(l,'choice') else ''} |")

if base_file:
    print('\nAgreement of the choice column with the base run (per page F1, primary metric):')
    PRIMARY = {'wcxb-dev': 'bagOfWords', 'trafilatura-eval': 'snippets', 'newspaper-fulltext': 'shingles'}
    b = json.load(open(base_file))
    ref = {}
    for r in b['pages']:
        held = r['extractor'].startswith('pith (held out')
        if r['dataset'] in ('trafilatura-eval', 'newspaper-fulltext'):
            if r['extractor'] != 'pith': continue
        elif not held: continue
        s = r['scores'].get(PRIMARY.get(r['dataset'], 'wordSequence'))
        if not s: continue
        if 'f1' in s and not isinstance(s['f1'], str): ref[(r['dataset'], r['id'])] = s['f1']
        elif 'tp' in s:
            den = 2 * s['tp'] + s['fp'] + s['fn']; ref[(r['dataset'], r['id'])] = 2 * s['tp'] / den if den else None
    for ds in SETS:
        rows = [l for l in lines if l['dataset'] == ds and (ds, l['id']) in ref and ref[(ds, l['id'])] is not None and f1(l, 'choice') is not None]
        if not rows: continue
        diff = [l for l in rows if abs(f1(l, 'choice') - ref[(ds, l['id'])]) > 2e-4]
        print(f"  {ds}: {len(rows)} pages, {len(diff)} differ; base mean {sum(ref[(ds,l['id'])] for l in rows)/len(rows):.4f}, here {sum(f1(l,'choice') for l in rows)/len(rows):.4f}" + (f"; e.g. {[(l['id'], f1(l,'choice'), round(ref[(ds,l['id'])],4)) for l in diff[:3]]}" if diff else ''))

# Where the headroom is: the oracle of the block model's thresholds alone, and what each candidate adds
# (the oracle without it, choice and default kept).
print('\nOracle of the block-model thresholds alone (balanced, precision, recall, strict, loose) and the oracle without each candidate:')
THRESH = ['balanced', 'precision', 'recall', 'strict', 'loose']
ALL = CANDS + ['choice', 'default']
for ds in SETS:
    rows = [l for l in lines if l['dataset'] == ds and f1(l, 'default') is not None and f1(l, 'choice') is not None]
    if not rows: continue
    m = lambda names: sum(oracle(l, names)[0] for l in rows) / len(rows)
    full = m(ALL)
    drops = ', '.join(f"{c} {m([x for x in ALL if x != c]) - full:+.4f}" for c in CANDS if c != 'balanced')
    print(f"  {ds}: thresholds {m(THRESH):.4f}, thresholds + choice {m(THRESH + ['choice']):.4f}, all {full:.4f}; without: {drops}")
