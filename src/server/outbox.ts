/**
 * Answers on their way out: how many connections may be open, how long a client may leave what
 * was written to it unread, and how many bytes of answers the server holds for clients that have
 * not taken them yet (issue 36, item 1: clients that never read pinned 240 MB each).
 *
 * - Connections past `maxConnections` are closed by Node at once (`server.maxConnections`).
 * - Send timeout: a connection whose unsent bytes (Node's buffer of the socket, past what the
 *   kernel took) have not all gone out within `sendTimeoutMs` of being written is closed. The
 *   clock runs from the first byte left waiting and stops when the socket drains: a whole answer,
 *   or each line of a batch, must be taken within the timeout. A sweep checks the sockets a few
 *   times per timeout (a timer per write would cost more than the check).
 * - Budget: every answer handed to a response takes its size from `maxUnsentBytes` until it has
 *   been written out (the response finished, or its write callback ran) or the connection closed.
 *   Past the budget, new requests are refused (503 OVERLOADED) before any work is done, and an
 *   answer that would not fit is refused instead of sent.
 */
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface OutboxOptions {
  maxConnections: number;
  sendTimeoutMs: number;
  maxUnsentBytes: number;
}

export class Outbox {
  readonly options: OutboxOptions;
  /** Bytes of answers handed to responses and not yet written out to the network. */
  #held = 0;
  /** What each response holds (its share of #held), released all at once when it ends. */
  readonly #byResponse = new WeakMap<ServerResponse, { bytes: number }>();
  readonly #sockets = new Set<Socket>();
  /** Sockets with bytes left unsent, and since when. */
  readonly #waiting = new Map<Socket, number>();
  #sweep: NodeJS.Timeout | undefined;
  /** Connections closed because their client left what was written unread past the send timeout. */
  cutOff = 0;
  /** Requests and answers refused because the budget was spent. */
  refused = 0;

  constructor(options: OutboxOptions) {
    this.options = options;
  }

  /** Follows the server's connections (the cap on their number, the send timeout). */
  attach(server: Server): void {
    server.maxConnections = this.options.maxConnections;
    server.on('connection', (socket: Socket) => {
      this.#sockets.add(socket);
      socket.on('drain', () => this.#waiting.delete(socket));
      socket.once('close', () => {
        this.#sockets.delete(socket);
        this.#waiting.delete(socket);
      });
    });
    const every = Math.max(10, Math.min(1000, Math.floor(this.options.sendTimeoutMs / 4)));
    this.#sweep = setInterval(() => this.#cutOffStalled(Date.now()), every);
    this.#sweep.unref();
  }

  close(): void {
    clearInterval(this.#sweep);
  }

  get connections(): number {
    return this.#sockets.size;
  }

  get unsentBytes(): number {
    return this.#held;
  }

  /** True when no more answers can be held: new requests are refused. */
  get full(): boolean {
    return this.#held >= this.options.maxUnsentBytes;
  }

  /**
   * Takes `bytes` from the budget for `response` (released by `release`, or all at once when the
   * response finishes or closes); false, taking nothing, when they do not fit. `force`: taken
   * even past the budget (an error line of a few bytes in place of a page's answer).
   */
  take(response: ServerResponse, bytes: number, force = false): boolean {
    if (!force && this.#held + bytes > this.options.maxUnsentBytes) {
      this.refused++;
      return false;
    }
    let share = this.#byResponse.get(response);
    if (!share) {
      const held = { bytes: 0 };
      share = held;
      this.#byResponse.set(response, held);
      const releaseAll = () => {
        this.#held -= held.bytes;
        held.bytes = 0;
      };
      response.once('finish', releaseAll);
      response.once('close', releaseAll);
    }
    share.bytes += bytes;
    this.#held += bytes;
    this.#startClock(response);
    return true;
  }

  /** Gives back bytes of `response` that were written out. */
  release(response: ServerResponse, bytes: number): void {
    const share = this.#byResponse.get(response);
    if (!share) return;
    const released = Math.min(bytes, share.bytes);
    share.bytes -= released;
    this.#held -= released;
  }

  /** The send clock of the response's socket starts now, unless it already runs. */
  #startClock(response: ServerResponse): void {
    const socket = response.socket;
    // Checked on the next turn: the bytes are written after they are taken.
    if (socket && this.#sockets.has(socket) && !this.#waiting.has(socket)) {
      const now = Date.now();
      setImmediate(() => {
        if (socket.writableLength > 0 && !this.#waiting.has(socket)) this.#waiting.set(socket, now);
      });
    }
  }

  #cutOffStalled(now: number): void {
    for (const socket of this.#sockets) {
      if (socket.writableLength === 0) {
        this.#waiting.delete(socket);
        continue;
      }
      const since = this.#waiting.get(socket);
      if (since === undefined) this.#waiting.set(socket, now);
      else if (now - since >= this.options.sendTimeoutMs) {
        this.#waiting.delete(socket);
        this.cutOff++;
        socket.destroy();
      }
    }
  }
}
