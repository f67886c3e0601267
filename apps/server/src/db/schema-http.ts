import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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
