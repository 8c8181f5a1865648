/**
 * tools/: what several of pith's tools share that needs Node (the library itself runs in any
 * JavaScript runtime and reads no file): the model-file reader.
 */
export { readModelFile, useModelFiles } from './model-files.js';
