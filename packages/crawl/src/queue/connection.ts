/**
 * Where the queue lives: a Redis URL (`--redis`, else PITH_REDIS_URL, else the local default) and
 * the connection settings each side needs. Workers wait for Redis forever (a restart of Redis must
 * not kill them: ioredis reconnects and BullMQ carries on); commands fail fast instead.
 */
import type { ConnectionOptions } from 'bullmq';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
export const DEFAULT_QUEUE = 'pith';

/** The Redis URL from the option, the environment or the default. */
export function redisUrl(option?: string): string {
  return option ?? process.env.PITH_REDIS_URL ?? DEFAULT_REDIS_URL;
}

/** A reconnection delay: 100 ms, doubling, at most 2 s. */
function reconnectDelay(attempt: number): number {
  return Math.min(100 * 2 ** Math.min(attempt, 5), 2000);
}

export function workerConnection(url: string): ConnectionOptions {
  return { url, maxRetriesPerRequest: null, retryStrategy: reconnectDelay };
}

/**
 * For `pith queue …` (`lasting` false: a few reconnection attempts, then the command fails) and for
 * long-lived clients, the server and a worker's metrics (`lasting`: reconnect forever, but a
 * command fails fast while Redis is away instead of waiting for it).
 */
export function clientConnection(url: string, lasting = false): ConnectionOptions {
  return {
    url,
    maxRetriesPerRequest: lasting ? 1 : 3,
    connectTimeout: 5000,
    retryStrategy: (attempt: number) => (!lasting && attempt > 5 ? null : reconnectDelay(attempt)),
  };
}
