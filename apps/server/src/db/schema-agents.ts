import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/*
 * Sales agents (issue 10). An agent company's reward balance moves only through the ledger function
 * (commerce/deposit/ledger.ts) with the agent ledger kinds; requests keep their whole history.
 */


/** One row per agent company: its referral code, its own reward rate and its reward balance. */
export const agentAccounts = pgTable(
  'agent_accounts',
  {
    companyId: bigint('company_id', { mode: 'number' }).primaryKey(),
    referralCode: text('referral_code').notNull(),
    /** Basis points (1000 = 10 %); null: the server's default rate. */
    rewardBp: integer('reward_bp'),
    /** The sum of the agent's reward ledger rows; never below zero through a withdrawal. */
    rewardBalanceCents: bigint('reward_balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('agent_accounts_referral_code_uq').on(t.referralCode)],
);

/** Withdrawal requests: state awaiting | approving | awaiting_agent | paid_awaiting_agent | paid | declined. */
export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    state: text('state').notNull().default('awaiting'),
    method: text('method').notNull(),
    iban: text('iban'),
    holder: text('holder'),
    details: text('details'),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('withdrawal_requests_id_uq').on(t.id),
    index('withdrawal_requests_company_idx').on(t.companyId, t.createdAt, t.id),
    index('withdrawal_requests_state_idx').on(t.state, t.createdAt, t.id),
  ],
);

/** The timeline of a request: its creation and every transition, with who, a comment and a file. */
export const withdrawalEvents = pgTable(
  'withdrawal_events',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    action: text('action'),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    side: text('side').notNull(),
    actorId: bigint('actor_id', { mode: 'number' }).notNull(),
    comment: text('comment'),
    attachmentId: bigint('attachment_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('withdrawal_events_request_idx').on(t.companyId, t.requestId, t.id)],
);

/** Files attached to a request (PDF, PNG, JPEG); the bytes live in the FileStore under a key made of ids. */
export const withdrawalFiles = pgTable(
  'withdrawal_files',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    bytes: integer('bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), uniqueIndex('withdrawal_files_id_uq').on(t.id)],
);
