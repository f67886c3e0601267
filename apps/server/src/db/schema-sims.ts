import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/*
 * SIM cards, their groups, what the network knows of them, and their usage records. Like every
 * tenant table, the keys lead with company_id (ARCHITECTURE §4).
 */

export const sims = pgTable(
  'sims',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    iccid: text('iccid').notNull(),
    msisdn: text('msisdn').notNull(),
    /** The subscriber identity in the HLR; null for SIMs that came from no stock file. */
    imsi: text('imsi'),
    name: text('name'),
    profile: text('profile').notNull(),
    blockType: text('block_type').notNull().default('none'),
    blockReason: text('block_reason'),
    msuCents: integer('msu_cents'),
    package: text('package'),
    limitMb: integer('limit_mb'),
    balanceCents: integer('balance_cents'),
    externalId: text('external_id'),
    m25Id: text('m25_id'),
    /** What the cards filter's substring search looks in (pg_trgm index). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`iccid || ' ' || msisdn || ' ' || lower(coalesce(name, '')) || ' ' || lower(coalesce(external_id, ''))`,
    ),
    /** Blocked for any reason; a plain boolean the tenant search index can hold. */
    isBlocked: boolean('is_blocked').generatedAlwaysAs(sql`block_type <> 'none'`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('sims_iccid_uq').on(t.iccid),
    uniqueIndex('sims_imsi_uq').on(t.imsi),
    uniqueIndex('sims_id_uq').on(t.id),
    index('sims_msisdn_idx').on(t.msisdn),
    // One index per sortable column, each leading with the tenant and ending with the tie-breaker.
    index('sims_company_iccid_idx').on(t.companyId, t.iccid),
    index('sims_company_msisdn_idx').on(t.companyId, t.msisdn),
    index('sims_company_name_idx').on(t.companyId, t.name, t.id),
    // Descending by name keeps unnamed SIMs last too, so this index serves that order directly.
    index('sims_company_name_desc_idx').on(t.companyId, t.name.desc().nullsLast(), t.id.desc()),
    index('sims_company_profile_idx').on(t.companyId, t.profile, t.id),
    index('sims_company_block_idx').on(t.companyId, t.blockType, t.id),
    index('sims_company_added_idx').on(t.companyId, t.createdAt, t.id),
    // The state filters (blocked, not blocked, MSU, each with a profile) and their capped counts are
    // index-only scans of this one; the partial twin does the same for SIMs without a name. The id
    // at the end lets a group filter join them to the group's members without reading the table.
    index('sims_company_state_idx').on(t.companyId, t.isBlocked, t.profile, t.blockType, t.id),
    index('sims_company_unnamed_idx')
      .on(t.companyId, t.isBlocked, t.profile, t.blockType, t.id)
      .where(sql`${t.name} is null or ${t.name} = ''`),
    // Blocked by MSU is rare: its own small index answers it for one company or for all of them
    // (root), index-only, where the state index would be read whole without a company.
    index('sims_msu_idx')
      .on(t.companyId, t.profile, t.id)
      .where(sql`${t.isBlocked} and ${t.blockType} = 'msu'`),
    // sims_company_search_cover_idx (company_id, id) INCLUDE (search_text) is migration 0036's: drizzle cannot declare INCLUDE.
    // Tenant first (btree_gin), so a substring search reads only the company's part of the index;
    // profile and blocked narrow it inside the same index scan.
    index('sims_company_search_trgm_idx').using(
      'gin',
      t.companyId,
      t.profile,
      t.isBlocked,
      sql`${t.searchText} gin_trgm_ops`,
    ),
  ],
);

export const simGroups = pgTable(
  'sim_groups',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('sim_groups_name_uq').on(t.companyId, sql`lower(${t.name})`),
  ],
);

export const simGroupMembers = pgTable(
  'sim_group_members',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    simId: bigint('sim_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.groupId, t.simId] }),
    index('sim_group_members_sim_idx').on(t.companyId, t.simId),
    index('sim_group_members_group_idx').on(t.groupId, t.simId),
  ],
);

/**
 * Free labels of SIMs (issue 25.6): one row per SIM and label, a company's labels its own.
 * A table rather than a `labels text[]` column with a GIN index, chosen by the plans at 300,000 SIMs
 * of one company on PostgreSQL 15 (0.1%, 10% and 50% of them labelled): a page sorted by ICCID is
 * as quick either way (≤ 12 ms), but the list's capped count of a common label reads 10,001 entries of
 * this key index-only (39 ms) where the GIN bitmap must first collect all 150,000 matches (83 ms);
 * "the SIMs with label X of company C" (event log, alert rules, bulk operations) is one range of the
 * key; and labelling 100,000 SIMs inserts narrow rows instead of rewriting the wide SIM rows and
 * every index of `sims` (its trigram GIN included). Members of a group are kept the same way.
 */
export const simLabels = pgTable(
  'sim_labels',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    label: text('label').notNull(),
    simId: bigint('sim_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.label, t.simId] }),
    // A SIM's own labels (its page, the list's chips, the per-SIM bound).
    index('sim_labels_sim_idx').on(t.companyId, t.simId, t.label),
    // The contract bounds labels; the database refuses anything else that slips past.
    check('sim_labels_label_length', sql`char_length(${t.label}) between 1 and 32 and ${t.label} = btrim(${t.label})`),
  ],
);

/**
 * The lines of a CSV bulk edit (issue 25.6: ICCID; name; external id; labels), one row per line of
 * the file under its queue item, with what became of it. Lines whose ICCID names no SIM of the
 * company have no SIM, which is why they are kept here rather than in queue_results.
 */
export const simEditLines = pgTable(
  'sim_edit_lines',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    queueId: bigint('queue_id', { mode: 'number' }).notNull(),
    /** The line's number in the file (1-based, the header counted). */
    line: integer('line').notNull(),
    iccid: text('iccid').notNull(),
    /** The SIM the ICCID names within the user's companies; null when it names none. */
    simId: bigint('sim_id', { mode: 'number' }),
    /** Null leaves the SIM's value as it is; '' clears it. */
    name: text('name'),
    externalId: text('external_id'),
    /** Null leaves the SIM's labels as they are; otherwise they become these ({} clears them). */
    labels: text('labels').array(),
    /** The contract's SIM_EDIT_LINE_STATUSES. */
    status: text('status').notNull().default('pending'),
    /** Which value was invalid and why (status invalid): the contract's SIM_EDIT_INVALID_REASONS. */
    reason: text('reason'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.queueId, t.line] }),
    index('sim_edit_lines_pending_idx').on(t.companyId, t.queueId, t.status, t.line),
    // The run reads the lines of the SIMs it claimed.
    index('sim_edit_lines_sim_idx').on(t.companyId, t.queueId, t.simId),
  ],
);

/** What the network knows of a SIM right now; written by the network adapter, read by the SIM page. */
export const simNetworkState = pgTable(
  'sim_network_state',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    simId: bigint('sim_id', { mode: 'number' }).notNull(),
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    imei: text('imei'),
    cell: text('cell'),
    rat: text('rat'),
    /** MCC-MNC of the serving network as RADIUS accounting reports it (3GPP-SGSN-MCC-MNC), e.g. 250-01. */
    operator: text('operator'),
    sessionStartedAt: timestamp('session_started_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.simId] }),
    // Quick search by IMEI or its prefix; IMEIs are nearly unique, so the company is checked after.
    index('sim_network_state_imei_idx').on(sql`${t.imei} text_pattern_ops`),
  ],
);

/** Data sessions, SMS and calls of a SIM. */
export const simUsage = pgTable(
  'sim_usage',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    simId: bigint('sim_id', { mode: 'number' }).notNull(),
    /** data | sms | call */
    kind: text('kind').notNull(),
    /** in | out (SMS and calls) */
    direction: text('direction'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }),
    seconds: integer('seconds'),
    text: text('text'),
    costCents: integer('cost_cents').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('sim_usage_sim_idx').on(t.companyId, t.simId, t.startedAt),
  ],
);
