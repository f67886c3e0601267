import { LANGS } from '@cab/contract/constants';
import type { QueueItem } from '@cab/contract/queue';
import { QUEUE_REASONS } from '@cab/contract/constants';
import type { Db } from '../../../db/client.js';
import { QUEUE_DONE_TEXT, QUEUE_REASON_LABELS, QUEUE_UNCHANGED_TEXT, fillTemplate } from '../../../http/messages.js';
import type { EventBus } from '../../../realtime/bus.js';
import { inEveryLang, notifyEvent } from '../notify/index.js';
import * as items from './item-repository.js';

type Ref = { companyId: number; queueId: number };

/** The billing engine's own block and unblock items say why, so a reader (or a webhook) knows it was the balance. */
const FINANCIAL_DONE_TEXT = {
  block: {
    ru: 'SIM-карты заблокированы: баланс исчерпан. Заблокировано {ok}, с ошибкой {fail}',
    en: 'SIM cards blocked: the balance is exhausted. {ok} blocked, {fail} failed',
  },
  unblock: {
    ru: 'Баланс пополнен, SIM-карты разблокированы: {ok}, с ошибкой {fail}',
    en: 'The balance is topped up, SIM cards unblocked: {ok}, {fail} failed',
  },
} as const;

/**
 * The one QueueItem of a queue_items row, for GET /api/queue/list and every queue_add/queue_change.
 * `process` is the item's own counter (SIMs with an outcome; a report's rows written, whereas its
 * `fail` only flags a failed generation) and `percentage` is that counter of `count`, so the bar
 * and the "process of count" label agree. A running item with no count yet (a report before its
 * rows are counted) is at 0%; a finished one with nothing to do is at 100%.
 */
export function itemToQueueItem(row: items.QueueItemRow): QueueItem {
  const percentage = row.count > 0 ? Math.min(100, Math.floor((row.process / row.count) * 100)) : row.state === 'done' ? 100 : 0;
  return {
    qid: row.id,
    queue: QUEUE_REASONS.find((r) => r === row.reason) ?? 'queue_group',
    added: Math.floor(new Date(row.created_at).getTime() / 1000),
    user: { first_name: row.first_name, last_name: row.last_name },
    status: { percentage, count: row.count, process: row.process, ok: row.ok, fail: row.fail },
  };
}

/** Pushes queue_change at most once per interval per item, across all workers. */
export async function announceProgress(deps: { db: Db; bus: EventBus }, ref: Ref, intervalMs: number): Promise<void> {
  if (!(await items.claimProgressSlot(deps.db, ref.companyId, ref.queueId, intervalMs))) return;
  const row = await items.findItem(deps.db, ref.companyId, ref.queueId);
  if (row) await deps.bus.publish({ companyId: ref.companyId }, { type: 'queue_change', data: itemToQueueItem(row) });
}

/** Closes a finished item once: final progress, queue_del, and a notification to its author. */
export async function announceCompletion(deps: { db: Db; bus: EventBus }, ref: Ref): Promise<void> {
  if (!(await items.finishItem(deps.db, ref.companyId, ref.queueId, 'done'))) return;
  const row = await items.findItem(deps.db, ref.companyId, ref.queueId);
  if (!row) return;
  const item = itemToQueueItem(row);
  await deps.bus.publish({ companyId: ref.companyId }, { type: 'queue_change', data: item });
  await deps.bus.publish({ companyId: ref.companyId }, { type: 'queue_del', data: { qid: row.id } });
  const lang = LANGS.find((l) => l === row.lang) ?? 'ru';
  const financial = row.params.blockType === 'financial' && (row.reason === 'queue_block' || row.reason === 'queue_unblock');
  const template = financial ? FINANCIAL_DONE_TEXT[row.reason === 'queue_block' ? 'block' : 'unblock'] : QUEUE_DONE_TEXT;
  await notifyEvent(deps.db, deps.bus, {
    companyId: row.company_id,
    // A generated report is not about the SIMs' state; every other queue operation acts on SIMs.
    category: item.queue === 'queue_report_generate' ? 'notify' : 'sim',
    type: row.fail === 0 ? 'success' : row.ok === 0 ? 'error' : 'warning',
    // The operation's history page (per-SIM results); a generated report is in Downloads.
    link: item.queue === 'queue_report_generate' ? '/generated_reports' : `/operations/${row.id}`,
    text: inEveryLang((l) =>
      fillTemplate(template[l] + (row.unchanged > 0 ? QUEUE_UNCHANGED_TEXT[l] : ''), {
        operation: QUEUE_REASON_LABELS[item.queue][l],
        ok: row.ok,
        fail: row.fail,
        unchanged: row.unchanged,
      }),
    ),
    recipients: [{ userId: row.user_id, lang, popup: true }],
  });
}
