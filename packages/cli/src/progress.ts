import cliProgress from 'cli-progress';

/** A progress bar on standard error for batches, shown only on a terminal. */
export interface Progress {
  tick(failed: number): void;
  stop(): void;
}

const SILENT: Progress = { tick() {}, stop() {} };

export function createProgress(total: number, enabled: boolean): Progress {
  if (total < 2 || !enabled || !process.stderr.isTTY) return SILENT;
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: ' {bar} {value}/{total} pages | {failed} failed | {eta_formatted} left',
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { failed: 0 });
  return {
    tick(failed) {
      bar.increment(1, { failed });
    },
    stop() {
      bar.stop();
    },
  };
}
