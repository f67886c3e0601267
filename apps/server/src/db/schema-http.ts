import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * Answers kept for `Idempotency-Key` (http/idempotency.ts): a repeat of a call with the same key
 * by the same principal within 24 h gets the first answer instead of acting again.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    /** Whose key it is: `user:<id>` or `api_token:<id>` (one caller's keys never meet another's). */
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    /** Method and route pattern, and a SHA-256 of the body: the same key with another call is refused. */
    route: text('route').notNull(),
    bodyHash: text('body_hash').notNull(),
    /** Null while the first call is still being answered. */
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] }), index('idempotent_requests_created_idx').on(t.createdAt)],
);

/**
 * Calls of each API token per fixed one-minute window (auth/api-token-limit.ts): one row per token
 * and window, moved by one upsert per call, so every API process on the database shares the count.
 * Rows of past windows are purged by the worker's housekeeping.
 */
export const apiTokenCalls = pgTable(
  'api_token_calls',
  {
    companyId: integer('company_id').notNull(),
    tokenId: integer('token_id').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.tokenId, t.windowStart] }), index('api_token_calls_window_idx').on(t.windowStart)],
);
