/**
 * Loads the datasets of CUTER's evaluation with each page's class (classes.ts), for
 * evaluate.ts and tune.ts. Datasets are read from `.cache/datasets/<name>` unless a
 * path is given as `name:PATH`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { applyRetrievedTransform, type DatasetPage, readCleanEval, readL3sGn1 } from '@pith/workbench/eval';
import { extract } from 'pith';
import {
  alignedInterrupted,
  l3sInterrupted,
  l3sLabelledRuns,
  l3sPageClass,
  type PageClass,
} from './classes.js';

export const DATASETS = ['cleaneval', 'l3s-gn1', 'cleanportaleval'] as const;
export type DatasetName = (typeof DATASETS)[number];

export interface ClassedPage extends DatasetPage {
  dataset: DatasetName;
  /** The gold main-content text. */
  goldText: string;
  pageClass: PageClass;
  /** L3S-GN1 only: the text labelled comments (x-nc-sel5), to measure how much of an output is comments. */
  commentText?: string;
  /** L3S-GN1 only: the annotation's and the text-alignment rule's verdicts on interruption, to compare them. */
  interrupted?: { annotation: boolean; alignment: boolean };
}

export function parseDatasetSpec(spec: string): { name: DatasetName; dir: string } {
  const colon = spec.indexOf(':');
  const name = (colon < 0 ? spec : spec.slice(0, colon)) as DatasetName;
  if (!DATASETS.includes(name))
    throw new Error(`unknown dataset '${name}' (choose from ${DATASETS.join(', ')})`);
  return { name, dir: colon < 0 ? path.join('.cache', 'datasets', name) : spec.slice(colon + 1) };
}

/** An extracted text as it is scored against this page's gold (L3S-GN1 maps characters above U+00FF to `?`). */
export function prepareRetrieved(page: DatasetPage, text: string): string {
  return applyRetrievedTransform(text, page.retrievedTransform);
}

/** The page's visible text (the all-text baseline), for the alignment rule. */
function pageText(page: DatasetPage): string {
  return prepareRetrieved(
    page,
    extract(page.html, { url: page.url, format: 'text', extractor: 'all-text' }).content,
  );
}

/** Reads one dataset (up to `limit` pages) and classes each page. */
export async function loadDataset(name: DatasetName, dir: string, limit?: number): Promise<ClassedPage[]> {
  const pages: ClassedPage[] = [];
  const comments = new Map<string, string>();
  if (name === 'l3s-gn1') {
    for await (const page of readL3sGn1(dir, { classes: ['x-nc-sel5'] }))
      comments.set(page.id, page.gold.text ?? '');
  }
  const reader = name === 'l3s-gn1' ? readL3sGn1(dir) : readCleanEval(dir);
  for await (const page of reader) {
    let pageClass: PageClass;
    let interrupted: ClassedPage['interrupted'];
    const goldText = page.gold.text;
    if (goldText === undefined) throw new Error(`${name}: expected a text gold`);
    if (name === 'l3s-gn1') {
      const annotated = await readFile(path.join(dir, 'annotated', `${page.id}.html`), 'utf8');
      const runs = l3sLabelledRuns(annotated);
      pageClass = l3sPageClass(runs);
      interrupted = {
        annotation: l3sInterrupted(runs),
        alignment: alignedInterrupted(pageText(page), goldText),
      };
    } else {
      pageClass = alignedInterrupted(pageText(page), goldText) ? 'multi-body' : 'single-body';
    }
    const commentText = comments.get(page.id);
    pages.push({
      ...page,
      dataset: name,
      goldText,
      pageClass,
      ...(interrupted ? { interrupted } : {}),
      ...(commentText === undefined ? {} : { commentText }),
    });
    if (limit !== undefined && pages.length >= limit) break;
  }
  return pages;
}
