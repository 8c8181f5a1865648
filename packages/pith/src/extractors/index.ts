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
import { type Extractor, isServiceSafeValue } from './types.js';
import { vce } from './vce/index.js';

export { type BlockConfidence, type PithDiagnostics, pageDocOf } from './pith/index.js';

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

/** A name from input, shown in an error only as far as it is a plain identifier. */
function shown(name: string): string {
  return /^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(name) ? `'${name}'` : '(a name that is not one)';
}

/** True when `name` is one of the extractors pith ships (an own key: `toString` is not one). */
export function isExtractorName(name: unknown): name is ExtractorName {
  return typeof name === 'string' && Object.hasOwn(EXTRACTORS, name);
}

/**
 * The extractor parameters a client of the service, or a queue job, may set: only those whose
 * value is service-safe (numbers, booleans, declared choices, the name of a shipped model).
 * Nothing a client sends may name a file, a directory or a device on the server, so a path is
 * refused, and the error repeats nothing of the value. The service checks requests with it; a
 * queue worker checks every job with it again (a job read from Redis is not trusted).
 */
export function serviceOptions(
  extractorName: string,
  options: Record<string, unknown>,
): Record<string, string | number | boolean> {
  if (!isExtractorName(extractorName)) {
    throw new PithError(
      'UNKNOWN_EXTRACTOR',
      `unknown extractor ${shown(extractorName)} (choose from ${Object.keys(EXTRACTORS).join(', ')})`,
    );
  }
  const parameters = getExtractor(extractorName).parameters;
  for (const [name, value] of Object.entries(options)) {
    const parameter = parameters.find((candidate) => candidate.name === name);
    if (!parameter) {
      const known = parameters.map((candidate) => candidate.name).join(', ') || 'none';
      throw new PithError(
        'BAD_OPTION',
        `extractor '${extractorName}' has no parameter ${shown(name)} (its parameters: ${known})`,
      );
    }
    if (isServiceSafeValue(parameter, value)) continue;
    const allowed = parameter.choices ?? parameter.models;
    const expected =
      parameter.type !== 'string'
        ? `a ${parameter.type}`
        : allowed
          ? `one of ${allowed.map((choice) => (choice === '' ? "''" : choice)).join(', ')}`
          : 'nothing: the service does not take it';
    const what = parameter.models ? ' (the service takes the name of a shipped model, never a path)' : '';
    throw new PithError('BAD_OPTION', `parameter '${name}' of '${extractorName}' must be ${expected}${what}`);
  }
  return options as Record<string, string | number | boolean>;
}
