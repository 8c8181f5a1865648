// The list is a leaf of the library (page-types.ts): metadata/ reads it too.
export { PAGE_TYPES, type PageType } from '../../page-types.js';
