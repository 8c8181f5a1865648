/**
 * An archive read on its own thread (a queue job's): the same items as read here, bodies whole;
 * a file that is no archive fails with its code; a run that stops early ends the thread.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { archiveSource, archiveSourceInThread, type SourceItem } from '@pith/crawl/batch';
import { compress, pageRecords, warcinfo } from '../../bench/warc/archive.js';

const settings = {} as never;
const options = { settings, maxRecordBytes: 32 * 1024 * 1024 };

/** An item as a comparable line: kind, position, URL and the body's bytes. */
function line(item: SourceItem): string {
  const where = `${item.input} ${item.position.offset}+${item.position.skip} ${item.bytesRead}`;
  if (item.kind !== 'page') return `${item.kind} ${where}`;
  return `page ${where} ${item.fields.url} ${Buffer.from(item.task.body).toString('base64')}`;
}

async function all(items: AsyncIterable<SourceItem>): Promise<string[]> {
  const lines: string[] = [];
  for await (const item of items) lines.push(line(item));
  return lines;
}

function archive(pages: number): string {
  const records: Buffer[] = [warcinfo('thread test')];
  for (let index = 0; index < pages; index++) {
    const html = `<html><body><h1>Page ${index}</h1><p>${'word '.repeat(200 + index)}</p></body></html>`;
    records.push(...pageRecords(`https://example.com/${index}`, Buffer.from(html)));
  }
  const file = join(mkdtempSync(join(tmpdir(), 'pith-archive-thread-')), 'pages.warc.gz');
  writeFileSync(file, Buffer.concat(compress(records, 'record')));
  return file;
}

describe('archiveSourceInThread', () => {
  test('the items of archiveSource, in order, from the start and from a resume point', async () => {
    // 70 pages: several batches of the thread (16 items each), so the credit is spent and renewed.
    const file = archive(70);
    const here = await all(archiveSource([file], options)(null));
    assert.ok(here.filter((each) => each.startsWith('page')).length === 70);
    assert.deepEqual(await all(archiveSourceInThread([file], options)(null)), here);
    // From the 30th item's position: the rest, as read here.
    const items: SourceItem[] = [];
    for await (const item of archiveSource([file], options)(null)) items.push(item);
    const from = { input: 0, position: items[30].position, seq: 0 } as never;
    assert.deepEqual(
      await all(archiveSourceInThread([file], options)(from)),
      await all(archiveSource([file], options)(from)),
    );
  });

  test('a file that is no archive: CORRUPT_INPUT, as read here', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pith-archive-thread-')), 'notes.txt');
    writeFileSync(file, 'not an archive\n'.repeat(100));
    await assert.rejects(all(archiveSourceInThread([file], options)(null)), { code: 'CORRUPT_INPUT' });
  });

  test('a run that stops reading early ends the thread (the generator returns)', async () => {
    const file = archive(70);
    let read = 0;
    for await (const _item of archiveSourceInThread([file], options)(null)) if (++read === 5) break;
    assert.equal(read, 5);
  });
});
