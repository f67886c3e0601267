import { z } from 'zod';
import { EmptyBody, Id, Page, UnixSeconds } from './common.js';
import { BLOCK_TYPES, LANGS, MAX_PAGE_SIZE } from './constants.js';
import { action, file, read } from './endpoint.js';

/**
 * Report files generated in the background (queue reason queue_report_generate) and listed on
 * /generated_reports. Each kind is a row source the server registers; `request` is that source's own
 * request (e.g. a report's filter and dates) and is checked by it exactly as the on-screen report is.
 */
export const GENERATED_REPORT_KINDS = ['day', 'sessions', 'call_sms', 'sims'] as const;
export type GeneratedReportKind = (typeof GENERATED_REPORT_KINDS)[number];

export const GENERATED_REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type GeneratedReportFormat = (typeof GENERATED_REPORT_FORMATS)[number];

/** What a listed file is doing: being written, ready to download, or failed while being written. */
export const GENERATED_REPORT_STATES = ['writing', 'ready', 'failed'] as const;
export type GeneratedReportState = (typeof GENERATED_REPORT_STATES)[number];

/** Days a file is kept when GENERATED_REPORTS_TTL_DAYS does not say otherwise. */
export const GENERATED_REPORT_TTL_DAYS = 30;

/** A JSON value of bounded depth is checked again by the kind's source; this only bounds its size. */
const SourceRequest = z.record(z.string().max(64), z.unknown());

export const GeneratedReportCreateRequest = z.strictObject({
  kind: z.enum(GENERATED_REPORT_KINDS),
  format: z.enum(GENERATED_REPORT_FORMATS),
  request: SourceRequest.default({}),
});
export type GeneratedReportCreateRequest = z.input<typeof GeneratedReportCreateRequest>;

export const GeneratedReportCreateResult = z.object({ id: Id, qid: Id });
export type GeneratedReportCreateResult = z.infer<typeof GeneratedReportCreateResult>;

export const GeneratedReportsListRequest = z.strictObject({
  page: Page.default(0),
  size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
});
export type GeneratedReportsListRequest = z.input<typeof GeneratedReportsListRequest>;

export const GeneratedReport = z.object({
  id: Id,
  kind: z.enum(GENERATED_REPORT_KINDS),
  format: z.enum(GENERATED_REPORT_FORMATS),
  state: z.enum(GENERATED_REPORT_STATES),
  /** The queue item writing it (while state is writing). */
  qid: Id.nullable(),
  /** A short human summary of the filter, in the language of the user who generated it. */
  filter: z.string(),
  /** The period, YYYY-MM-DD (UTC days, both included); null for a kind without dates. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  rows: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  created_by: z.object({ first_name: z.string(), last_name: z.string() }),
  created: UnixSeconds,
  expires: UnixSeconds,
});
export type GeneratedReport = z.infer<typeof GeneratedReport>;

export const GeneratedReportsListResult = z.object({ items: z.array(GeneratedReport), total: z.number().int() });
export type GeneratedReportsListResult = z.infer<typeof GeneratedReportsListResult>;

export const GeneratedReportIdRequest = z.strictObject({ id: Id });
export const GeneratedReportIdResult = z.object({ id: Id });
export const GeneratedReportCancelRequest = z.strictObject({ qid: Id });
export const GeneratedReportCancelResult = z.object({ qid: Id });

export const GeneratedReportDownloadQuery = z.strictObject({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  lang: z.enum(LANGS).optional(),
});

/** The home dashboard (/home): SIMs by state and the last 30 days of traffic and cost. */
export const DASHBOARD_USAGE_DAYS = 30;

export const DashboardSummary = z.object({
  sims: z.object({
    total: z.number().int(),
    active: z.number().int(),
    /** Blocked SIMs by block type (every type present, 0 when none). */
    blocked: z.record(z.enum(BLOCK_TYPES.filter((b) => b !== 'none') as [string, ...string[]]), z.number().int()),
  }),
  usage: z.object({
    /** One point per UTC day, oldest first, every day of the window present. */
    days: z.array(z.object({ day: z.string(), bytes: z.number().int(), cost: z.number() })),
    bytes: z.number().int(),
    cost: z.number(),
  }),
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;

/**
 * Generated report files and the home dashboard. A blocked company may still generate, cancel and
 * delete its files (they change no SIM): these actions are not `writable`.
 */
export const GENERATED_REPORTS_API = {
  create: action('/api/generated_reports/create', {
    body: GeneratedReportCreateRequest,
    result: GeneratedReportCreateResult,
    access: 'reports.run',
    writable: false,
    // Reading what the file holds: the SIM list, or a usage report.
    requires: (body) => (body.kind === 'sims' ? 'sims.read' : 'reports.read'),
  }),
  list: read('/api/generated_reports/list', { body: GeneratedReportsListRequest, result: GeneratedReportsListResult, access: 'reports.read' }),
  download: file('/api/generated_reports/download', { query: GeneratedReportDownloadQuery, access: 'reports.read' }),
  delete: action('/api/generated_reports/delete', { body: GeneratedReportIdRequest, result: GeneratedReportIdResult, access: 'reports.run', writable: false }),
  cancel: action('/api/generated_reports/cancel', {
    body: GeneratedReportCancelRequest,
    result: GeneratedReportCancelResult,
    access: 'reports.run',
    writable: false,
  }),
  dashboardSummary: read('/api/dashboard/summary', { body: EmptyBody, result: DashboardSummary, access: 'sims.read' }),
} as const;
