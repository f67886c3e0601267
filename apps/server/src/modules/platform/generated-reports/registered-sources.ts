import { registerReportSource, type ReportSource } from './sources.js';
import { SIMS_EXPORT_SOURCE } from './sims-export-source.js';
import { USAGE_REPORT_SOURCES } from './usage-sources.js';

/**
 * Every kind a user can generate, by the module that owns its rows. Importing this file registers
 * them (service and worker both do).
 */
const SOURCES: ReportSource[] = [...USAGE_REPORT_SOURCES, SIMS_EXPORT_SOURCE];

for (const source of SOURCES) registerReportSource(source);
