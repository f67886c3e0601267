/** The public face of sims/list: what other modules may import from it (the rest is its own). */
export { parseCsvFilter } from './csv-filter.js';
export type { CsvIdentifiers } from './csv-filter.js';
export { findSim } from './detail-repository.js';
export { simSortValue, simWhere } from './list-query.js';
export type { SimCriteria } from './list-query.js';
export { countKeptSims, groupVisible } from './repository.js';
export type { SimListRow } from './repository.js';
export { searchTextHolds } from './search-term.js';
export { listCards, resolveSimCriteria, toSimRow } from './service.js';
