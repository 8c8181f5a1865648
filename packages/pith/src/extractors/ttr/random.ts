/**
 * The shared seeded PRNG (src/random.ts), so the random clustering algorithms
 * (K-Means and EM initialisation, Farthest-First's first centre) give the same
 * result for the same seed on every machine.
 */
export { type Random, randomIndex, seededRandom } from '../../random.js';
