import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { operationPagePath } from '@cab/contract/operations';
import { QUEUE_FINISHED_HOURS, type FinishedQueueItem } from '@cab/contract/queue';
import { formatCount } from '@/lib/format-count';
import { formatUnixDate } from '@/lib/format-date';
import { finishedQueueQueryOptions } from '../../realtime/header-queries';
import './queue-finished.css';

/** Where a finished item's result is: its history page, or Downloads for a generated report. */
function resultPath(item: FinishedQueueItem): string {
  return item.queue === 'queue_report_generate' ? '/generated_reports' : operationPagePath(item.qid);
}

/**
 * SIMs handled that neither succeeded nor failed: already as the operation asked ("already
 * blocked"). The queue item's status (spec shape) counts them in `process` only.
 */
function unchangedOf(item: FinishedQueueItem): number {
  return Math.max(0, item.status.process - item.status.ok - item.status.fail);
}

/** How it ended, as one tone: done without failures, done with some, or stopped. */
function tone(item: FinishedQueueItem): 'ok' | 'partial' | 'stopped' {
  if (item.state !== 'done') return 'stopped';
  return item.status.fail > 0 ? 'partial' : 'ok';
}

/**
 * The company's last finished operations under the running ones (issue 27.4): what each left (state,
 * done and failed of how many) and a link to its page, so a result outlives its 15-second popup.
 * Mounted only while the dropdown is open; an operation's end refetches it (handle-ws-event).
 */
export function QueueFinishedList({ onNavigate }: { onNavigate: () => void }) {
  const { t, i18n } = useTranslation();
  const finished = useQuery(finishedQueueQueryOptions());
  const items = finished.data ?? [];
  if (items.length === 0) return null;
  const n = (value: number) => formatCount(value, i18n.language);
  return (
    <section className="queue-finished" aria-labelledby="queue-finished-title" data-testid="queue-finished">
      <h4 id="queue-finished-title" className="queue-finished__title">
        {t('queueFinished.title', { hours: QUEUE_FINISHED_HOURS })}
      </h4>
      <ul className="queue-finished__list">
        {items.map((item) => (
          <li key={item.qid} className={`queue-finished__item queue-finished__item--${tone(item)}`} data-testid="queue-finished-item" data-qid={item.qid}>
            <div className="queue-item__head">
              <Link to={resultPath(item)} onClick={onNavigate} data-testid="queue-finished-link">
                {t('queueFinished.name', { operation: t(`queue.reasons.${item.queue}`), qid: item.qid })}
              </Link>
              <time dateTime={new Date(item.finished * 1000).toISOString()}>{formatUnixDate(item.finished, i18n.language)}</time>
            </div>
            <div className="queue-finished__result" data-testid="queue-finished-result">
              <span className="queue-finished__state">{t(`operations.state.${item.state}`)}</span>
              {/* A report's counters are rows written, not SIM cards: its state says it all. */}
              {item.queue !== 'queue_report_generate' && (
                <>
                  <span className="text-success">{t('queueFinished.ok', { ok: n(item.status.ok) })}</span>
                  {unchangedOf(item) > 0 && <span data-testid="queue-finished-unchanged">{t('queueFinished.unchanged', { unchanged: n(unchangedOf(item)) })}</span>}
                  <span className={item.status.fail > 0 ? 'text-danger' : undefined}>{t('queueFinished.fail', { fail: n(item.status.fail) })}</span>
                  <span>{t('queueFinished.of', { total: n(item.status.count) })}</span>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
