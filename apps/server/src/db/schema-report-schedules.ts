import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Scheduled reports (issue 25.8): a generated report kind, its filter and a UTC cadence; each run
 * writes a generated report (kept in Downloads) and mails it to `recipients`.
 *
 * A run is claimed with a lease (`run_owner`, `run_lease_until`) by whichever worker finds it due
 * first (`for update skip locked`); the report the run started is written down (`run_report_id`) in
 * the transaction that creates it, so a worker taking over a dead one's run mails that same file
 * instead of making another, and `next_run_at` moves on in the statement that ends the run.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    /** Whose rights a run uses (the report's scope is checked as that user's each run). */
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** A generated report kind: day | sessions | call_sms | sims */
    kind: text('kind').notNull(),
    /** csv | xlsx */
    format: text('format').notNull(),
    /** The report's own request without dates, checked by the kind's source. */
    request: jsonb('request').notNull().default({}),
    filterSummary: text('filter_summary').notNull().default(''),
    /** Mail texts, headers and the filter summary are in this language. */
    lang: text('lang').notNull().default('ru'),
    /** daily | weekly | monthly; every time is UTC. */
    cadence: text('cadence').notNull(),
    /** ISO weekday 1–7 (weekly). */
    weekday: smallint('weekday'),
    /** 1–31, the month's last day when it is shorter (monthly). */
    monthDay: smallint('month_day'),
    hour: smallint('hour').notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    paused: boolean('paused').notNull().default(false),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    /** "Run now" was asked and no run has served it yet. */
    runRequested: boolean('run_requested').notNull().default(false),
    /** The worker running it and until when its lease holds (renewed while the file is written). */
    runOwner: text('run_owner'),
    runLeaseUntil: timestamp('run_lease_until', { withTimezone: true }),
    /** The regular run being served (its next_run_at when claimed); null for a "run now". */
    runSlot: timestamp('run_slot', { withTimezone: true }),
    runReportId: bigint('run_report_id', { mode: 'number' }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** sent | linked | failed */
    lastRunState: text('last_run_state'),
    lastReportId: bigint('last_report_id', { mode: 'number' }),
    /** Why the last run failed (for the log and support; not shown raw to users). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // What the runner looks for: active schedules by due time (a "run now" is found by its own index).
    index('report_schedules_due_idx').on(t.nextRunAt).where(sql`not paused`),
    index('report_schedules_requested_idx').on(t.companyId).where(sql`run_requested`),
  ],
);
