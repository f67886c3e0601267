import type { Lang } from '@cab/contract/constants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/*
 * Tenant tables lead their keys with company_id so the schema can be distributed by company
 * (ARCHITECTURE §4). Money is integer cents. Timestamps are timestamptz.
 */


export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const companies = pgTable(
  'companies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    parentId: bigint('parent_id', { mode: 'number' }),
    agentCompanyId: bigint('agent_company_id', { mode: 'number' }),
    name: text('name').notNull(),
    taxNumber: text('tax_number'),
    contract: text('contract'),
    /** 1 prepay, 2 postpay. */
    billingType: smallint('billing_type').notNull().default(1),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    overdraftCents: bigint('overdraft_cents', { mode: 'number' }).notNull().default(0),
    balanceProblem: boolean('balance_problem').notNull().default(false),
    /** When the prepay balance last reached zero; the financial block waits out a grace period from here. */
    balanceProblemSince: timestamp('balance_problem_since', { withTimezone: true }),
    country: text('country'),
    companyType: text('company_type'),
    responsible: text('responsible'),
    whatsapp: text('whatsapp'),
    blocked: boolean('blocked').notNull().default(false),
    /** False until the registration wizard is finished; such a company's calls answer 424. */
    registrationComplete: boolean('registration_complete').notNull().default(true),
    /** Its admin requires a second factor of every user: one without is sent to enrol (issue 22.4). */
    requireSecondFactor: boolean('require_second_factor').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('companies_parent_idx').on(t.parentId),
    index('companies_name_idx').on(t.name, t.id),
    uniqueIndex('companies_tax_number_uq').on(t.taxNumber),
  ],
);

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    role: text('role').notNull(),
    lang: text('lang').notNull().default('ru'),
    active: boolean('active').notNull().default(true),
    newsSeenAt: timestamp('news_seen_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(sql`lower(${t.email})`), index('users_company_idx').on(t.companyId)],
);

/** One row per refresh token; a family is one sign-in, rotated on every refresh. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    impersonatorId: bigint('impersonator_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.companyId, t.userId),
  ],
);


/** One row per SIM of a queue item: what happened to it. The key makes every SIM run at most once. */
export const queueResults = pgTable(
  'queue_results',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    queueId: bigint('queue_id', { mode: 'number' }).notNull(),
    simId: bigint('sim_id', { mode: 'number' }).notNull(),
    /** pending | running | ok | fail | cancelled */
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    /** Set when a worker claims the SIM; a stale claim (worker died) is taken over. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.queueId, t.simId] }),
    index('queue_results_open_idx').on(t.companyId, t.queueId, t.status),
    // A SIM's page lists the operations that touched it (issue 14).
    index('queue_results_sim_idx').on(t.companyId, t.simId, t.queueId),
  ],
);

/**
 * The simulated network's memory of applied operations: one row per (idempotency key), so a
 * repeated request is answered with the first result and never applied twice.
 */
export const networkAppliedOps = pgTable('network_applied_ops', {
  key: text('key').primaryKey(),
  simId: bigint('sim_id', { mode: 'number' }).notNull(),
  operation: text('operation').notNull(),
  ok: boolean('ok').notNull(),
  result: text('result'),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('network_applied_ops_applied_idx').on(t.appliedAt)]);

export const notifications = pgTable(
  'notifications',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    /** Which notification-method flag it travels under: sim, billing or notify. */
    category: text('category').notNull().default('notify'),
    text: text('text').notNull(),
    /**
     * The text in every cabinet language, so the reader sees it in the language they read in now, not
     * the one they had when it was written (`text`, kept for delivery and for rows written before).
     */
    texts: jsonb('texts').$type<Record<Lang, string>>(),
    /** The page of the notification's object (`/sim/12`, `/operations/5`, `/docs`), or null. */
    link: text('link'),
    readed: boolean('readed').notNull().default(false),
    /**
     * One event told to several users (a bill paid, to every admin) is one row per user sharing this
     * key; the company's notification methods get each event once, by key, not once per row.
     */
    eventKey: uuid('event_key').notNull().defaultRandom(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('notifications_user_idx').on(t.companyId, t.userId, t.id),
    index('notifications_event_idx').on(t.companyId, t.eventKey),
  ],
);

export const news = pgTable('news', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Russian title and text ('' when only English was written); news from before English existed are Russian. */
  titleRu: text('title').notNull(),
  image: text('image'),
  textRu: text('text').notNull(),
  /** English title and text ('' when only Russian was written: a reader then gets the other language). */
  titleEn: text('title_en').notNull().default(''),
  textEn: text('text_en').notNull().default(''),
  authorId: bigint('author_id', { mode: 'number' }),
  createdAt: createdAt(),
  /** Null while unpublished; publishing again moves it on, so the drawer opens for everyone once more. */
  publishedAt: timestamp('published_at', { withTimezone: true }),
  /** An uploaded image (news_images); `image` is then its served URL. */
  imageFile: text('image_file'),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

export const queueItems = pgTable(
  'queue_items',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** running | done | cancelled | failed */
    state: text('state').notNull().default('running'),
    count: integer('count').notNull().default(0),
    process: integer('process').notNull().default(0),
    ok: integer('ok').notNull().default(0),
    /** SIMs already as asked (result status 'unchanged'); `process` counts them, `fail` does not. */
    unchanged: integer('unchanged').notNull().default(0),
    fail: integer('fail').notNull().default(0),
    params: jsonb('params').notNull().default({}),
    /** When progress was last pushed to sockets; throttles queue_change events. */
    progressPublishedAt: timestamp('progress_published_at', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The operation whose failed SIMs this one retries (operation history, issue 14). */
    retryOf: bigint('retry_of', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('queue_items_state_idx').on(t.companyId, t.state)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    impersonatorId: bigint('impersonator_id', { mode: 'number' }),
    apiTokenId: bigint('api_token_id', { mode: 'number' }),
    action: text('action').notNull(),
    details: jsonb('details').notNull().default({}),
    ip: text('ip'),
    /** The browser or client of a sign-in (failed ones too). */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('audit_log_time_idx').on(t.companyId, t.createdAt),
    // The year's retention deletes by time across companies.
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/** Single-use password-reset links; only the token's SHA-256 is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), uniqueIndex('password_resets_token_hash_uq').on(t.tokenHash)],
);

/** Mail kept when no SMTP server is configured (ARCHITECTURE §2). */
export const outboxMail = pgTable('outbox_mail', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
export * from './schema-sim-rules.js';
export * from './schema-files.js';
export * from './schema-http.js';
export * from './schema-report-schedules.js';
export * from './schema-alerts.js';
