"""What the listing-gate searches share: feature cut points, a gate's conditions, means and a bootstrap interval."""
import random


def quantiles(values, qs=(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)):
    v = sorted(values)
    return sorted({v[min(len(v) - 1, int(q * len(v)))] for q in qs})


def holds(l, cond):
    f, op, t = cond
    x = l['features'][f]
    return x >= t if op == '>=' else x <= t


def mean(xs):
    return sum(xs) / len(xs) if xs else float('nan')


def boot(ds, n=2000, seed=1):
    """The 95 % bootstrap interval of the mean of ds."""
    rnd = random.Random(seed)
    k = len(ds)
    ms = sorted(sum(ds[rnd.randrange(k)] for _ in range(k)) / k for _ in range(n))
    return ms[int(0.025 * n)], ms[int(0.975 * n) - 1]


PAGE_TYPES = ['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service']
READS = {'listing', 'collection'}


def gate_lines(files, held):
    """The lines with an answer, WCXB's probabilities taken from `held` (the held-out page types), and the
    page-type probabilities copied into the features; `reads`: the page reads as a listing or collection."""
    from page_lines import page_lines

    lines = []
    for l in page_lines(files):
        if l.get('answer') is None or l['answer'].get('special'):
            continue
        if l['dataset'] == 'wcxb-dev' and l['id'] in held and 'probabilities' in l:
            l['probabilities'] = dict(zip(PAGE_TYPES, held[l['id']]))
        if 'probabilities' in l:
            probs = l['probabilities']
            l['features']['listingProbability'] = probs['listing']
            l['features']['collectionProbability'] = probs['collection']
            l['features']['articleProbability'] = probs['article']
            l['reads'] = max(PAGE_TYPES, key=lambda t: probs[t]) in READS
        lines.append(l)
    return lines
