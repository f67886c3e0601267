import { LANGS } from '@cab/contract/constants';
import { GENERATED_REPORT_FORMATS } from '@cab/contract/generated-reports';
import type { Db } from '../../../db/client.js';
import { fillTemplate } from '../../../http/messages.js';
import type { EventBus } from '../../../realtime/bus.js';
import type { FileStore } from '../../../storage/file-store.js';
import { inEveryLang, notifyEvent, type NotificationTexts } from '../notify/events.js';
import * as items from '../queue/item-repository.js';
import { announceProgress, itemToQueueItem } from '../queue/progress.js';
import './registered-sources.js';
import * as repo from './repository.js';
import type { ReportJob } from './service.js';
import { reportSource } from './sources.js';
import { REPORT_FAILED_TEXT, REPORT_READY_TEXT } from './texts.js';
import { fileBody } from './writers.js';

export interface ReportRunnerDeps {
  db: Db;
  bus: EventBus;
  files: FileStore;
  /** Least time between progress events of one item (QUEUE_PROGRESS_INTERVAL_MS). */
  progressIntervalMs: number;
}

/** How often a running generation asks whether it was cancelled. */
const CANCEL_CHECK_MS = 250;

class GenerationCancelled extends Error {
  constructor() {
    super('report generation cancelled');
  }
}

/**
 * Writes one generated report: streams the source's rows into the company's file store, moving the
 * queue item's percentage as rows are written; a cancel stops it between batches and nothing is
 * kept. Ends with the file ready (and its author told, popup and notification methods) or failed.
 */
export async function runGeneration(deps: ReportRunnerDeps, job: ReportJob): Promise<void> {
  const { db } = deps;
  const { companyId } = job;
  const report = await repo.findReport(db, companyId, job.reportId);
  if (!report || report.state !== 'writing' || report.queue_id === null) return;
  const qid = report.queue_id;
  if ((await repo.queueState(db, companyId, qid)) !== 'running') {
    await repo.moveState(db, companyId, report.id, ['writing'], 'cancelled');
    return;
  }
  const lang = LANGS.find((l) => l === report.lang) ?? 'ru';
  const source = reportSource(report.kind);
  const format = GENERATED_REPORT_FORMATS.find((f) => f === report.format) ?? 'csv';
  let written = 0;
  try {
    if (!source) throw new Error(`no report source for kind ${report.kind}`);
    const opened = await source.open(db, report.params, lang);
    const count = await opened.count();
    await repo.setQueueProgress(db, companyId, qid, 0, count);
    let checkedAt = Date.now();
    const onBatch = async (rows: number) => {
      written += rows;
      await repo.setQueueProgress(db, companyId, qid, written);
      if (Date.now() - checkedAt >= CANCEL_CHECK_MS) {
        checkedAt = Date.now();
        if ((await repo.queueState(db, companyId, qid)) !== 'running') throw new GenerationCancelled();
      }
      await announceProgress(deps, { companyId, queueId: qid }, deps.progressIntervalMs);
    };
    const file = fileBody(format, opened, lang, onBatch);
    const { bytes } = await deps.files.write(report.file_key, file.body);
    // A cancel that came while the last bytes were stored still wins: the file is not kept.
    if ((await repo.queueState(db, companyId, qid)) !== 'running') throw new GenerationCancelled();
    written = file.rows();
    await repo.setQueueProgress(db, companyId, qid, written, Math.max(count, written));
    if (!(await repo.moveState(db, companyId, report.id, ['writing'], 'ready', { rows: written, bytes }))) {
      await deps.files.remove(report.file_key);
      return;
    }
  } catch (error) {
    if (error instanceof GenerationCancelled || (await repo.queueState(db, companyId, qid)) !== 'running') {
      await repo.moveState(db, companyId, report.id, ['writing'], 'cancelled');
      await deps.files.remove(report.file_key);
      return;
    }
    await repo.moveState(db, companyId, report.id, ['writing'], 'failed');
    await finish(deps, report, qid, { ok: false, rows: written, title: inEveryLang((l) => source?.title[l] ?? report.kind), lang });
    throw error;
  }
  await finish(deps, report, qid, { ok: true, rows: written, title: inEveryLang((l) => source.title[l]), lang });
}

/** Ends the queue item (100%, queue_del) and tells the author, who gets a popup too. */
async function finish(
  deps: ReportRunnerDeps,
  report: repo.GeneratedReportRow,
  qid: number,
  outcome: { ok: boolean; rows: number; title: NotificationTexts; lang: (typeof LANGS)[number] },
): Promise<void> {
  const companyId = report.company_id;
  if (!outcome.ok) await repo.markQueueFailed(deps.db, companyId, qid);
  if (!(await items.finishItem(deps.db, companyId, qid, 'done'))) return;
  const row = await items.findItem(deps.db, companyId, qid);
  if (row) await deps.bus.publish({ companyId }, { type: 'queue_change', data: itemToQueueItem(row) });
  await deps.bus.publish({ companyId }, { type: 'queue_del', data: { qid } });
  const template = outcome.ok ? REPORT_READY_TEXT : REPORT_FAILED_TEXT;
  await notifyEvent(deps.db, deps.bus, {
    companyId,
    category: 'notify',
    type: outcome.ok ? 'success' : 'error',
    text: inEveryLang((lang) =>
      fillTemplate(template[lang], {
        title: outcome.title[lang],
        format: report.format.toUpperCase(),
        rows: outcome.rows.toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-GB'),
      }),
    ),
    recipients: [{ userId: report.user_id, lang: outcome.lang, popup: true }],
  });
}
