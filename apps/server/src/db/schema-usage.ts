import { bigint, bigserial, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * Usage for reports (ARCHITECTURE §7 Reports): raw detail records and daily rollups.
 *
 * - Raw records carry `record_key`, unique per company: the network's own id of the record (the
 *   simulator derives it from SIM, tick and kind; a CDR feed would use its CDR id). Ingestion inserts
 *   with ON CONFLICT DO NOTHING and adds to the rollups only what was really inserted, in the same
 *   statement, so a re-delivered or re-run batch never counts twice and a crash counts nothing.
 * - Every raw index leads with (company_id, started_at) or (company_id, sim_id, started_at): a report
 *   over a date range reads only its days, never older data. Raw rows older than 18 months are
 *   deleted by the housekeeping job in bounded batches; rollups live as long as the SIM.
 * - Days are UTC days.
 */

/** Data sessions. */
export const usageSessions = pgTable(
  'usage_sessions',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    simId: bigint('sim_id', { mode: 'number' }).notNull(),
    recordKey: text('record_key').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    bytesUp: bigint('bytes_up', { mode: 'number' }).notNull().default(0),
    bytesDown: bigint('bytes_down', { mode: 'number' }).notNull().default(0),
    /** 2G | 3G | 4G | NB-IoT | LTE-M */
    rat: text('rat').notNull(),
    /** MCC-MNC of the serving network, e.g. 250-01. */
    operator: text('operator').notNull(),
    /** ISO 3166-1 alpha-2 of the serving network. */
    country: text('country').notNull(),
    costCents: integer('cost_cents').notNull().default(0),
    /** IMEI(SV) of the device in the session, when the network told it (RADIUS 3GPP-IMEISV). */
    imei: text('imei'),
  },
  (t) => [
    // The partition key (started_at) is in every unique key: PostgreSQL requires it of a partitioned table.
    primaryKey({ columns: [t.companyId, t.id, t.startedAt] }),
    uniqueIndex('usage_sessions_key_uq').on(t.companyId, t.recordKey, t.startedAt),
    // INCLUDE (sim_id) is migration 0045's: drizzle cannot declare INCLUDE.
    index('usage_sessions_time_idx').on(t.companyId, t.startedAt, t.id),
    index('usage_sessions_sim_idx').on(t.companyId, t.simId, t.startedAt, t.id),
    // Retention finds old rows across companies; rows arrive roughly in time order, so BRIN is tiny.
    index('usage_sessions_started_brin').using('brin', t.startedAt),
  ],
);

/** SMS and voice calls. */
export const usageEvents = pgTable(
  'usage_events',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    simId: bigint('sim_id', { mode: 'number' }).notNull(),
    recordKey: text('record_key').notNull(),
    /** sms | call */
    kind: text('kind').notNull(),
    /** in | out */
    direction: text('direction').notNull(),
    /** The other party's number (international format, digits only). */
    peer: text('peer').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Call duration; 0 for SMS. */
    seconds: integer('seconds').notNull().default(0),
    operator: text('operator').notNull(),
    country: text('country').notNull(),
    costCents: integer('cost_cents').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id, t.startedAt] }),
    uniqueIndex('usage_events_key_uq').on(t.companyId, t.recordKey, t.startedAt),
    // INCLUDE (sim_id, kind, direction) is migration 0045's: drizzle cannot declare INCLUDE.
    index('usage_events_time_idx').on(t.companyId, t.startedAt, t.id),
    index('usage_events_sim_idx').on(t.companyId, t.simId, t.startedAt, t.id),
    index('usage_events_started_brin').using('brin', t.startedAt),
  ],
);

const counters = () => ({
  sessions: integer('sessions').notNull().default(0),
  sessionSeconds: bigint('session_seconds', { mode: 'number' }).notNull().default(0),
  bytesUp: bigint('bytes_up', { mode: 'number' }).notNull().default(0),
  bytesDown: bigint('bytes_down', { mode: 'number' }).notNull().default(0),
  smsIn: integer('sms_in').notNull().default(0),
  smsOut: integer('sms_out').notNull().default(0),
  callsIn: integer('calls_in').notNull().default(0),
  callsOut: integer('calls_out').notNull().default(0),
  callSeconds: bigint('call_seconds', { mode: 'number' }).notNull().default(0),
  costCents: bigint('cost_cents', { mode: 'number' }).notNull().default(0),
});

/** Per SIM and UTC day: what the raw records of that SIM and day add up to. */
export const usageDaily = pgTable(
  'usage_daily',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    simId: bigint('sim_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...counters(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.simId, t.day] }), index('usage_daily_day_idx').on(t.companyId, t.day, t.simId)],
);

/**
 * How many per-SIM day rows (usage_daily) a coarser rollup row stands for: the row count of a day
 * report by SIM, without counting them.
 */
const simDays = () => ({ simDays: integer('sim_days').notNull().default(0) });

/** Per company and UTC day: the whole company's day report without reading one row per SIM. */
export const usageDailyCompany = pgTable(
  'usage_daily_company',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...simDays(),
    ...counters(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

/**
 * Per company, tariff profile and UTC day: a report filtered by profile (a fifth of a company, say)
 * without reading one row per SIM and day (issue 26: 60,000 SIMs × 30 days took 1.2 s). A SIM's
 * profile is set when it is issued and never changes, so the row its usage went to stays right.
 */
export const usageDailyProfile = pgTable(
  'usage_daily_profile',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    profile: text('profile').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...simDays(),
    ...counters(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.profile, t.day] })],
);

/**
 * Per group and UTC day, and per label and UTC day: the usage of the group's (label's) SIMs of
 * today, all their history included, so a report by group or label reads one row a day. Membership
 * changes: a trigger on sim_group_members and sim_labels (migration 0035) adds a SIM's whole
 * history when it joins and takes it away when it leaves, and each usage batch adds to the rows of
 * the SIM's groups and labels of that moment; an advisory lock per company orders the two (the
 * batch holds it shared, the membership change alone), so none is counted twice or missed.
 */
export const usageDailyGroup = pgTable(
  'usage_daily_group',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...simDays(),
    ...counters(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.groupId, t.day] })],
);

export const usageDailyLabel = pgTable(
  'usage_daily_label',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    label: text('label').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...simDays(),
    ...counters(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.label, t.day] })],
);
