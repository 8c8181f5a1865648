/**
 * The file a bench run's worker output goes to (`workers.log` in the report folder). Peers print
 * warnings and stack traces for pages they cope with (Defuddle's schema.org parse errors, …);
 * interleaved with the progress lines they read like a crash. They are kept, not shown: the file
 * is created on the first output, and the caller says at the end how much went there.
 */
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';

export interface WorkerLog {
  readonly file: string;
  /** Appends worker output (any chunking). */
  write(text: string): void;
  /** Flushes and closes; resolves to the number of lines written (0 = no file was created). */
  close(): Promise<number>;
}

export function openWorkerLog(dir: string, name = 'workers.log'): WorkerLog {
  const file = path.join(dir, name);
  let stream: WriteStream | undefined;
  let lines = 0;
  let endsWithNewline = true;
  return {
    file,
    write(text: string) {
      if (text.length === 0) return;
      if (!stream) {
        mkdirSync(dir, { recursive: true });
        stream = createWriteStream(file);
      }
      stream.write(text);
      for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
      endsWithNewline = text.endsWith('\n');
    },
    close() {
      const open = stream;
      if (!open) return Promise.resolve(0);
      const total = lines + (endsWithNewline ? 0 : 1);
      return new Promise((resolve, reject) => {
        open.end((error?: Error | null) => (error ? reject(error) : resolve(total)));
      });
    },
  };
}
