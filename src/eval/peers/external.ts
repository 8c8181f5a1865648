/**
 * Peers that are outside programs (Python, Java): one long-lived child process per peer and bench
 * worker, spoken to over its stdin/stdout, so that the interpreter or JVM starts once per worker,
 * not once per page. The programs live in ./programs (ours; the peers themselves come from
 * Debian and ../shared/peers, never from this repository).
 *
 * Protocol (every integer a 4-byte big-endian length):
 *   child → parent, once:  frame(JSON {ready, version, versions} | {error})
 *   parent → child:        frame(JSON header {url, deadline_ms}) frame(the page, UTF-8, decoded once by pith)
 *   child → parent:        frame(JSON {text | html, metadata?, ms, cpu_ms} | {error})
 *
 * The child exits as soon as its stdin closes, even mid-page: a bench worker terminated after a
 * timeout takes its children with it (and a Python child stuck past `deadline_ms` ends itself). A request that outlives `requestTimeoutMs` (the bound when
 * no pool watches, as in `pith bench --only`) kills the child; the next page starts a new one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Thrown when an outside peer's runtime (interpreter, JVM, package) is not there: the bench skips it. */
export class PeerRuntimeError extends Error {
  readonly peer: string;
  constructor(peer: string, message: string, cause?: unknown) {
    super(`peer ${peer}: ${message}`, { cause });
    this.name = 'PeerRuntimeError';
    this.peer = peer;
  }
}

/** What one page gives back from an outside peer. */
export interface ExternalReply {
  text?: string;
  html?: string;
  metadata?: Record<string, unknown>;
  /** Wall and CPU time of the extraction inside the child, in ms. */
  ms: number;
  cpuMs: number;
}

export interface ExternalProgram {
  /** The peer's name (for messages). */
  peer: string;
  command: string;
  args: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** How long the child may take to say it is ready (interpreter, imports, warm-up), in ms (default 5 min: a loaded machine). */
  startTimeoutMs?: number;
  /** How long one page may take before the child is killed, in ms (default 120 s). */
  requestTimeoutMs?: number;
}

/** The hello of a started child. */
export interface ExternalHello {
  version: string;
  versions: Record<string, string>;
}

/** A folder of ./programs (the .py and .java sources, beside the compiled module or its source). */
export function programPath(name: string): string {
  const inDist = fileURLToPath(new URL(`./programs/${name}`, import.meta.url));
  if (existsSync(inDist)) return inDist;
  // From dist/ before a build copied them: the sources.
  return fileURLToPath(new URL(`../../../src/eval/peers/programs/${name}`, import.meta.url));
}

/**
 * A short hash of a program's source, part of the peer's version: a change to how a runner calls
 * its peer (and so to the outputs) must not reuse cached outputs.
 */
export function programHash(name: string): string {
  return createHash('sha256')
    .update(readFileSync(programPath(name)))
    .digest('hex')
    .slice(0, 6);
}

const FRAME_LIMIT = 512 * 1024 * 1024;

function frame(payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(payload.length, 0);
  return Buffer.concat([head, payload]);
}

/** A running child and the frames it has sent that nobody has read yet. */
class Session {
  readonly child: ChildProcess;
  #buffer: Buffer = Buffer.alloc(0);
  #waiting: ((frame: Buffer | Error) => void) | undefined;
  #frames: Buffer[] = [];
  #ended: Error | undefined;
  stderr = '';

  constructor(program: ExternalProgram) {
    this.child = spawn(program.command, [...program.args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: program.env ?? process.env,
    });
    this.child.stdout?.on('data', (chunk: Buffer) => this.#receive(chunk));
    this.child.stderr?.on('data', (chunk: Buffer) => {
      // The peers log warnings per page; the last lines explain a crash.
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-4000);
    });
    this.child.stdin?.on('error', () => {}); // EPIPE after the child died: reported by 'exit'
    this.child.on('error', (error) => this.#end(error));
    this.child.on('exit', (code, signal) => {
      const tail = this.stderr.trim().split('\n').slice(-3).join(' | ');
      this.#end(
        new Error(`${program.command} exited (${signal ?? `code ${code}`})${tail ? `: ${tail}` : ''}`),
      );
    });
  }

  #receive(chunk: Buffer): void {
    this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, chunk]) : chunk;
    while (this.#buffer.length >= 4) {
      const length = this.#buffer.readUInt32BE(0);
      if (length > FRAME_LIMIT) {
        this.kill();
        this.#end(new Error(`peer sent a frame of ${length} bytes`));
        return;
      }
      if (this.#buffer.length < 4 + length) return;
      const payload = this.#buffer.subarray(4, 4 + length);
      this.#buffer = this.#buffer.subarray(4 + length);
      const waiting = this.#waiting;
      this.#waiting = undefined;
      if (waiting) waiting(payload);
      else this.#frames.push(payload);
    }
  }

  #end(error: Error): void {
    if (this.#ended) return;
    this.#ended = error;
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.(error);
  }

  get ended(): boolean {
    return this.#ended !== undefined;
  }

  /** The next frame as JSON; rejects after `timeoutMs` (killing the child) or when it ends. */
  next(timeoutMs: number, what: string): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const settle = (value: Buffer | Error) => {
        clearTimeout(timer);
        if (value instanceof Error) reject(value);
        else {
          try {
            resolve(JSON.parse(value.toString('utf8')) as Record<string, unknown>);
          } catch (error) {
            reject(error);
          }
        }
      };
      const timer = setTimeout(() => {
        this.#waiting = undefined;
        const error = new Error(`${what}: no answer after ${timeoutMs} ms (the peer's process was stopped)`);
        // Ended now, not when the exit event comes: the next page must start a new process.
        this.#end(error);
        this.kill();
        reject(error);
      }, timeoutMs);
      const ready = this.#frames.shift();
      if (ready) settle(ready);
      else if (this.#ended) settle(this.#ended);
      else this.#waiting = settle;
    });
  }

  send(header: unknown, body: string): void {
    const stdin = this.child.stdin;
    if (!stdin) throw new Error('the peer has no stdin');
    stdin.write(frame(Buffer.from(JSON.stringify(header), 'utf8')));
    stdin.write(frame(Buffer.from(body, 'utf8')));
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  /** Closes stdin (the child exits by itself) and kills it if it has not after a moment. */
  async close(): Promise<void> {
    if (this.ended) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin?.end();
    const timer = setTimeout(() => this.kill(), 2000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * One outside peer program: started on the first page (or by {@link start}), kept for the next
 * pages, restarted after a crash or a timeout. One page at a time.
 */
export class ExternalPeer {
  readonly #program: ExternalProgram;
  #session: Session | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(program: ExternalProgram) {
    this.#program = program;
  }

  /** Starts the child and returns its hello; a child that cannot start is a {@link PeerRuntimeError}. */
  async start(): Promise<ExternalHello> {
    const { peer, command } = this.#program;
    const session = new Session(this.#program);
    let hello: Record<string, unknown>;
    try {
      hello = await session.next(this.#program.startTimeoutMs ?? 300_000, `${peer} starting`);
    } catch (error) {
      session.kill();
      const code = (error as { code?: unknown }).code;
      if (code === 'ENOENT') throw new PeerRuntimeError(peer, `${command} not found`, error);
      throw new PeerRuntimeError(peer, `cannot start (${(error as Error).message})`, error);
    }
    if (hello.ready !== true) {
      session.kill();
      throw new PeerRuntimeError(peer, String(hello.error ?? 'no hello from the peer'));
    }
    this.#session = session;
    const versions: Record<string, string> = {};
    if (hello.versions && typeof hello.versions === 'object') {
      // own-keys: written, never read: a key '__proto__' is lost, not harmful
      for (const [key, value] of Object.entries(hello.versions)) versions[key] = String(value);
    }
    return { version: String(hello.version ?? 'unknown'), versions };
  }

  /** Runs one page; throws on the peer's error, a crash or a timeout (the child is then restarted). */
  extract(html: string, url: string): Promise<ExternalReply> {
    const run = this.#queue.then(() => this.#extract(html, url));
    this.#queue = run.catch(() => {});
    return run;
  }

  async #extract(html: string, url: string): Promise<ExternalReply> {
    if (!this.#session || this.#session.ended) await this.start();
    const session = this.#session as Session;
    const timeoutMs = this.#program.requestTimeoutMs ?? 120_000;
    // The child's own last bound, a little later than ours (see programs/peer_server.py).
    session.send({ url, deadline_ms: timeoutMs + 5000 }, html);
    const reply = await session.next(timeoutMs, this.#program.peer);
    if (typeof reply.error === 'string') throw new Error(reply.error);
    const out: ExternalReply = { ms: Number(reply.ms), cpuMs: Number(reply.cpu_ms) };
    if (typeof reply.text === 'string') out.text = reply.text;
    if (typeof reply.html === 'string') out.html = reply.html;
    if (reply.metadata && typeof reply.metadata === 'object') {
      out.metadata = reply.metadata as Record<string, unknown>;
    }
    return out;
  }

  async close(): Promise<void> {
    const session = this.#session;
    this.#session = undefined;
    await session?.close();
  }
}
