import { FAQ_GROUPS, type FaqAdminEntry, type FaqEntry, type FaqInput } from '@cab/contract/content';
import type { Lang } from '@cab/contract/constants';
import { asc, eq } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.js';
import type { Db, Executor } from '../../../db/client.js';
import { settings } from '../../../db/schema.js';
import { faqEntries } from '../../../db/schema-content.js';
import { AppError, type FieldProblem } from '../../../http/errors.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import { isBlankHtml, sanitizeHtml } from '../../../formats/sanitize-html.js';
import { DEFAULT_FAQ } from './default-faq.js';

type FaqRow = typeof faqEntries.$inferSelect;

const groupOrder = (group: string): number => {
  const index = FAQ_GROUPS.findIndex((g) => g === group);
  return index === -1 ? FAQ_GROUPS.length : index;
};
const groupOf = (row: FaqRow): FaqEntry['group'] => FAQ_GROUPS.find((g) => g === row.groupKey) ?? 'general';

async function allRows(db: Executor): Promise<FaqRow[]> {
  const rows = await db.select().from(faqEntries).orderBy(asc(faqEntries.position), asc(faqEntries.id));
  return rows.sort((a, b) => groupOrder(a.groupKey) - groupOrder(b.groupKey));
}

/** Seeds the FAQ on a database's first start only: root may later delete every question. */
export async function seedFaqOnce(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx.insert(settings).values({ key: 'faq_seeded', value: '1' }).onConflictDoNothing().returning();
    if (marked.length === 0) return false;
    await tx
      .insert(faqEntries)
      .values(
        DEFAULT_FAQ.map((entry, position) => ({
          id: entry.id,
          groupKey: entry.group,
          position: position * 10,
          questionRu: entry.question_ru,
          questionEn: entry.question_en,
          answerRu: sanitizeHtml(entry.answer_ru),
          answerEn: sanitizeHtml(entry.answer_en),
        })),
      )
      .onConflictDoNothing();
    return true;
  });
}

/** Both answers as stored: sanitized, each with something readable left. */
function cleanAnswers(input: FaqInput): { answerRu: string; answerEn: string } {
  const answerRu = sanitizeHtml(input.answer_ru);
  const answerEn = sanitizeHtml(input.answer_en);
  const fields: Record<string, FieldProblem> = {};
  if (isBlankHtml(answerRu)) fields.answer_ru = 'required';
  if (isBlankHtml(answerEn)) fields.answer_en = 'required';
  if (Object.keys(fields).length > 0) throw new AppError('validation_failed', fields);
  return { answerRu, answerEn };
}

export class FaqService {
  constructor(private readonly db: Db) {}

  async list(lang: Lang): Promise<{ items: FaqEntry[] }> {
    const rows = await allRows(this.db);
    return {
      items: rows.map((row) => ({
        id: row.id,
        group: groupOf(row),
        position: row.position,
        question: lang === 'en' ? row.questionEn : row.questionRu,
        answer: lang === 'en' ? row.answerEn : row.answerRu,
      })),
    };
  }

  async adminList(): Promise<{ items: FaqAdminEntry[] }> {
    const rows = await allRows(this.db);
    return { items: rows.map(toAdmin) };
  }

  async create(principal: Principal, input: FaqInput): Promise<FaqAdminEntry> {
    const answers = cleanAnswers(input);
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(faqEntries)
        .values({ id: input.id, groupKey: input.group, position: input.position, questionRu: input.question_ru, questionEn: input.question_en, ...answers, updatedBy: principal.userId })
        .onConflictDoNothing()
        .returning();
      if (!inserted) throw new AppError('faq_id_taken', { id: 'invalid' });
      await insertAudit(tx, { ...auditActor(principal), action: 'faq_create', details: { id: input.id } });
      return inserted;
    });
    return toAdmin(row);
  }

  async update(principal: Principal, input: FaqInput): Promise<FaqAdminEntry> {
    const answers = cleanAnswers(input);
    const row = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(faqEntries)
        .set({ groupKey: input.group, position: input.position, questionRu: input.question_ru, questionEn: input.question_en, ...answers, updatedBy: principal.userId, updatedAt: new Date() })
        .where(eq(faqEntries.id, input.id))
        .returning();
      if (!updated) throw new AppError('not_found');
      await insertAudit(tx, { ...auditActor(principal), action: 'faq_update', details: { id: input.id } });
      return updated;
    });
    return toAdmin(row);
  }

  async remove(principal: Principal, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const deleted = await tx.delete(faqEntries).where(eq(faqEntries.id, id)).returning({ id: faqEntries.id });
      if (deleted.length === 0) throw new AppError('not_found');
      await insertAudit(tx, { ...auditActor(principal), action: 'faq_delete', details: { id } });
    });
  }
}

function toAdmin(row: FaqRow): FaqAdminEntry {
  return {
    id: row.id,
    group: groupOf(row),
    position: row.position,
    question_ru: row.questionRu,
    question_en: row.questionEn,
    answer_ru: row.answerRu,
    answer_en: row.answerEn,
    updated: Math.floor(row.updatedAt.getTime() / 1000),
  };
}
