import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

export interface ScheduleRow {
  company_id: number;
  id: number;
  user_id: number;
  kind: string;
  format: string;
  request: Record<string, unknown>;
  filter_summary: string;
  lang: string;
  cadence: string;
  weekday: number | null;
  month_day: number | null;
  hour: number;
  recipients: string[];
  paused: boolean;
  next_run_at: Date;
  run_requested: boolean;
  run_owner: string | null;
  run_slot: Date | null;
  run_report_id: number | null;
  last_run_at: Date | null;
  last_run_state: string | null;
  last_report_id: number | null;
  created_at: Date;
  first_name: string;
  last_name: string;
}

const COLUMNS = sql`s.company_id::int as company_id, s.id::int as id, s.user_id::int as user_id, s.kind, s.format, s.request,
  s.filter_summary, s.lang, s.cadence, s.weekday::int as weekday, s.month_day::int as month_day, s.hour::int as hour,
  s.recipients, s.paused, s.next_run_at, s.run_requested, s.run_owner, s.run_slot, s.run_report_id::int as run_report_id,
  s.last_run_at, s.last_run_state, s.last_report_id::int as last_report_id, s.created_at,
  coalesce(u.first_name, '') as first_name, coalesce(u.last_name, '') as last_name`;

/** Timestamps come back as Dates from pg and as strings from some drivers' JSON paths: one shape here. */
function normalize(row: ScheduleRow): ScheduleRow {
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    ...row,
    next_run_at: new Date(row.next_run_at),
    run_slot: date(row.run_slot),
    last_run_at: date(row.last_run_at),
    created_at: new Date(row.created_at),
  };
}

export interface ScheduleFields {
  kind: string;
  format: string;
  request: Record<string, unknown>;
  filterSummary: string;
  lang: string;
  cadence: string;
  weekday: number | null;
  monthDay: number | null;
  hour: number;
  recipients: string[];
  nextRunAt: Date;
}

export async function listSchedules(db: Executor, companyId: number): Promise<ScheduleRow[]> {
  const rows = await queryRows<ScheduleRow>(
    db,
    sql`select ${COLUMNS} from report_schedules s left join users u on u.id = s.user_id
    where s.company_id = ${companyId} order by s.id`,
  );
  return rows.map(normalize);
}

export async function findSchedule(db: Executor, companyId: number, id: number): Promise<ScheduleRow | undefined> {
  const rows = await queryRows<ScheduleRow>(
    db,
    sql`select ${COLUMNS} from report_schedules s left join users u on u.id = s.user_id
    where s.company_id = ${companyId} and s.id = ${id}`,
  );
  return rows[0] && normalize(rows[0]);
}

/** Serializes creations of one company, so its count stays under the bound with parallel calls. */
export async function lockCompanySchedules(tx: Executor, companyId: number): Promise<void> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext('report_schedules'), ${companyId}::int)`);
}

export async function countSchedules(db: Executor, companyId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from report_schedules where company_id = ${companyId}`);
  return rows[0]?.n ?? 0;
}

export async function insertSchedule(db: Executor, companyId: number, userId: number, f: ScheduleFields): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into report_schedules (company_id, user_id, kind, format, request, filter_summary, lang, cadence, weekday,
      month_day, hour, recipients, next_run_at)
    values (${companyId}, ${userId}, ${f.kind}, ${f.format}, ${JSON.stringify(f.request)}::jsonb, ${f.filterSummary}, ${f.lang},
      ${f.cadence}, ${f.weekday}, ${f.monthDay}, ${f.hour}, ${JSON.stringify(f.recipients)}::jsonb, ${f.nextRunAt.toISOString()}::timestamptz)
    returning id::int as id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('report schedule insert returned no id');
  return id;
}

export async function updateSchedule(
  db: Executor,
  companyId: number,
  id: number,
  f: ScheduleFields & { paused: boolean },
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update report_schedules set kind = ${f.kind}, format = ${f.format}, request = ${JSON.stringify(f.request)}::jsonb,
      filter_summary = ${f.filterSummary}, lang = ${f.lang}, cadence = ${f.cadence}, weekday = ${f.weekday},
      month_day = ${f.monthDay}, hour = ${f.hour}, recipients = ${JSON.stringify(f.recipients)}::jsonb, paused = ${f.paused},
      next_run_at = ${f.nextRunAt.toISOString()}::timestamptz, updated_at = now()
    where company_id = ${companyId} and id = ${id} returning id`,
  );
  return rows.length > 0;
}

export async function deleteSchedule(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await queryRows(db, sql`delete from report_schedules where company_id = ${companyId} and id = ${id} returning id`);
  return rows.length > 0;
}

/** "Run now": a flag, so ten clicks ask for one run. */
export async function requestRun(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update report_schedules set run_requested = true where company_id = ${companyId} and id = ${id} returning id`,
  );
  return rows.length > 0;
}

/**
 * Leases up to `limit` schedules that are due (or asked to run now) and not held by a live worker.
 * `skip locked`: two workers claiming at once take different rows. A stale lease (its worker died)
 * is taken over with its slot and the report it started, so the run goes on where it stopped.
 */
export async function claimDueSchedules(db: Executor, owner: string, leaseSeconds: number, limit: number): Promise<ScheduleRow[]> {
  const rows = await queryRows<ScheduleRow>(
    db,
    sql`with due as (
      select company_id, id from report_schedules
      where ((not paused and next_run_at <= now()) or run_requested)
        and (run_owner is null or run_lease_until < now())
      order by next_run_at
      limit ${limit}
      for update skip locked
    ), claimed as (
      update report_schedules s set
        run_slot = case when s.run_owner is not null then s.run_slot
                        when not s.paused and s.next_run_at <= now() then s.next_run_at end,
        run_report_id = case when s.run_owner is not null then s.run_report_id end,
        run_owner = ${owner},
        run_lease_until = now() + make_interval(secs => ${leaseSeconds})
      from due where s.company_id = due.company_id and s.id = due.id
      returning s.*
    )
    select ${COLUMNS} from claimed s left join users u on u.id = s.user_id`,
  );
  return rows.map(normalize);
}

export interface RunRef {
  companyId: number;
  id: number;
  owner: string;
}

/** Extends the lease while the run still holds it; false when another worker took it over. */
export async function renewLease(db: Executor, run: RunRef, leaseSeconds: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update report_schedules set run_lease_until = now() + make_interval(secs => ${leaseSeconds})
    where company_id = ${run.companyId} and id = ${run.id} and run_owner = ${run.owner} returning id`,
  );
  return rows.length > 0;
}

/** Records the report a run started, in the transaction that creates it; false when the lease was lost. */
export async function setRunReport(db: Executor, run: RunRef, reportId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update report_schedules set run_report_id = ${reportId}
    where company_id = ${run.companyId} and id = ${run.id} and run_owner = ${run.owner} returning id`,
  );
  return rows.length > 0;
}

/** Hands a run back without ending it (the company's queue is full): the next tick tries again. */
export async function releaseRun(db: Executor, run: RunRef): Promise<void> {
  await queryRows(
    db,
    sql`update report_schedules set run_owner = null, run_lease_until = null
    where company_id = ${run.companyId} and id = ${run.id} and run_owner = ${run.owner} returning id`,
  );
}

/**
 * Ends a run once: only while `owner` holds it. A regular run moves next_run_at on (unless an edit
 * moved it meanwhile); a "run now" clears its request. Answers false when the run was not this worker's.
 */
export async function finishRun(
  db: Executor,
  run: RunRef,
  outcome: { state: string; reportId: number | null; error: string | null; nextRunAt: Date | null },
): Promise<boolean> {
  const next = outcome.nextRunAt?.toISOString() ?? null;
  const rows = await queryRows(
    db,
    sql`update report_schedules set
      next_run_at = case when run_slot is not null and next_run_at = run_slot and ${next}::timestamptz is not null
                         then ${next}::timestamptz else next_run_at end,
      run_requested = case when run_slot is null then false else run_requested end,
      last_run_at = now(), last_run_state = ${outcome.state}, last_report_id = ${outcome.reportId},
      last_error = ${outcome.error},
      run_owner = null, run_lease_until = null, run_slot = null, run_report_id = null
    where company_id = ${run.companyId} and id = ${run.id} and run_owner = ${run.owner} returning id`,
  );
  return rows.length > 0;
}

/** The author of a schedule as a run acts: active, in a company that still exists. */
export async function findRunAuthor(db: Executor, companyId: number, userId: number) {
  const rows = await queryRows<{ role: string; lang: string; company_blocked: boolean; registration_complete: boolean }>(
    db,
    sql`select u.role, u.lang, c.blocked as company_blocked, c.registration_complete
    from users u join companies c on c.id = u.company_id
    where u.id = ${userId} and u.company_id = ${companyId} and u.active and u.deleted_at is null and c.deleted_at is null`,
  );
  return rows[0];
}
