/**
 * extractors/: one folder per algorithm; this door lists them by name.
 */
import { withDeadline } from '../dom/index.js';
import { PithError } from '../errors.js';
import { allText } from './all-text/index.js';
import { cetr } from './cetr/index.js';
import { cuter } from './cuter/index.js';
import { density } from './density/index.js';
import { mss } from './mss/index.js';
import { pith } from './pith/index.js';
import { ttr } from './ttr/index.js';
import type { Extractor } from './types.js';
import { vce } from './vce/index.js';

export type { BlockConfidence, PithDiagnostics } from './pith/index.js';

export {
  type Extractor,
  type ExtractorContext,
  type ExtractorParameter,
  isServiceSafeValue,
} from './types.js';

/**
 * The extractor with `context.deadline` in force while it runs (dom/deadline.ts): every
 * stage below checks it, whoever calls the extractor. Done in place, so that the object a
 * caller imports from the extractor's folder is the one listed here, bounded too.
 */
function bounded<Options extends object, Diagnostics>(
  extractor: Extractor<Options, Diagnostics>,
): Extractor<Options, Diagnostics> {
  const run = extractor.extract.bind(extractor);
  extractor.extract = (doc, options, context) =>
    withDeadline(context.deadline, () => run(doc, options, context));
  return extractor;
}

/** Every extractor pith ships, by name. `pith` is the default. */
export const EXTRACTORS = {
  pith: bounded(pith),
  'all-text': bounded(allText),
  ttr: bounded(ttr),
  cuter: bounded(cuter),
  density: bounded(density),
  vce: bounded(vce),
  mss: bounded(mss),
  cetr: bounded(cetr),
} as const satisfies Record<string, Extractor<never, unknown>>;

export type ExtractorName = keyof typeof EXTRACTORS;

/** Looks an extractor up by name; throws a PithError naming the choices when there is none. */
export function getExtractor(name: string): Extractor<Record<string, unknown>, unknown> {
  // Own names only: 'toString' or 'constructor' is no extractor.
  const table = EXTRACTORS as Record<string, Extractor<never, unknown>>;
  const extractor = Object.hasOwn(table, name) ? table[name] : undefined;
  if (!extractor) {
    throw new PithError(
      'UNKNOWN_EXTRACTOR',
      `unknown extractor '${name}' (choose from ${Object.keys(EXTRACTORS).join(', ')})`,
    );
  }
  return extractor as unknown as Extractor<Record<string, unknown>, unknown>;
}
