import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * Root's content: the header banner (one current, earlier ones kept as history), who dismissed which
 * banner, uploaded news images and the FAQ. The banner and FAQ are platform-wide, not tenant data.
 */

export const banners = pgTable(
  'banners',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    textRu: text('text_ru').notNull(),
    textEn: text('text_en').notNull(),
    link: text('link'),
    target: text('target').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** all | companies */
    audience: text('audience').notNull(),
    companyIds: bigint('company_ids', { mode: 'number' }).array().notNull().default([]),
    authorId: bigint('author_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('banners_current_idx').on(t.id).where(sql`withdrawn_at is null`)],
);

/** The banner a user closed; a newer banner (a higher id) shows again. */
export const bannerDismissals = pgTable('banner_dismissals', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  bannerId: bigint('banner_id', { mode: 'number' }).notNull(),
  dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Images uploaded for news; the file lives in the FileStore under `news/<id>.<ext>`. */
export const newsImages = pgTable('news_images', {
  id: uuid('id').primaryKey(),
  ext: text('ext').notNull(),
  mime: text('mime').notNull(),
  bytes: integer('bytes').notNull(),
  authorId: bigint('author_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const faqEntries = pgTable(
  'faq_entries',
  {
    /** The question's anchor: `/faq#<id>`. */
    id: text('id').primaryKey(),
    groupKey: text('group_key').notNull(),
    position: integer('position').notNull().default(0),
    questionRu: text('question_ru').notNull(),
    questionEn: text('question_en').notNull(),
    answerRu: text('answer_ru').notNull(),
    answerEn: text('answer_en').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('faq_entries_order_idx').on(t.groupKey, t.position)],
);
