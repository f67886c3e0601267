import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Report files generated in the background (queue_report_generate). The file itself lives in the
 * FileStore under `file_key` (built from ids only); this row is what /generated_reports lists.
 * A deleted, expired or cancelled file keeps its row for a short while as a tombstone (state says
 * which), so a download of it answers why it is gone; the expiry job removes tombstones later.
 */
export const generatedReports = pgTable(
  'generated_reports',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    queueId: bigint('queue_id', { mode: 'number' }),
    /** A registered row source: day | sessions | call_sms | sims */
    kind: text('kind').notNull(),
    /** csv | xlsx */
    format: text('format').notNull(),
    /** writing | ready | failed | cancelled | deleted | expired */
    state: text('state').notNull().default('writing'),
    /** What the source needs to run again in a worker: its parsed request and the caller's scope. */
    params: jsonb('params').notNull().default({}),
    /** Column headers and the filter summary are in this language. */
    lang: text('lang').notNull().default('ru'),
    filterSummary: text('filter_summary').notNull().default(''),
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    rows: bigint('rows', { mode: 'number' }),
    bytes: bigint('bytes', { mode: 'number' }),
    fileKey: text('file_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the row stopped being a file (deleted, expired, cancelled): tombstones are purged after a while. */
    goneAt: timestamp('gone_at', { withTimezone: true }),
    /**
     * The worker writing the file holds a lease: its id and its last heartbeat. A lease older than
     * QUEUE_STALE_SECONDS is a dead worker's, and another worker takes the file over.
     */
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Times a worker started writing it; past a few (a file that kills its worker) it fails. */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('generated_reports_list_idx').on(t.companyId, t.state, t.id),
    index('generated_reports_expiry_idx').on(t.expiresAt),
    index('generated_reports_writing_idx').on(t.claimedAt).where(sql`state = 'writing'`),
  ],
);
