/** The datasets whose gold is a main-content text, used to train the block classifier (trafilatura-eval has snippets only and stays out of training). */
export const TEXT_GOLD_DATASETS = [
  'wcxb-dev',
  'l3s-gn1',
  'cleaneval',
  'cleanportaleval',
  'readability-testpages',
];
