/** The public face of sims/reports: what other modules may import from it (the rest is its own). */
export { countReportRows, reportColumns, reportCsvLines, reportRows } from './rows.js';
export type { ReportColumnType, ReportScope } from './rows.js';
export { prepareReport } from './service.js';
