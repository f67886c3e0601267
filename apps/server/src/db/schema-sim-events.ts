import { bigint, bigserial, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * The network event log (issue 25.2): what happened to a SIM — attach/detach, data sessions, IMEI,
 * country or operator changes, blocks and unblocks with who or what did them, limits, SMS. Kept 30
 * days (the sim-events retention job deletes older rows). Plain btree indexes scanned backwards serve
 * the "newest first" orders (a `.desc()` index would be NULLS LAST and not serve them).
 */
export const simEvents = pgTable(
  'sim_events',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    simId: bigint('sim_id', { mode: 'number' }).notNull(),
    /** One of SIM_EVENT_TYPES (contract sim-events.ts). */
    type: text('type').notNull(),
    /** When it happened on the network (a session's start or end), not when it was written. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Who or what did it: one of SIM_EVENT_ACTOR_KINDS. */
    actorKind: text('actor_kind').notNull(),
    /** The actor's name: a user's e-mail, an alert rule's name, a NAS; null for the network itself. */
    actorLabel: text('actor_label'),
    /** A few bounded values (operator, country, IMEI, bytes, reason); see recordSimEvents. */
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    // The partition key (at) is in the primary key: PostgreSQL requires it of a partitioned table.
    primaryKey({ columns: [t.companyId, t.id, t.at] }),
    index('sim_events_sim_idx').on(t.companyId, t.simId, t.at, t.id),
    index('sim_events_company_time_idx').on(t.companyId, t.at, t.id),
    index('sim_events_company_type_idx').on(t.companyId, t.type, t.at, t.id),
    // Retention deletes by age across all companies.
    index('sim_events_at_idx').on(t.at),
  ],
);
