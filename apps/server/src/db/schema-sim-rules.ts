import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/* Roaming and country rules (issue 11). The network simulator's settings live in `settings`. */

/** A SIM's roaming setting as the network applied it, and the change it has not applied yet. */
export const simRoaming = pgTable(
  'sim_roaming',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    simId: bigint('sim_id', { mode: 'number' }).notNull(),
    /** off | zones | worldwide */
    mode: text('mode').notNull().default('off'),
    zones: jsonb('zones').$type<string[]>().notNull().default([]),
    pendingRequestId: bigint('pending_request_id', { mode: 'number' }),
    pendingMode: text('pending_mode'),
    pendingZones: jsonb('pending_zones').$type<string[]>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.simId] }),
    uniqueIndex('sim_roaming_sim_uq').on(t.simId),
    index('sim_roaming_pending_idx').on(t.pendingRequestId).where(sql`pending_request_id is not null`),
  ],
);

/** One roaming change asked for one or many SIMs; the network applies it at `due_at`. */
export const roamingRequests = pgTable(
  'roaming_requests',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    mode: text('mode').notNull(),
    zones: jsonb('zones').$type<string[]>().notNull().default([]),
    simCount: integer('sim_count').notNull(),
    /** A single SIM's ICCID, for the notification text. */
    iccid: text('iccid'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the (simulated) network applies it. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** Request time plus 3 working days: the latest it may apply. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('roaming_requests_id_uq').on(t.id),
    index('roaming_requests_due_idx').on(t.dueAt).where(sql`applied_at is null`),
  ],
);

/** Countries where TC-profile SIMs do not work from a date (spec §9). */
export const countryRules = pgTable(
  'country_rules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country: text('country').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('country_rules_country_uq').on(t.country)],
);
