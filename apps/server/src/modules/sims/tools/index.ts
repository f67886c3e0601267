/** The public face of sims/tools: what other modules may import from it (the rest is its own). */
export { EXPORT_COLUMNS, EXPORT_HEADERS, exportCells } from './export-rows.js';
