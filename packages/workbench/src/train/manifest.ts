/**
 * What every model file built by `pith train` records about itself (`manifest`): the datasets
 * with their page counts, the command that rebuilds it, the date, pith's version, the commit
 * of the code it depends on, the options and the held-out figures measured while training.
 */
import { VERSION } from 'pith/internal';
import { codeProvenance } from './provenance.js';

export interface ManifestDataset {
  name: string;
  /** Reader used (`wcxb`, `cleaneval`, …). */
  format: string;
  /** The `--dataset` argument as given (portable, unlike the resolved path). */
  path: string;
  pages: number;
  /** Model-specific counts (blocks, labels, chunks…). */
  [count: string]: string | number;
}

export interface ModelManifest {
  datasets: ManifestDataset[];
  /** The command that rebuilds the model, as typed. */
  command: string;
  /** ISO date: SOURCE_DATE_EPOCH, else the date of the commit below (not the clock). */
  date: string;
  /** pith's version, the extractor's version, the last commit of the code the model depends on. */
  code: { pith: string; extractor?: string; git?: string };
  options: Record<string, unknown>;
  /** Held-out figures measured while training. */
  evaluation?: Record<string, unknown>;
}

/** The manifest's `date` and `code` for a model whose code is `code` (repository paths). */
export function manifestCode(
  code: readonly string[],
  extractorVersion?: string,
): Pick<ModelManifest, 'date' | 'code'> {
  const provenance = codeProvenance(code);
  return {
    date: provenance.date,
    code: {
      pith: VERSION,
      ...(extractorVersion === undefined ? {} : { extractor: extractorVersion }),
      ...(provenance.git ? { git: provenance.git } : {}),
    },
  };
}
