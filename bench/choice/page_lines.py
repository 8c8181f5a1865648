"""The page lines of bench/choice's per-page runs (JSON Lines, one page a line), each page once."""
import json


def page_lines(files):
    """Each (dataset, id) once, the first line seen winning (a resumed run may repeat a page)."""
    seen = set()
    for f in files:
        for t in open(f):
            if not t.strip():
                continue
            line = json.loads(t)
            key = (line['dataset'], line['id'])
            if key in seen:
                continue
            seen.add(key)
            yield line
