import { LANGS } from '@cab/contract/constants';
import type { Db } from '../../../db/client.js';
import { fillTemplate } from '../../../http/messages.js';
import type { EventBus } from '../../../realtime/bus.js';
import { announceNotificationEvents, inEveryLang, storeNotificationEvents } from '../notify/index.js';
import { findItem, finishItem, itemToQueueItem } from '../queue/index.js';
import * as repo from './repository.js';
import { reportSource } from './sources.js';
import { REPORT_FAILED_TEXT, REPORT_READY_TEXT } from './texts.js';

export type Claimed = repo.GeneratedReportRow & { queue_id: number };

export type Outcome = { ok: true; rows: number; bytes: number; count: number } | { ok: false; rows: number };

/** The queue item was cancelled while the file was ending: the cancel wins and nothing is kept. */
class EndedByCancel extends Error {}

/**
 * Ends a file and its queue item in one transaction, only while `owner` still holds the file's
 * lease: the state (ready with its figures, or failed), the item at 100% and done, and the author's
 * notification happen together once, or not at all (a worker killed before the commit leaves the
 * file to be taken over). Sockets and notification methods hear of it after the commit.
 * Answers 'lost' when another worker took the file over, 'cancelled' when the item was cancelled.
 */
export async function finishGeneration(
  deps: { db: Db; bus: EventBus },
  report: Claimed,
  owner: string,
  outcome: Outcome,
): Promise<'done' | 'lost' | 'cancelled'> {
  const { company_id: companyId, queue_id: qid } = report;
  let stored;
  try {
    stored = await deps.db.transaction(async (tx) => {
      const figures = outcome.ok ? { rows: outcome.rows, bytes: outcome.bytes } : undefined;
      const state = outcome.ok ? 'ready' : 'failed';
      if (!(await repo.moveState(tx, companyId, report.id, ['writing'], state, { figures, owner }))) return null;
      if (outcome.ok) await repo.setQueueProgress(tx, companyId, qid, outcome.rows, Math.max(outcome.count, outcome.rows));
      else await repo.markQueueFailed(tx, companyId, qid);
      // Throwing rolls the state move back: the file is the cancel's to end.
      if (!(await finishItem(tx, companyId, qid, 'done'))) throw new EndedByCancel();
      return storeNotificationEvents(tx, [readyOrFailedEvent(report, outcome)]);
    });
  } catch (error) {
    if (error instanceof EndedByCancel) return 'cancelled';
    throw error;
  }
  if (!stored) return 'lost';
  const row = await findItem(deps.db, companyId, qid);
  if (row) await deps.bus.publish({ companyId }, { type: 'queue_change', data: itemToQueueItem(row) });
  await deps.bus.publish({ companyId }, { type: 'queue_del', data: { qid } });
  await announceNotificationEvents(deps.bus, stored);
  return 'done';
}

/** Told to the author, who gets a popup too (and the company's methods with the "other notifications" flag). */
function readyOrFailedEvent(report: Claimed, outcome: Outcome) {
  const source = reportSource(report.kind);
  const template = outcome.ok ? REPORT_READY_TEXT : REPORT_FAILED_TEXT;
  return {
    companyId: report.company_id,
    category: 'notify' as const,
    type: outcome.ok ? ('success' as const) : ('error' as const),
    text: inEveryLang((lang) =>
      fillTemplate(template[lang], {
        title: source?.title[lang] ?? report.kind,
        format: report.format.toUpperCase(),
        rows: outcome.rows.toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-GB'),
      }),
    ),
    recipients: [{ userId: report.user_id, lang: LANGS.find((l) => l === report.lang) ?? 'ru', popup: true }],
  };
}
