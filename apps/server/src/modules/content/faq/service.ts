import { FAQ_GROUPS, type FaqAdminEntry, type FaqEntry, type FaqInput } from '@cab/contract/content';
import type { Lang } from '@cab/contract/constants';
import type { Principal } from '../../../auth/principal.js';
import type { Db, Executor } from '../../../db/client.js';
import { AppError, type FieldProblem } from '../../../http/errors.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import { isBlankHtml, sanitizeHtml } from '../../../formats/sanitize-html.js';
import { DEFAULT_FAQ } from './default-faq.js';
import * as repo from './repository.js';

type FaqRow = repo.FaqRow;

const groupOrder = (group: string): number => {
  const index = FAQ_GROUPS.findIndex((g) => g === group);
  return index === -1 ? FAQ_GROUPS.length : index;
};
const groupOf = (row: FaqRow): FaqEntry['group'] => FAQ_GROUPS.find((g) => g === row.groupKey) ?? 'general';

async function allRows(db: Executor): Promise<FaqRow[]> {
  const rows = await repo.listFaqRows(db);
  return rows.sort((a, b) => groupOrder(a.groupKey) - groupOrder(b.groupKey));
}

/** Seeds the FAQ on a database's first start only: root may later delete every question. */
export async function seedFaqOnce(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await repo.markFaqSeeded(tx))) return false;
    await repo.insertDefaultFaq(
      tx,
      DEFAULT_FAQ.map((entry, position) => ({
        id: entry.id,
        groupKey: entry.group,
        position: position * 10,
        questionRu: entry.question_ru,
        questionEn: entry.question_en,
        answerRu: sanitizeHtml(entry.answer_ru),
        answerEn: sanitizeHtml(entry.answer_en),
      })),
    );
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
      const inserted = await repo.insertFaq(tx, { id: input.id, groupKey: input.group, position: input.position, questionRu: input.question_ru, questionEn: input.question_en, ...answers, updatedBy: principal.userId });
      if (!inserted) throw new AppError('faq_id_taken', { id: 'invalid' });
      await insertAudit(tx, { ...auditActor(principal), action: 'faq_create', details: { id: input.id } });
      return inserted;
    });
    return toAdmin(row);
  }

  async update(principal: Principal, input: FaqInput): Promise<FaqAdminEntry> {
    const answers = cleanAnswers(input);
    const row = await this.db.transaction(async (tx) => {
      const updated = await repo.updateFaq(tx, input.id, { groupKey: input.group, position: input.position, questionRu: input.question_ru, questionEn: input.question_en, ...answers, updatedBy: principal.userId, updatedAt: new Date() });
      if (!updated) throw new AppError('not_found');
      await insertAudit(tx, { ...auditActor(principal), action: 'faq_update', details: { id: input.id } });
      return updated;
    });
    return toAdmin(row);
  }

  async remove(principal: Principal, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repo.deleteFaq(tx, id))) throw new AppError('not_found');
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
