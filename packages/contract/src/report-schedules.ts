import { z } from 'zod';
import { Email, EmptyBody, Id, UnixSeconds } from './common.js';
import { GENERATED_REPORT_FORMATS, GENERATED_REPORT_KINDS } from './generated-reports.js';
import { action, read } from './endpoint.js';

/**
 * Scheduled reports (issue 25.8): a generated report kind (a usage report or the SIM list export)
 * written on a cadence, kept in Downloads like a file made by hand, and e-mailed to chosen addresses.
 * Every time is UTC: a run is due at `hour`:00 UTC, so a cadence never shifts with daylight saving.
 */
export const REPORT_SCHEDULE_CADENCES = ['daily', 'weekly', 'monthly'] as const;
export type ReportScheduleCadence = (typeof REPORT_SCHEDULE_CADENCES)[number];

/** How the last run ended: mailed with the file attached, mailed with a link (file too big), or failed. */
export const REPORT_SCHEDULE_RUN_STATES = ['sent', 'linked', 'failed'] as const;
export type ReportScheduleRunState = (typeof REPORT_SCHEDULE_RUN_STATES)[number];

export const REPORT_SCHEDULE_MAX_RECIPIENTS = 10;
export const REPORT_SCHEDULES_MAX_PER_COMPANY = 50;
/** A file up to this size travels attached; a bigger one is linked to Downloads instead. */
export const REPORT_SCHEDULE_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/** The report's own request without dates: each run's period follows from its cadence (reportPeriodOf). */
const ScheduledRequest = z.record(z.string().max(64), z.unknown());

/** When a schedule runs: every day, on an ISO weekday (1 Monday … 7 Sunday) or on a day of the month. */
export const ReportScheduleTiming = z.strictObject({
  cadence: z.enum(REPORT_SCHEDULE_CADENCES),
  /** Weekly only. */
  weekday: z.number().int().min(1).max(7).nullish(),
  /** Monthly only; a month without that day runs on its last day. */
  month_day: z.number().int().min(1).max(31).nullish(),
  /** The UTC hour of the run. */
  hour: z.number().int().min(0).max(23),
});
export type ReportScheduleTiming = z.infer<typeof ReportScheduleTiming>;

const scheduleFields = {
  kind: z.enum(GENERATED_REPORT_KINDS),
  format: z.enum(GENERATED_REPORT_FORMATS),
  request: ScheduledRequest.default({}),
  ...ReportScheduleTiming.shape,
  recipients: z.array(Email).min(1).max(REPORT_SCHEDULE_MAX_RECIPIENTS),
};

/** A weekly schedule names its weekday and a monthly one its day; duplicate addresses are refused. */
function timingComplete(value: { cadence: ReportScheduleCadence; weekday?: number | null; month_day?: number | null; recipients: string[] }, ctx: z.RefinementCtx) {
  if (value.cadence === 'weekly' && value.weekday == null) ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'required' });
  if (value.cadence === 'monthly' && value.month_day == null) ctx.addIssue({ code: 'custom', path: ['month_day'], message: 'required' });
  const seen = new Set<string>();
  value.recipients.forEach((address, index) => {
    const key = address.toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['recipients', index], message: 'duplicate' });
    seen.add(key);
  });
}

export const ReportScheduleCreateRequest = z.strictObject(scheduleFields).superRefine(timingComplete);
export type ReportScheduleCreateRequest = z.input<typeof ReportScheduleCreateRequest>;

export const ReportScheduleUpdateRequest = z
  .strictObject({ id: Id, ...scheduleFields, paused: z.boolean() })
  .superRefine(timingComplete);
export type ReportScheduleUpdateRequest = z.input<typeof ReportScheduleUpdateRequest>;

export const ReportSchedule = z.object({
  id: Id,
  kind: z.enum(GENERATED_REPORT_KINDS),
  format: z.enum(GENERATED_REPORT_FORMATS),
  request: z.record(z.string(), z.unknown()),
  /** A short human summary of the filter, in the language of the user who saved it. */
  filter: z.string(),
  cadence: z.enum(REPORT_SCHEDULE_CADENCES),
  weekday: z.number().int().nullable(),
  month_day: z.number().int().nullable(),
  hour: z.number().int(),
  recipients: z.array(z.string()),
  paused: z.boolean(),
  /** The next regular run (null while paused). */
  next_run: UnixSeconds.nullable(),
  last_run: z
    .object({ at: UnixSeconds, state: z.enum(REPORT_SCHEDULE_RUN_STATES), report_id: Id.nullable() })
    .nullable(),
  /** A run asked for with "run now" that has not ended yet. */
  run_pending: z.boolean(),
  created_by: z.object({ first_name: z.string(), last_name: z.string() }),
  created: UnixSeconds,
});
export type ReportSchedule = z.infer<typeof ReportSchedule>;

export const ReportSchedulesListResult = z.object({ items: z.array(ReportSchedule), total: z.number().int() });
export type ReportSchedulesListResult = z.infer<typeof ReportSchedulesListResult>;

export const ReportScheduleIdRequest = z.strictObject({ id: Id });
export const ReportScheduleIdResult = z.object({ id: Id });

/** Whoever may generate a file of a kind may schedule it: the same permissions as generated_reports/create. */
const kindPermission = (body: { kind: string }) => (body.kind === 'sims' ? 'sims.read' : 'reports.read');

export const REPORT_SCHEDULES_API = {
  list: read('/api/report_schedules/list', { body: EmptyBody, result: ReportSchedulesListResult, access: 'reports.read' }),
  create: action('/api/report_schedules/create', {
    body: ReportScheduleCreateRequest,
    result: ReportScheduleIdResult,
    access: 'reports.run',
    writable: false,
    requires: kindPermission,
  }),
  update: action('/api/report_schedules/update', {
    body: ReportScheduleUpdateRequest,
    result: ReportScheduleIdResult,
    access: 'reports.run',
    writable: false,
    requires: kindPermission,
  }),
  delete: action('/api/report_schedules/delete', { body: ReportScheduleIdRequest, result: ReportScheduleIdResult, access: 'reports.run', writable: false }),
  runNow: action('/api/report_schedules/run', { body: ReportScheduleIdRequest, result: ReportScheduleIdResult, access: 'reports.run', writable: false }),
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The run at `hour` UTC on the given day of a month, the month's last day when it has fewer days. */
function monthlyRun(year: number, month: number, day: number, hour: number): Date {
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, last), hour));
}

/** The first run of a timing strictly after `after` (UTC; no daylight saving shifts a run). */
export function nextRunAfter(timing: ReportScheduleTiming, after: Date): Date {
  const { hour } = timing;
  if (timing.cadence === 'monthly') {
    const day = timing.month_day ?? 1;
    for (let ahead = 0; ; ahead++) {
      const run = monthlyRun(after.getUTCFullYear(), after.getUTCMonth() + ahead, day, hour);
      if (run > after) return run;
    }
  }
  const today = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), hour);
  for (let ahead = 0; ; ahead++) {
    const run = new Date(today + ahead * DAY_MS);
    const isoWeekday = run.getUTCDay() === 0 ? 7 : run.getUTCDay();
    if (run > after && (timing.cadence === 'daily' || isoWeekday === (timing.weekday ?? 1))) return run;
  }
}

/**
 * The UTC days a run at `runAt` reports on (both included): the day before for a daily schedule, the
 * seven days before for a weekly one, the calendar month before for a monthly one.
 */
export function reportPeriodOf(cadence: ReportScheduleCadence, runAt: Date): { from: string; to: string } {
  const yesterday = new Date(Date.UTC(runAt.getUTCFullYear(), runAt.getUTCMonth(), runAt.getUTCDate()) - DAY_MS);
  if (cadence === 'daily') return { from: utcDay(yesterday), to: utcDay(yesterday) };
  if (cadence === 'weekly') return { from: utcDay(new Date(yesterday.getTime() - 6 * DAY_MS)), to: utcDay(yesterday) };
  const first = new Date(Date.UTC(runAt.getUTCFullYear(), runAt.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(runAt.getUTCFullYear(), runAt.getUTCMonth(), 0));
  return { from: utcDay(first), to: utcDay(last) };
}
