import { timestamp } from 'drizzle-orm/pg-core';

/** The creation time of a row: timestamptz, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
