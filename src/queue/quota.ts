/**
 * Per-client quotas of `pith serve`'s jobs: how many jobs a client (an API key, or an address on
 * a server without keys) may keep in Redis, and how many bytes of payload they may hold there.
 * One Redis hash per client lists its jobs (id → bytes and when reserved); a Lua script counts
 * what is still there and reserves room for one more job in one step, so two submissions at once
 * cannot both take the last place. A job leaves its client's count when it is gone from Redis
 * (removed by its retention) or when it finished longer ago than its retention (BullMQ removes
 * finished jobs by age only when a later job finishes: a client that fills its quota and waits
 * must not wait for someone else's job).
 */
import type { RedisClient } from 'bullmq';

export interface JobQuota {
  /** Jobs a client may keep (waiting, running, finished and not yet removed). */
  maxJobs: number;
  /** Bytes of job payload a client may keep. */
  maxBytes: number;
}

/** How long finished jobs are kept (ms); null: until removed by hand. */
export interface Retention {
  completedMs: number | null;
  failedMs: number | null;
}

export type QuotaVerdict = { ok: true } | { ok: false; over: 'jobs' | 'bytes'; jobs: number; bytes: number };

/**
 * KEYS[1]: the client's hash; ARGV: the queue's key prefix (`bull:NAME:`), the job id, its bytes,
 * the quota (jobs, bytes), now (ms), the retention of completed and failed jobs (ms, -1: none), and
 * how long a reservation counts before its job shows up in Redis (ms).
 * Returns {1} (room: reserved), {0, 'jobs'|'bytes', jobs, bytes} (refused).
 */
const RESERVE = `
local prefix, id, size = ARGV[1], ARGV[2], tonumber(ARGV[3])
local maxJobs, maxBytes, now = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local keepCompleted, keepFailed, pending = tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])
local entries = redis.call('HGETALL', KEYS[1])
local jobs, bytes, mine = 0, 0, false
for i = 1, #entries, 2 do
  local job, value = entries[i], entries[i + 1]
  local held, at = string.match(value, '^(%d+):(%d+)$')
  held, at = tonumber(held) or 0, tonumber(at) or 0
  local key = prefix .. job
  local live
  if redis.call('EXISTS', key) == 1 then
    local finished = tonumber(redis.call('HGET', key, 'finishedOn'))
    live = true
    if finished then
      local failed = redis.call('ZSCORE', prefix .. 'failed', job)
      local keep = failed and keepFailed or keepCompleted
      if keep >= 0 and now - finished > keep then live = false end
    end
  else
    live = now - at < pending
  end
  if live then
    jobs = jobs + 1
    bytes = bytes + held
    if job == id then mine = true end
  else
    redis.call('HDEL', KEYS[1], job)
  end
end
if mine then return {1} end
if jobs + 1 > maxJobs then return {0, 'jobs', jobs, bytes} end
if bytes + size > maxBytes then return {0, 'bytes', jobs, bytes} end
redis.call('HSET', KEYS[1], id, size .. ':' .. now)
return {1}
`;

const COMMAND = 'pithReserveJob';
/** A reservation whose job is not in Redis yet counts this long (the job is added right after). */
const PENDING_MS = 60_000;
const defined = new WeakSet<object>();

/**
 * Reserves room for job `id` (of `bytes`) in the quota of `client`; a job the client already holds
 * takes no more room (a resubmission).
 */
export async function reserveJob(
  redis: RedisClient,
  keys: { client: string; jobPrefix: string },
  job: { id: string; bytes: number },
  quota: JobQuota,
  retention: Retention,
): Promise<QuotaVerdict> {
  if (!defined.has(redis)) {
    redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: RESERVE });
    defined.add(redis);
  }
  const reply = (await redis.runCommand(COMMAND, [
    keys.client,
    keys.jobPrefix,
    job.id,
    job.bytes,
    quota.maxJobs,
    quota.maxBytes,
    Date.now(),
    retention.completedMs ?? -1,
    retention.failedMs ?? -1,
    PENDING_MS,
  ])) as [number, string?, number?, number?];
  if (reply[0] === 1) return { ok: true };
  return {
    ok: false,
    over: reply[1] === 'bytes' ? 'bytes' : 'jobs',
    jobs: reply[2] ?? 0,
    bytes: reply[3] ?? 0,
  };
}
