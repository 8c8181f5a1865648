# Compares two runs of bench/misses/score-held.ts (base: .cache/s37/held-base.jsonl, branch: .cache/s37/held-new-final.jsonl)
# over the affected pages (/tmp/s37-affected.tsv from bench/misses/affected.ts); paths as used on 2026-11-29.
import json, collections, sys
def load(p):
    d={}
    for l in open(p):
        try: r=json.loads(l)
        except Exception: continue
        d[(r['set'],r['id'])]=r
    return d
why={tuple(l.split('\t')[:2]):l.rstrip('\n').split('\t')[2] for l in open('/tmp/s37-affected.tsv')}
b=load('.cache/s37/held-base.jsonl'); n=load('.cache/s37/held-new-final.jsonl')
# pages scored held out per training set (folds 1-4), and dev pages of the article sets
N=collections.Counter(l.split('\t')[0] for l in open('.cache/s37/held-out-partial.json.pages.tsv'))
N['trafilatura-eval']=771; N['newspaper-fulltext']=80
res=json.load(open('.cache/s37/bench/base-articles/results.json'))
agg=collections.defaultdict(lambda: [0,0.0,0,0,[0,0,0,0],0.0])
changes=[]
for k in b.keys() & n.keys():
    s=k[0]; a=agg[s]; a[0]+=1
    if b[k]['f1'] is not None and n[k]['f1'] is not None:
        d=n[k]['f1']-b[k]['f1']; a[1]+=d; w=4 if why[k]=='cue' else 1; a[5]+=w*d
        if abs(d)>1e-9: changes.append((d,k,why[k]))
        if d>1e-9: a[2]+=1
        elif d<-1e-9: a[3]+=1
    if b[k]['snippets'] and n[k]['snippets'] and s=='trafilatura-eval':
        bs,ns=b[k]['snippets'],n[k]['snippets']
        for i,key in enumerate(['tp','fp','fn','tn']):
            a[4][i]+=(4 if why[k]=='cue' else 1)*(ns[key]-bs[key])
print('set | affected pages scored (both runs) | pages up / down | sum of delta F1 (sampled pages) | estimated delta on the set (cue-only pages weighted 4, / N)')
for s,a in sorted(agg.items()):
    print(f"{s} | {a[0]} | {a[2]} / {a[3]} | {a[1]:+.4f} | {a[5]/N[s]:+.5f} (N={N[s]}) | snippet count deltas {a[4]}")

T=[0,0,0,0]
for p in res['pages'] if 'pages' in res else []:
    pass

pages=[x for x in json.load(open('.cache/s37/bench/base-articles/results.json'))['pages'] if x['dataset']=='trafilatura-eval' and not x['failed']]
for x in pages:
    for i,key in enumerate(['tp','fp','fn','tn']): T[i]+=x['scores']['snippets'][key]
def f1(t):
    tp,fp,fn,tn=t; p=tp/(tp+fp); r=tp/(tp+fn); return 2*p*r/(p+r)
d=agg['trafilatura-eval'][4]
print('trafilatura-eval snippets F1 (base run, all dev pages):', round(f1(T),4), '-> with the deltas:', round(f1([T[i]+d[i] for i in range(4)]),4), 'counts', T, d)

changes.sort()
print('largest losses', [(round(d,3),k,w) for d,k,w in changes[:6]])
print('largest gains', [(round(d,3),k,w) for d,k,w in changes[-6:]])
