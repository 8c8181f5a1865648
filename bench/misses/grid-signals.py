"""Does the page say its grid is its subject? The listing profile's gains and losses by page signal (issue 37, s37-wcxb5).

  python3 bench/misses/grid-signals.py LINES.jsonl [--data DIR] [--band X] [-v]

LINES: the JSON lines of `bench/misses/missed-pages.ts` over WCXB dev pages (each line: the answer's
and every candidate's words and F1, the listing profile's group where it answered). On the pages
where the profile answered, the change it made is the answer's F1 less the model's own answer's
('balanced', the answer before the profile joins the group). Each page's HTML is scanned for four
signals that a page's grid is its subject (session 16's lead): a result count ("Showing 1-24 of
310", "310 results"), a sort control ("Sort by", orderby), pagination (rel="next", a pagination
class, WordPress's page-numbers) and filter facets (a facet or filter class). For the pages the
profile took up and those it took down by more than --band (0.02), the share carrying each signal:
a signal that told the grid-as-subject pages apart would be common on the ups and rare on the downs.
"""

import gzip
import json
import re
import sys

args = sys.argv[1:]
data = args[args.index('--data') + 1] if '--data' in args else '.cache/datasets/wcxb-dev/dev'
band = float(args[args.index('--band') + 1]) if '--band' in args else 0.02
files = [a for i, a in enumerate(args) if not a.startswith('-') and (i == 0 or args[i - 1] not in ('--data', '--band'))]

SIGNALS = {
    'count': re.compile(
        r'(showing|displaying|viewing)\s+\d+\s*(-|–|to)\s*\d+\s+of\s+\d+'
        r'|\b\d[\d,]*\s+(results|items|products|jobs|listings|properties|matches)\b',
        re.I,
    ),
    'sort': re.compile(r'sort\s*by|sort-by|sortby|orderby|order-by', re.I),
    'pagination': re.compile(r'rel="next"|class="[^"]*paginat|aria-label="pagination|page-numbers', re.I),
    'facets': re.compile(r'class="[^"]*(facet|filter)', re.I),
}

rows = []
for name in files:
    for line in open(name):
        page = json.loads(line)
        if 'listing' not in page or page.get('goldWords', 0) < 20:
            continue
        scores = page['scores']
        change = scores['answer']['f1'] - scores['balanced']['f1']
        html = gzip.open(f"{data}/html/{page['id']}.html.gz", 'rt', errors='ignore').read()
        found = {key: len(pattern.findall(html)) > 0 for key, pattern in SIGNALS.items()}
        rows.append((change, page['id'], found))

ups = [row for row in rows if row[0] > band]
downs = [row for row in rows if row[0] < -band]
print(f'pages where the profile answered: {len(rows)}; up > {band}: {len(ups)}; down: {len(downs)}')


def share(group, test):
    hits = sum(1 for row in group if test(row[2]))
    return f'{hits}/{len(group)} ({100 * hits / max(1, len(group)):.0f} %)'


tests = {key: (lambda found, key=key: found[key]) for key in SIGNALS}
tests['two or more'] = lambda found: sum(found.values()) >= 2
tests['none'] = lambda found: not any(found.values())
for key, test in tests.items():
    print(f'{key:12s} up {share(ups, test):14s} down {share(downs, test)}')
if '-v' in args:
    for change, pid, found in sorted(rows):
        print(f'{change:+.3f} {pid}', ' '.join(key for key, hit in found.items() if hit))
