"""pith's bench: one Python peer (trafilatura, jusText or readability-lxml) serving pages.

    python3 peer_server.py PEER OPTIONS_JSON [VENDOR_DIR]

Started once per bench worker and peer by src/eval/peers/external.ts, which speaks this protocol
on stdin/stdout (every integer a 4-byte big-endian length):

    child -> parent, once:  frame(JSON hello: {"ready": true, "version", "versions"} or {"error"})
    parent -> child:        frame(JSON header: {"url", "deadline_ms"}) frame(UTF-8 page, decoded by pith)
    child -> parent:        frame(JSON: {"text" | "html", "metadata"?, "ms", "cpu_ms"} or {"error"})

A reader thread takes the requests off stdin; when stdin closes (the parent ended or was
terminated) the process exits at once, even in the middle of a page. A page that runs past its
`deadline_ms` ends the process (SIGALRM), whatever it is doing. Nothing is read from or
written to disk; the page never leaves memory.
"""
import json
import os
import queue
import resource
import signal
import struct
import sys
import threading
import time
import traceback

PEER = sys.argv[1] if len(sys.argv) > 1 else ''
OPTIONS = json.loads(sys.argv[2]) if len(sys.argv) > 2 else {}
if len(sys.argv) > 3 and os.path.isdir(sys.argv[3]) and sys.argv[3] not in sys.path:
    # The vendored packages of ../shared/peers/python (trafilatura, jusText…) come first.
    sys.path.insert(0, sys.argv[3])

OUT = sys.stdout.buffer
IN = sys.stdin.buffer


def send(value):
    payload = json.dumps(value, ensure_ascii=True).encode('ascii')
    OUT.write(struct.pack('>I', len(payload)) + payload)
    OUT.flush()


def read_exact(n):
    chunks = []
    while n > 0:
        chunk = IN.read(n)
        if not chunk:
            return None
        chunks.append(chunk)
        n -= len(chunk)
    return b''.join(chunks)


def read_frame():
    head = read_exact(4)
    if head is None:
        return None
    return read_exact(struct.unpack('>I', head)[0])


def dist_version(name):
    from importlib import metadata
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return 'unknown'


def runtime_versions(*names):
    import lxml
    versions = {'python': sys.version.split()[0], 'lxml': lxml.__version__}
    for name in names:
        versions[name] = dist_version(name)
    return versions


def make_trafilatura():
    from trafilatura.core import bare_extraction, determine_returnstring
    from trafilatura.settings import Extractor

    with_metadata = OPTIONS.get('metadata', True) is not False

    def run(html, url):
        # What trafilatura.extract(html, output_format='txt', include_comments=False,
        # include_tables=True) does, with its metadata read in the same pass (same text:
        # checked in test/eval/peers-external.test.ts).
        options = Extractor(output_format='txt', comments=False, tables=True,
                            with_metadata=with_metadata, url=url or None)
        document = bare_extraction(html, url=url or None, options=options)
        if document is None:
            return {'text': ''}
        options.with_metadata = False  # the text without trafilatura's YAML header
        out = {'text': determine_returnstring(document, options) or ''}
        if with_metadata:
            out['metadata'] = {
                'title': document.title,
                'author': document.author,
                'date': document.date,
                'sitename': document.sitename,
                'description': document.description,
            }
        return out

    if with_metadata:
        # htmldate's fallback, dateparser, compiles its locales' patterns on first use: seconds of
        # CPU on the first page that reaches it. Paid here, once per process, as a JIT warm-up is.
        from htmldate.extractors import external_date_parser
        for sample in WARM_UP_DATES:
            external_date_parser(sample, '%Y-%m-%d')
    return run, dist_version('trafilatura'), runtime_versions('trafilatura', 'htmldate', 'courlan')


WARM_UP_DATES = (
    'Weather forecast: fog, next game vs Hawaii',
    '11-17 0-0 22;',
    'Totals 23-51 4-9 51.',
    'Team name.......... 19 32 - 51',
    'Posted 3 hours ago by the editor',
    '12 mars 2019 à 10h',
    'Updated: Tuesday, 19 Jan 2010 7:00 PM',
)


def make_justext():
    import justext

    stoplist = justext.get_stoplist(OPTIONS.get('language', 'English'))

    def run(html, url):
        paragraphs = justext.justext(html, stoplist)
        return {'text': '\n'.join(p.text for p in paragraphs if not p.is_boilerplate)}

    return run, dist_version('jusText'), runtime_versions('jusText')


def make_readability_lxml():
    from readability import Document

    def run(html, url):
        # summary() is the article as HTML; its text is taken by pith's parser, as for the
        # JS peers that return HTML.
        return {'html': Document(html, url=url or None).summary()}

    return run, dist_version('readability-lxml'), runtime_versions('readability-lxml')


FACTORIES = {
    'trafilatura': make_trafilatura,
    'justext': make_justext,
    'readability-lxml': make_readability_lxml,
}


def main():
    limit_mb = int(OPTIONS.get('memory_mb', 4096))
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit_mb << 20, limit_mb << 20))
    except (ValueError, OSError):
        pass  # a lower hard limit is already in place
    try:
        run, version, versions = FACTORIES[PEER]()
    except KeyError:
        send({'error': f'unknown peer {PEER!r} (choose from {", ".join(FACTORIES)})'})
        return
    except Exception as error:  # noqa: BLE001 - the parent reports it and skips the peer
        send({'error': f'{type(error).__name__}: {error}'})
        return
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
    send({'ready': True, 'version': version, 'versions': versions})

    requests = queue.Queue()

    def reader():
        while True:
            header = read_frame()
            body = read_frame() if header is not None else None
            if body is None:
                os._exit(0)  # the parent is gone: stop now, even mid-page
            requests.put((json.loads(header), body))

    threading.Thread(target=reader, daemon=True).start()
    while True:
        header, body = requests.get()
        html = body.decode('utf-8', 'replace')
        # A last bound that needs no Python code to run (a page stuck in C code holding the GIL
        # would starve the reader thread): SIGALRM's default action ends the process.
        deadline_s = float(header.get('deadline_ms') or 0) / 1000
        if deadline_s > 0:
            signal.setitimer(signal.ITIMER_REAL, deadline_s)
        wall0, cpu0 = time.perf_counter(), time.thread_time()
        try:
            out = run(html, header.get('url') or '')
        except MemoryError:
            out = {'error': 'MemoryError: over the peer\'s memory limit'}
        except Exception as error:  # noqa: BLE001 - one page fails alone
            last = traceback.extract_tb(error.__traceback__)[-1:]
            where = f' at {os.path.basename(last[0].filename)}:{last[0].lineno}' if last else ''
            out = {'error': f'{type(error).__name__}: {error}{where}'[:500]}
        signal.setitimer(signal.ITIMER_REAL, 0)
        out['ms'] = (time.perf_counter() - wall0) * 1000
        out['cpu_ms'] = (time.thread_time() - cpu0) * 1000
        send(out)


if __name__ == '__main__':
    main()
