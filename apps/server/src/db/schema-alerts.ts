import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * Alert rules (issue 25.4): a condition over one SIM, a label's SIMs, a group's SIMs or the whole
 * company, and what to do when a SIM meets it (notify the company's methods, block the SIM). A name
 * is unique in its company (case-insensitive), so ten identical parallel creates make one rule.
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    /** sim | label | group | company (contract ALERT_SCOPES); the matching target column is set. */
    scope: text('scope').notNull(),
    simId: bigint('sim_id', { mode: 'number' }),
    label: text('label'),
    groupId: bigint('group_id', { mode: 'number' }),
    /** data_mb | data_percent | sms_count | no_traffic_days | imei_change | country_enter */
    condition: text('condition').notNull(),
    /** MB, percent of the SIM's data limit, SMS or days; null for the conditions without one. */
    threshold: integer('threshold'),
    /** ISO 3166-1 alpha-2, for country_enter. */
    country: text('country'),
    notify: boolean('notify').notNull().default(true),
    block: boolean('block').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), uniqueIndex('alert_rules_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

/**
 * Each time a rule fired for a SIM. `period` says which occurrence it was (a month for usage
 * thresholds, an event for IMEI and country changes, a silence's start for no traffic): the unique
 * key makes a rule fire once per SIM and period however many batches or workers see it.
 */
export const alertFirings = pgTable(
  'alert_firings',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    ruleId: bigint('rule_id', { mode: 'number' }).notNull(),
    /** The rule's name when it fired (the list still names a deleted rule). */
    ruleName: text('rule_name').notNull(),
    condition: text('condition').notNull(),
    simId: bigint('sim_id', { mode: 'number' }).notNull(),
    period: text('period').notNull(),
    /** What was measured: MB, percent, SMS, days, the new IMEI or country. */
    value: text('value').notNull(),
    /** { notified: boolean, blocked: boolean } — blocked only when this firing blocked the SIM. */
    actions: jsonb('actions').$type<{ notified: boolean; blocked: boolean }>().notNull(),
    firedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('alert_firings_once_uq').on(t.companyId, t.ruleId, t.simId, t.period),
    index('alert_firings_time_idx').on(t.companyId, t.firedAt, t.id),
    index('alert_firings_sim_idx').on(t.companyId, t.simId, t.firedAt),
  ],
);

/**
 * IMEI lock (issue 25.5): the SIM may open data sessions only from this IMEI; another one writes an
 * imei_mismatch event and, with `block`, blocks the SIM.
 */
export const simImeiLocks = pgTable(
  'sim_imei_locks',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    simId: bigint('sim_id', { mode: 'number' }).notNull(),
    imei: text('imei').notNull(),
    block: boolean('block').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.simId] })],
);
