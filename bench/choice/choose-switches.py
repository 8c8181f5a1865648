"""What a chooser run (bench/choice/choose.ts --out FILE) switched to, by set and direction: per set,
the pages given a looser candidate (more words than the shipped answer) or a tighter one, and their
summed F1 change against the shipped answer (the headroom lines' scores).

    python3 bench/choice/choose-switches.py --headroom H0 --headroom H1 RUN.json [RUN.json …]
"""
import argparse
import json
from collections import defaultdict

parser = argparse.ArgumentParser()
parser.add_argument('--headroom', action='append', required=True)
parser.add_argument('runs', nargs='+')
args = parser.parse_args()
heads = {}
for file in args.headroom:
    for line in open(file):
        if line.strip():
            head = json.loads(line)
            heads.setdefault(f"{head['dataset']}/{head['id']}", head)


def f1(head, name):
    score = head['scores'].get(name)
    return score['f1'] if score else 0


for run in args.runs:
    chosen = json.load(open(run))['pages']
    sums = defaultdict(lambda: [0, 0.0])
    for key, name in chosen.items():
        if name == 'choice':
            continue
        head = heads[key]
        words = head['words']
        looser = words.get(name, 0) > words.get('choice', 0)
        direction = 'looser' if looser else 'tighter or same'
        cell = sums[(key.split('/')[0], direction)]
        cell[0] += 1
        cell[1] += f1(head, name) - f1(head, 'choice')
    print(run)
    for (dataset, direction), (count, gain) in sorted(sums.items()):
        print(f'  {dataset:24} {direction:16} {count:4} pages  ΣΔF1 {gain:+.2f}')
