import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/* The SIM list's power tools (issue 14): saved views. */

/** A saved view of the SIM list: filter, columns and sort; personal, or shared with the company. */
export const savedViews = pgTable(
  'saved_views',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    state: jsonb('state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // One name per author; the list reads a user's own and the company's shared ones.
    uniqueIndex('saved_views_name_uq').on(t.companyId, t.userId, sql`lower(${t.name})`),
    index('saved_views_shared_idx').on(t.companyId, t.shared),
  ],
);
