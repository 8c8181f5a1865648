import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ThreadPool, threadExecArgv } from '../../packages/tools/src/thread-pool.js';
import type { Answer, Task } from './fixtures/thread-task.js';

const TASKS = new URL('./fixtures/thread-task.ts', import.meta.url);
/** A hung test fails on its own instead of hanging the run. */
const BOUNDED = { timeout: 60_000 };

function newPool(options: { threads?: number; queue?: number; warm?: boolean } = {}) {
  return new ThreadPool<Task, Answer>({ module: TASKS, threads: 1, data: { label: 'set up' }, ...options });
}

/** The promise's value, or 'never' if it takes past `ms` (a hung pool fails its test, then closes). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'never'> {
  let timer: NodeJS.Timeout | undefined;
  const never = new Promise<'never'>((resolve) => {
    timer = setTimeout(() => resolve('never'), ms);
  });
  try {
    return await Promise.race([promise, never]);
  } finally {
    clearTimeout(timer);
  }
}

function held(): { flag: Int32Array; release: () => void } {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  return {
    flag,
    release: () => {
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
    },
  };
}

describe('ThreadPool', () => {
  test(
    'a task past its timeout has its thread killed; the next task runs on a fresh thread',
    BOUNDED,
    async () => {
      const pool = newPool();
      try {
        const before = await pool.run({ kind: 'whoami' });
        assert.equal(before.kind, 'done');
        const hung = await within(pool.run({ kind: 'hang' }, { timeoutMs: 300 }), 30_000);
        assert.equal(hung !== 'never' && hung.kind, 'timeout');
        const after = await pool.run({ kind: 'whoami' });
        assert.equal(after.kind, 'done');
        if (before.kind !== 'done' || after.kind !== 'done') return;
        assert.notEqual(after.value.threadId, before.value.threadId, 'a fresh thread');
        assert.deepEqual(after.value.data, { label: 'set up' }, "the fresh thread ran the module's setup");
        assert.equal(pool.timeouts, 1);
        assert.equal(pool.replacements, 1);
        assert.equal(pool.threads, 1);
      } finally {
        await pool.close();
      }
    },
  );

  test(
    'a task that kills its thread fails alone (died); one that throws keeps its thread (failed)',
    BOUNDED,
    async () => {
      const pool = newPool();
      try {
        const first = await pool.run({ kind: 'whoami' });
        const crashed = await pool.run({ kind: 'crash' });
        assert.equal(crashed.kind, 'died');
        const threw = await pool.run({ kind: 'throw' });
        assert.deepEqual(threw.kind === 'failed' && threw.message, 'the task threw');
        const after = await pool.run({ kind: 'whoami' });
        assert.ok(first.kind === 'done' && after.kind === 'done');
        assert.notEqual(after.value.threadId, first.value.threadId);
        assert.equal(pool.replacements, 1, 'the throw cost no thread');
      } finally {
        await pool.close();
      }
    },
  );

  test(
    'the queue bound: one task past threads + queue is refused at once (overloaded), the others run',
    BOUNDED,
    async () => {
      const pool = newPool({ threads: 1, queue: 1 });
      const { flag, release } = held();
      try {
        const running = pool.run({ kind: 'hold', flag });
        const waiting = pool.run({ kind: 'whoami' });
        assert.equal(pool.full, true);
        assert.deepEqual(await within(pool.run({ kind: 'whoami' }), 5_000), { kind: 'overloaded' });
        release();
        assert.equal((await running).kind, 'done');
        assert.equal((await waiting).kind, 'done');
        assert.equal(pool.full, false);
        assert.equal((await pool.run({ kind: 'whoami' })).kind, 'done', 'room again');
      } finally {
        release();
        await pool.close();
      }
    },
  );

  test(
    'a waiting task is dropped when its time runs out (countWait) or its signal aborts',
    BOUNDED,
    async () => {
      const pool = newPool({ threads: 1 });
      const { flag, release } = held();
      try {
        await pool.run({ kind: 'whoami' }); // the thread is ready: the held task runs at once
        const running = pool.run({ kind: 'hold', flag });
        assert.equal(pool.running, 1);
        const expired = pool.run({ kind: 'whoami' }, { timeoutMs: 100, countWait: true });
        const client = new AbortController();
        const aborted = pool.run({ kind: 'whoami' }, { signal: client.signal });
        client.abort();
        assert.deepEqual(await aborted, { kind: 'aborted' });
        assert.deepEqual(await expired, { kind: 'expired' });
        assert.equal(pool.queued, 0);
        release();
        assert.equal((await running).kind, 'done', 'the running task was left alone');
      } finally {
        release();
        await pool.close();
      }
    },
  );

  test('a cold pool starts threads only when tasks come', BOUNDED, async () => {
    const pool = newPool({ threads: 2, warm: false });
    try {
      assert.equal(pool.threads, 0);
      assert.equal((await pool.run({ kind: 'whoami' })).kind, 'done');
      assert.equal(pool.threads, 1);
    } finally {
      await pool.close();
    }
  });

  test('close() fails what runs and waits, and leaves no thread: the process ends by itself', BOUNDED, () => {
    const script = fileURLToPath(new URL('./fixtures/close-pool.ts', import.meta.url));
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 45_000,
    });
    assert.equal(child.signal, null, `the process did not end by itself: ${child.stderr}`);
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(JSON.parse(child.stdout), {
      outcomes: [
        { kind: 'closed', started: true },
        { kind: 'closed', started: false },
      ],
      threads: 0,
    });
  });

  test(
    'a pool never closed does not keep the process alive once its tasks are done (idle threads unref)',
    BOUNDED,
    () => {
      const script = fileURLToPath(new URL('./fixtures/idle-pool.ts', import.meta.url));
      const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
        encoding: 'utf8',
        timeout: 45_000,
      });
      assert.equal(child.signal, null, `the process did not end by itself: ${child.stderr}`);
      assert.equal(child.status, 0, child.stderr);
      assert.deepEqual(JSON.parse(child.stdout), { kind: 'done', threads: 2 });
    },
  );

  test('threads get none of the test runner, inspector, tsx loader or process-wide V8 flags', () => {
    assert.deepEqual(
      threadExecArgv([
        '--test',
        '--inspect=9229',
        '--import',
        'tsx',
        '--require=/x/tsx/preflight.cjs',
        '--max-old-space-size=4096',
        '--single-threaded-gc',
        '--conditions=import',
        '--enable-source-maps',
      ]),
      ['--conditions=import', '--enable-source-maps'],
    );
  });
});
