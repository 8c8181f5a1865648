// Preloaded by scripts/run-tests.mjs when PITH_FC_RUNS is set: every property test without its own
// `numRuns` runs that many cases instead of fast-check's 100. A property that fails once in a
// thousand CI runs shows here in one (session 24: `siteOf` and "www.co.aa"); the failures reporter
// prints the seed to replay it.
import fc from 'fast-check';

const runs = Number(process.env.PITH_FC_RUNS);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`PITH_FC_RUNS must be a whole number ≥ 1, not ${process.env.PITH_FC_RUNS}`);
fc.configureGlobal({ numRuns: runs });
