import { z } from 'zod';
import { Id, Page } from './common.js';
import { SIM_PROFILES } from './constants.js';
import { read } from './endpoint.js';
import { CSV_FILTER_MAX_BYTES } from './sims.js';
import { SimLabel } from './sim-labels.js';

/**
 * Usage reports (spec §2 /report/*, ARCHITECTURE §7 Reports). One request shape per report; the
 * SIM filter is the cards list's (query, CSV of ICCIDs/numbers, group, company with its child
 * companies, profile) and the range is whole UTC days, `from` and `to` included.
 */

export const REPORT_KINDS = ['day', 'sessions', 'call_sms'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The longest range one report may cover, in days (both ends included). */
export const REPORT_RANGE_MAX_DAYS = 366;
export const REPORT_PAGE_SIZE = 25;
export const REPORT_PAGE_SIZE_MAX = 200;
/** Pages of the on-screen table stop here (offset paging); generation streams everything by keyset. */
export const REPORT_OFFSET_MAX = 100_000;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, YYYY-MM-DD (UTC). */
export const ReportDate = z
  .string()
  .regex(DATE_RE)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'not a calendar day')
  .describe('YYYY-MM-DD, a UTC day');

export const ReportFilter = z.strictObject({
  query: z.string().trim().max(100).optional(),
  profile: z.enum(SIM_PROFILES).nullish(),
  company: z.array(Id).max(200).optional(),
  /** With the child companies of `company` (or of the own company). */
  childs: z.boolean().optional(),
  group: Id.optional(),
  /** Only SIMs with this label (issue 25.6), as in the cards filter. */
  label: SimLabel.optional(),
  /** The CSV file's text: ICCIDs and/or numbers, as in the cards filter (spec §5). */
  csv: z.string().max(CSV_FILTER_MAX_BYTES).optional(),
});
export type ReportFilter = z.infer<typeof ReportFilter>;

/**
 * Dates are optional in the schema so that a missing one is answered with the spec's text
 * ('empty filter or dates field', code report_filter_empty) rather than a generic validation error.
 */
export const ReportRange = z.strictObject({ from: ReportDate.optional(), to: ReportDate.optional() });
export type ReportRange = z.infer<typeof ReportRange>;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

export const DAY_SORT_COLUMNS = ['day', 'iccid', 'sessions', 'bytes', 'sms_in', 'sms_out', 'calls_in', 'calls_out', 'cost'] as const;
export const SESSIONS_SORT_COLUMNS = ['started', 'iccid', 'duration', 'bytes', 'cost'] as const;
export const CALL_SMS_SORT_COLUMNS = ['started', 'iccid', 'kind', 'seconds', 'cost'] as const;
export type DaySortColumn = (typeof DAY_SORT_COLUMNS)[number];
export type SessionsSortColumn = (typeof SESSIONS_SORT_COLUMNS)[number];
export type CallSmsSortColumn = (typeof CALL_SMS_SORT_COLUMNS)[number];

const sortOf = <T extends readonly [string, ...string[]]>(columns: T) =>
  z.strictObject({ column: z.enum(columns), direction: z.enum(SORT_DIRECTIONS).default('desc') });

const common = {
  filter: ReportFilter.default({}),
  from: ReportDate.optional(),
  to: ReportDate.optional(),
  page: Page.default(0),
  size: z.number().int().min(1).max(REPORT_PAGE_SIZE_MAX).default(REPORT_PAGE_SIZE),
};

export const DayReportRequest = z.strictObject({
  ...common,
  /** One row per SIM and day instead of one per day. */
  by_sim: z.boolean().default(false),
  sort: sortOf(DAY_SORT_COLUMNS).optional(),
});
export const SessionsReportRequest = z.strictObject({ ...common, sort: sortOf(SESSIONS_SORT_COLUMNS).optional() });
export const CALL_SMS_KINDS = ['sms', 'call'] as const;
export const CallSmsReportRequest = z.strictObject({
  ...common,
  /** Only SMS or only calls ('kind' names the report in ReportRequest). */
  type: z.enum(CALL_SMS_KINDS).optional(),
  direction: z.enum(['in', 'out']).optional(),
  sort: sortOf(CALL_SMS_SORT_COLUMNS).optional(),
});
export type DayReportRequest = z.input<typeof DayReportRequest>;
export type DayReportQuery = z.output<typeof DayReportRequest>;
export type SessionsReportRequest = z.input<typeof SessionsReportRequest>;
export type SessionsReportQuery = z.output<typeof SessionsReportRequest>;
export type CallSmsReportRequest = z.input<typeof CallSmsReportRequest>;
export type CallSmsReportQuery = z.output<typeof CallSmsReportRequest>;

/** Any report with its kind: what generation (queue_report_generate) stores and streams. */
export const ReportRequest = z.discriminatedUnion('kind', [
  DayReportRequest.extend({ kind: z.literal('day') }),
  SessionsReportRequest.extend({ kind: z.literal('sessions') }),
  CallSmsReportRequest.extend({ kind: z.literal('call_sms') }),
]);
export type ReportRequest = z.input<typeof ReportRequest>;
export type ReportQuery = z.output<typeof ReportRequest>;

/** Sums over the filter and range; money in EUR, traffic in bytes, durations in seconds. */
export const UsageTotals = z.object({
  sessions: z.number().int(),
  session_seconds: z.number().int(),
  bytes_up: z.number().int(),
  bytes_down: z.number().int(),
  bytes: z.number().int(),
  sms_in: z.number().int(),
  sms_out: z.number().int(),
  calls_in: z.number().int(),
  calls_out: z.number().int(),
  call_seconds: z.number().int(),
  cost: z.number(),
});
export type UsageTotals = z.infer<typeof UsageTotals>;

/** One point of the chart: a day of the range (every day is present, zero when nothing happened). */
export const ReportChartPoint = UsageTotals.extend({ day: ReportDate });
export type ReportChartPoint = z.infer<typeof ReportChartPoint>;

export const DayReportRow = UsageTotals.extend({
  day: ReportDate,
  /** Set on per-SIM rows (by_sim). */
  sim_id: Id.nullable(),
  iccid: z.string().nullable(),
  msisdn: z.string().nullable(),
});
export type DayReportRow = z.infer<typeof DayReportRow>;

export const SessionReportRow = z.object({
  id: Id,
  sim_id: Id,
  iccid: z.string(),
  msisdn: z.string(),
  /** Unix seconds. */
  started: z.number().int(),
  ended: z.number().int(),
  duration: z.number().int(),
  bytes_up: z.number().int(),
  bytes_down: z.number().int(),
  bytes: z.number().int(),
  rat: z.string(),
  operator: z.string(),
  country: z.string(),
  cost: z.number(),
});
export type SessionReportRow = z.infer<typeof SessionReportRow>;

export const CallSmsReportRow = z.object({
  id: Id,
  sim_id: Id,
  iccid: z.string(),
  msisdn: z.string(),
  kind: z.enum(CALL_SMS_KINDS),
  direction: z.enum(['in', 'out']),
  peer: z.string(),
  started: z.number().int(),
  seconds: z.number().int(),
  operator: z.string(),
  country: z.string(),
  cost: z.number(),
});
export type CallSmsReportRow = z.infer<typeof CallSmsReportRow>;

const resultOfRows = <T extends z.ZodType>(row: T) =>
  z.object({
    items: z.array(row),
    /** Rows of the whole report (all pages). */
    total: z.number().int(),
    totals: UsageTotals,
    chart: z.array(ReportChartPoint),
  });

export const DayReportResult = resultOfRows(DayReportRow);
export const SessionsReportResult = resultOfRows(SessionReportRow);
export const CallSmsReportResult = resultOfRows(CallSmsReportRow);
export type DayReportResult = z.infer<typeof DayReportResult>;
export type SessionsReportResult = z.infer<typeof SessionsReportResult>;
export type CallSmsReportResult = z.infer<typeof CallSmsReportResult>;

/** The three usage reports; each answers chart, totals and one page of rows. */
/** The groups a report's Group filter offers: those of the company the filter names (in the caller's scope). */
export const ReportGroupsRequest = z.strictObject({ company: Id });
export const ReportGroup = z.object({ id: Id, name: z.string() });
export const ReportGroupsResult = z.object({ items: z.array(ReportGroup) });
export type ReportGroupsResult = z.infer<typeof ReportGroupsResult>;

export const REPORTS_API = {
  day: read('/api/reports/day', { body: DayReportRequest, result: DayReportResult, access: 'reports.read' }),
  sessions: read('/api/reports/sessions', { body: SessionsReportRequest, result: SessionsReportResult, access: 'reports.read' }),
  callSms: read('/api/reports/call_sms', { body: CallSmsReportRequest, result: CallSmsReportResult, access: 'reports.read' }),
  groups: read('/api/reports/groups', { body: ReportGroupsRequest, result: ReportGroupsResult, access: 'reports.read' }),
} as const;

/** Days from `from` to `to`, both included; NaN when a date is not valid. */
export function rangeDays(from: string, to: string): number {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  return Math.round((end - start) / 86_400_000) + 1;
}

/** True when the filter narrows the SIMs at all (the spec refuses a report without one). */
export function reportFilterGiven(filter: ReportFilter | undefined): boolean {
  if (!filter) return false;
  return Boolean(
    filter.query?.trim() || filter.profile || filter.company?.length || filter.childs || filter.group !== undefined || filter.label || filter.csv?.trim(),
  );
}
