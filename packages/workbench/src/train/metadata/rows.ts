/**
 * The metadata model's rows: every candidate of every page for the three fields (title, author,
 * date), with its features and its label (the candidate is the page's gold value by the bench's
 * metric; the "none" row is right when the gold has none), the page's page-type features (the
 * fold page-type models are fitted on them) and the rules' answers (the baseline). Computed once
 * per code version and cached in `.cache/train/metadata/`, because parsing 1,500 pages takes a while.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Candidates,
  CHOSEN_FIELDS,
  type ChosenField,
  candidateRows,
  decodeHtml,
  FIELD_FEATURES,
  type Metadata,
  PAGE_TYPE_FEATURE_NAMES,
  pageTypeFeatures,
  parseHtml,
  readCandidates,
  readMetadata,
} from 'pith/internal';
import {
  authorNameSet,
  type DatasetSpec,
  dayOf,
  goldNamesInside,
  listDataset,
  type MetadataGoldValues,
  normaliseMetadataText,
  pageDigest,
  sameAuthorNames,
  siteOf,
} from '../../eval/index.js';
import { trainingListOptions } from '../datasets.js';
import { codeHash } from '../provenance.js';

/** Dates are checked against this "now", so that the rows do not change with the day they are built. */
export const TRAINING_NOW = Date.UTC(2026, 10, 21);

/** One field's rows of one page: a row per candidate, then the "none" row. */
export interface FieldRows {
  /** Row-major, `FIELD_FEATURES[field].length` values a row; null for a missing value. */
  rows: (number | null)[];
  /** 1: the row's answer is the gold's. */
  labels: number[];
  /** The candidates' values as the answer would give them (for reports). */
  values: string[];
}

export interface MetadataPage {
  dataset: string;
  id: string;
  url: string;
  site: string;
  /** sha256 of the page's bytes (the held-out file's key). */
  digest: string;
  /** The gold page type (WCXB), for the fold page-type models and per-type figures. */
  pageType?: string;
  gold: MetadataGoldValues;
  /** The rules' answers, scored as the baseline. */
  rules: { title?: string; authors: string[]; published?: string };
  pageTypeFeatures: number[];
  fields: Record<ChosenField, FieldRows>;
}

export interface MetadataRowSet {
  names: Record<ChosenField, readonly string[]>;
  pageTypeNames: readonly string[];
  pages: MetadataPage[];
}

/** The code whose change invalidates cached rows. */
const ROW_CODE = [
  'packages/workbench/src/train/metadata/rows.ts',
  'packages/pith/src/metadata',
  'packages/pith/src/page-types.ts',
  'packages/pith/src/features/page-type',
  'packages/pith/src/dom',
  'packages/pith/src/input',
  'packages/workbench/src/eval/datasets',
  'packages/workbench/src/eval/metrics/metadata.ts',
];

const round = (value: number) => (Number.isFinite(value) ? Math.round(value * 1e6) / 1e6 : null);

const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** Labels of one page's candidates by the bench's metric (src/eval/metrics/metadata.ts). */
function labelsOf(candidates: Candidates, gold: MetadataGoldValues): Record<ChosenField, number[]> {
  const title = present(gold.title) ? normaliseMetadataText(gold.title) : undefined;
  const author = present(gold.author) ? authorNameSet(gold.author) : undefined;
  const date = present(gold.date) ? dayOf(gold.date) : undefined;
  // Right by the scorer: every gold name among the candidate's. A candidate that lists more names
  // (the gold's and a co-author's, a role, a publisher) is labelled right only where no candidate
  // names exactly the gold's, so that the model does not learn to prefer padded lists (23 of the
  // 25 WCXB dev pages with such a candidate have the exact one too).
  const names = candidates.authors.map((candidate) => authorNameSet(candidate.names));
  const exact = author !== undefined && names.some((set) => sameAuthorNames(author, set));
  const goldInside = (set: ReadonlySet<string>) =>
    author !== undefined && (exact ? sameAuthorNames(author, set) : goldNamesInside(author, set));
  return {
    title: [
      ...candidates.titles.map((candidate) => (normaliseMetadataText(candidate.text) === title ? 1 : 0)),
      title === undefined ? 1 : 0,
    ],
    author: [...names.map((set) => (goldInside(set) ? 1 : 0)), author ? 0 : 1],
    date: [
      ...candidates.dates.map((candidate) => (date !== undefined && candidate.day === date ? 1 : 0)),
      date === undefined ? 1 : 0,
    ],
  };
}

function rulesOf(metadata: Metadata): MetadataPage['rules'] {
  return {
    ...(metadata.title === undefined ? {} : { title: metadata.title }),
    authors: metadata.authors,
    ...(metadata.published === undefined ? {} : { published: metadata.published }),
  };
}

/** The rows of a dataset's pages whose gold has metadata, cached on disk in `cacheDir`. */
export async function loadMetadataRows(
  specs: readonly DatasetSpec[],
  log: (message: string) => void,
  cacheDir = path.join('.cache', 'train', 'metadata'),
): Promise<MetadataRowSet> {
  const key = createHash('sha256')
    .update(codeHash(ROW_CODE))
    .update(specs.map((spec) => `${spec.format}\0${path.resolve(spec.dir)}`).join('\0'))
    .digest('hex')
    .slice(0, 12);
  const file = path.join(cacheDir, `rows-${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as MetadataRowSet;
  const pages: MetadataPage[] = [];
  for (const spec of specs) {
    const refs = await listDataset(spec, trainingListOptions());
    let done = 0;
    for (const ref of refs) {
      const page = await ref.load();
      if (++done % 250 === 0) log(`${spec.name}: ${done}/${refs.length} pages`);
      const gold = page.gold.metadata;
      if (gold === undefined || page.url === undefined) continue;
      const doc = parseHtml(decodeHtml(page.html).text, { url: page.url });
      const reading = readMetadata(doc, { url: page.url, now: TRAINING_NOW });
      const { rules, sources, siteNames } = reading;
      const candidates = readCandidates(sources, rules, siteNames, page.url, TRAINING_NOW);
      // Page-type columns stay missing here: each fold fills them with its own page-type model's.
      const rows = candidateRows(candidates, sources, rules, siteNames, page.url);
      const labels = labelsOf(candidates, gold);
      const values: Record<ChosenField, string[]> = {
        title: candidates.titles.map((candidate) => candidate.text),
        author: candidates.authors.map((candidate) => candidate.names.join('; ')),
        date: candidates.dates.map((candidate) => candidate.day),
      };
      const matrices: Record<ChosenField, Float32Array> = {
        title: rows.titles,
        author: rows.authors,
        date: rows.dates,
      };
      const fields = {} as Record<ChosenField, FieldRows>;
      for (const field of CHOSEN_FIELDS)
        fields[field] = {
          rows: Array.from(matrices[field], round),
          labels: labels[field],
          values: values[field],
        };
      pages.push({
        dataset: spec.name,
        id: page.id,
        url: page.url,
        site: siteOf(page.url),
        digest: pageDigest(page.html),
        ...(page.gold.pageType === undefined ? {} : { pageType: page.gold.pageType }),
        gold,
        rules: rulesOf(rules),
        pageTypeFeatures: Array.from(pageTypeFeatures(doc, page.url, rules), (value) => round(value) ?? 0),
        fields,
      });
    }
  }
  const set: MetadataRowSet = {
    names: { title: FIELD_FEATURES.title, author: FIELD_FEATURES.author, date: FIELD_FEATURES.date },
    pageTypeNames: PAGE_TYPE_FEATURE_NAMES,
    pages,
  };
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, JSON.stringify(set));
  return set;
}
