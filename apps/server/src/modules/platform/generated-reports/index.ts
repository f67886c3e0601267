/**
 * The public face of generated reports for other modules (scheduled reports): start a file through
 * the same path a user's "generate" takes, write it, and read back how it ended.
 */
export { createGeneratedReport, downloadName, type GeneratedReportsDeps } from './service.js';
export { runGeneration, type ReportRunnerDeps } from './runner.js';
export { findReport, type GeneratedReportRow } from './repository.js';
export { reportSource } from './sources.js';
