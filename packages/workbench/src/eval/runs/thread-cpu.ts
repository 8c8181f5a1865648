/**
 * CPU time of the calling thread, for the bench's cost accounting: on a machine
 * shared with other jobs a task's wall time says more about the load than about
 * the task, its thread's CPU time does not. Linux only (`/proc/thread-self/stat`,
 * user + system time in clock ticks of 10 ms, USER_HZ = 100 on every Linux port
 * Node runs on); undefined elsewhere. The ticks are sampled by the kernel, so one
 * task's figure is coarse but sums over many tasks are sound.
 */
import { readFileSync } from 'node:fs';

const MS_PER_TICK = 10;
let available = process.platform === 'linux';

export function threadCpuMs(): number | undefined {
  if (!available) return undefined;
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'latin1');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    if (!Number.isFinite(ticks)) throw new Error('unexpected /proc/thread-self/stat');
    return ticks * MS_PER_TICK;
  } catch {
    available = false;
    return undefined;
  }
}
