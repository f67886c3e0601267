import type { Lang } from '@cab/contract/constants';
import { GENERATED_REPORT_FORMATS, GENERATED_REPORT_KINDS } from '@cab/contract/generated-reports';
import {
  nextRunAfter,
  REPORT_SCHEDULE_CADENCES,
  REPORT_SCHEDULE_RUN_STATES,
  REPORT_SCHEDULES_MAX_PER_COMPANY,
  reportPeriodOf,
  type ReportSchedule,
  type ReportScheduleCadence,
  type ReportScheduleCreateRequest,
  type ReportSchedulesListResult,
  type ReportScheduleUpdateRequest,
} from '@cab/contract/report-schedules';
import type PgBoss from 'pg-boss';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { JOB_QUEUES } from '../../../job-queues.js';
import { auditActor, insertAudit } from '../audit/index.js';
import { reportSource } from '../generated-reports/index.js';
import * as repo from './repository.js';

export interface ReportSchedulesDeps {
  db: Db;
  jobs: PgBoss;
}

type CreateInput = ReportScheduleCreateRequest & { request: Record<string, unknown> };
type UpdateInput = ReportScheduleUpdateRequest & { request: Record<string, unknown> };

/** A kind with a period (the usage reports) gets each run's dates from its cadence; the SIM list has none. */
export function requestForRun(kind: string, request: Record<string, unknown>, cadence: ReportScheduleCadence, runAt: Date) {
  return kind === 'sims' ? request : { ...request, ...reportPeriodOf(cadence, runAt) };
}

/**
 * Checks a schedule's report request exactly as generating that report now would (the kind's own
 * zod, the caller's company scope), with the period its first run would cover. Dates are refused:
 * each run's period follows from the cadence.
 */
async function checkRequest(db: Db, principal: Principal, input: CreateInput, lang: Lang, nextRun: Date): Promise<string> {
  const source = reportSource(input.kind);
  if (!source) throw new AppError('validation_failed', { kind: 'invalid' });
  for (const key of ['from', 'to'])
    if (key in input.request) throw new AppError('validation_failed', { [`request.${key}`]: 'unknownField' });
  const checked = await source.check(db, principal, requestForRun(input.kind, input.request, input.cadence, nextRun), lang);
  return checked.filter;
}

async function fieldsOf(db: Db, principal: Principal, input: CreateInput, lang: Lang): Promise<repo.ScheduleFields> {
  const timing = { cadence: input.cadence, weekday: input.weekday ?? null, month_day: input.month_day ?? null, hour: input.hour };
  const nextRunAt = nextRunAfter(timing, new Date());
  const filterSummary = await checkRequest(db, principal, input, lang, nextRunAt);
  return {
    kind: input.kind,
    format: input.format,
    request: input.request,
    filterSummary,
    lang,
    cadence: input.cadence,
    // Only the field the cadence uses is kept, so an edit from weekly to daily leaves no stray weekday.
    weekday: input.cadence === 'weekly' ? timing.weekday : null,
    monthDay: input.cadence === 'monthly' ? timing.month_day : null,
    hour: input.hour,
    recipients: input.recipients,
    nextRunAt,
  };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function toSchedule(row: repo.ScheduleRow): ReportSchedule {
  const lastState = REPORT_SCHEDULE_RUN_STATES.find((s) => s === row.last_run_state);
  return {
    id: row.id,
    kind: GENERATED_REPORT_KINDS.find((k) => k === row.kind) ?? 'sessions',
    format: GENERATED_REPORT_FORMATS.find((f) => f === row.format) ?? 'csv',
    request: row.request,
    filter: row.filter_summary,
    cadence: REPORT_SCHEDULE_CADENCES.find((c) => c === row.cadence) ?? 'daily',
    weekday: row.weekday,
    month_day: row.month_day,
    hour: row.hour,
    recipients: row.recipients,
    paused: row.paused,
    next_run: row.paused ? null : seconds(row.next_run_at),
    last_run: row.last_run_at && lastState ? { at: seconds(row.last_run_at), state: lastState, report_id: row.last_report_id } : null,
    run_pending: row.run_requested,
    created_by: { first_name: row.first_name, last_name: row.last_name },
    created: seconds(row.created_at),
  };
}

/** The caller's company's schedules (every user of the company sees them, as they see its files). */
export async function listSchedules(db: Db, principal: Principal): Promise<ReportSchedulesListResult> {
  const rows = await repo.listSchedules(db, principal.companyId);
  return { items: rows.map(toSchedule), total: rows.length };
}

export async function createSchedule(db: Db, principal: Principal, input: CreateInput, lang: Lang): Promise<{ id: number }> {
  const fields = await fieldsOf(db, principal, input, lang);
  const { companyId } = principal;
  const id = await db.transaction(async (tx) => {
    await repo.lockCompanySchedules(tx, companyId);
    if ((await repo.countSchedules(tx, companyId)) >= REPORT_SCHEDULES_MAX_PER_COMPANY)
      throw new AppError('report_schedules_limit', undefined, { max: REPORT_SCHEDULES_MAX_PER_COMPANY });
    const created = await repo.insertSchedule(tx, companyId, principal.userId, fields);
    await insertAudit(tx, {
      ...auditActor(principal),
      action: 'report_schedule_create',
      details: { id: created, kind: input.kind, cadence: input.cadence, recipients: input.recipients.length },
    });
    return created;
  });
  return { id };
}

/** Replaces a schedule's report, timing and recipients; its next run is computed from the new timing. */
export async function updateSchedule(db: Db, principal: Principal, input: UpdateInput, lang: Lang): Promise<{ id: number }> {
  if (!(await repo.findSchedule(db, principal.companyId, input.id))) throw new AppError('not_found');
  const fields = await fieldsOf(db, principal, input, lang);
  const updated = await db.transaction(async (tx) => {
    if (!(await repo.updateSchedule(tx, principal.companyId, input.id, { ...fields, paused: input.paused }))) return false;
    await insertAudit(tx, { ...auditActor(principal), action: 'report_schedule_update', details: { id: input.id, paused: input.paused } });
    return true;
  });
  if (!updated) throw new AppError('not_found');
  return { id: input.id };
}

export async function deleteSchedule(db: Db, principal: Principal, id: number): Promise<{ id: number }> {
  const deleted = await db.transaction(async (tx) => {
    if (!(await repo.deleteSchedule(tx, principal.companyId, id))) return false;
    await insertAudit(tx, { ...auditActor(principal), action: 'report_schedule_delete', details: { id } });
    return true;
  });
  if (!deleted) throw new AppError('not_found');
  return { id };
}

/** Asks for a run now (a paused schedule too) and wakes a worker; the regular timing stays as it is. */
export async function runScheduleNow(deps: ReportSchedulesDeps, principal: Principal, id: number): Promise<{ id: number }> {
  if (!(await repo.requestRun(deps.db, principal.companyId, id))) throw new AppError('not_found');
  await insertAudit(deps.db, { ...auditActor(principal), action: 'report_schedule_run', details: { id } });
  await deps.jobs.send(JOB_QUEUES.reportSchedules, {});
  return { id };
}
