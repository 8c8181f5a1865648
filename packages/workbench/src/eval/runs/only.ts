/**
 * `pith bench --only ID`: re-runs one page (no cache, in this thread) with every
 * extractor and returns the texts and scores, for a word-level diff.
 */
import {
  type DatasetScoring,
  type DatasetSpec,
  datasetScoring,
  type ListOptions,
  listDataset,
} from '../datasets/registry.js';
import type { DatasetPage } from '../datasets/types.js';
import { defaultPeersModule, moduleHref, pithExtractorRef } from './extractors.js';
import { probePeers } from './run.js';
import type { PageScores } from './scoring.js';
import { TaskRunner } from './task.js';

export interface OnlyConfig {
  datasets: readonly DatasetSpec[];
  extractors: readonly string[];
  peers: readonly string[];
  peersModule?: string;
  id: string;
  removeNonAscii?: boolean;
  listOptions?: ListOptions;
  warn?: (message: string) => void;
}

export interface OnlyResult {
  dataset: string;
  page: DatasetPage;
  scoring: DatasetScoring;
  runs: { extractor: string; text: string | null; error?: string; ms: number; scores: PageScores }[];
}

/** Every dataset page whose id is `id` (or `DATASET/ID`), run by every extractor. */
export async function runOnly(config: OnlyConfig): Promise<OnlyResult[]> {
  const warn = config.warn ?? (() => {});
  const peersModule = config.peersModule ? moduleHref(config.peersModule) : defaultPeersModule()?.href;
  const extractors = [
    ...config.extractors.map((name) => pithExtractorRef(name)),
    ...(await probePeers(config.peers, peersModule, warn)).refs,
  ];
  const runner = new TaskRunner(peersModule ? { peersModule } : {});
  const out: OnlyResult[] = [];
  try {
    for (const spec of config.datasets) {
      const refs = await listDataset(spec, config.listOptions);
      const ref = refs.find((r) => r.id === config.id || `${spec.name}/${r.id}` === config.id);
      if (!ref) continue;
      const page = await ref.load();
      const scoring = await datasetScoring(spec);
      if (config.removeNonAscii !== undefined) scoring.removeNonAscii = config.removeNonAscii;
      const runs: OnlyResult['runs'] = [];
      let id = 0;
      for (const extractor of extractors) {
        const result = await runner.run({
          id: id++,
          extractor,
          page,
          pageKey: `${spec.name}\0${page.id}`,
          scoring: { removeNonAscii: scoring.removeNonAscii },
          wantText: true,
        });
        runs.push({
          extractor: extractor.label,
          text: result.text ?? null,
          ...(result.error === undefined ? {} : { error: result.error }),
          ms: result.ms,
          scores: result.scores,
        });
      }
      out.push({ dataset: spec.name, page, scoring, runs });
    }
  } finally {
    await runner.close();
  }
  return out;
}
