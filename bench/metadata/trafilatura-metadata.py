"""trafilatura's metadata of every WCXB page, one JSON line each (what `pith bench --peer trafilatura`
reads, src/eval/peers/programs/peer_server.py: bare_extraction with its metadata), without the bench's
per-page round trips, which a loaded machine could not finish (docs/benchmarks-journal.md, issue 42).
The pages go in a seeded random order, so that a run stopped early is a sample of every page type.

    PYTHONPATH=../shared/peers/python nice -n 10 /usr/bin/python3 bench/metadata/trafilatura-metadata.py \
        .cache/datasets/wcxb-dev/dev > OUT.jsonl
"""
import gzip
import json
import os
import random
import sys

from trafilatura.core import bare_extraction
from trafilatura.settings import Extractor


def main(root):
    truth_dir = os.path.join(root, 'ground-truth')
    names = sorted(os.listdir(truth_dir))
    random.Random(42).shuffle(names)
    for name in names:
        page_id = name[:-len('.json')]
        with open(os.path.join(truth_dir, name), encoding='utf-8') as f:
            url = json.load(f).get('url')
        path = os.path.join(root, 'html', page_id + '.html')
        opener = gzip.open if os.path.exists(path + '.gz') else open
        with opener(path + '.gz' if opener is gzip.open else path, 'rb') as f:
            html = f.read()
        options = Extractor(output_format='txt', comments=False, tables=True, with_metadata=True, url=url or None)
        try:
            document = bare_extraction(html, url=url or None, options=options)
        except Exception as error:  # a page trafilatura fails on has no metadata
            document = None
            print(f'{page_id}: {error}', file=sys.stderr)
        metadata = {} if document is None else {
            'title': document.title, 'author': document.author, 'date': document.date,
        }
        print(json.dumps({'id': page_id, 'url': url, 'metadata': metadata}), flush=True)


if __name__ == '__main__':
    main(sys.argv[1])
