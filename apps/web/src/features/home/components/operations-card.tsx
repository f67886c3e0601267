import { useTranslation } from 'react-i18next';
import { ProgressBar } from 'primereact/progressbar';
import { formatUnixDate } from '@/lib/format-date';
import { useRunningOperations } from '../api/dashboard-api';
import { LoadError } from '@/components/load-error';
import { RowsSkeleton } from '@/components/rows-skeleton';

/** The company's running operations with their progress (the header's queue, live over the websocket). */
export function OperationsCard() {
  const { t, i18n } = useTranslation();
  const queue = useRunningOperations();
  const items = queue.data?.items.slice(0, 5) ?? [];
  return (
    <section className="dash-card" data-testid="home-operations" aria-labelledby="dash-ops-title">
      <div className="dash-card__head">
        <h2 id="dash-ops-title">{t('dashboard.operations')}</h2>
      </div>
      {queue.isPending && <RowsSkeleton rows={2} />}
      {queue.isError && <LoadError onRetry={() => void queue.refetch()} />}
      {queue.isSuccess && items.length === 0 && <p className="dash-card__empty">{t('dashboard.noOperations')}</p>}
      {items.length > 0 && (
        <>
          <ul className="dash-list">
            {items.map((item) => (
              <li key={item.qid} data-testid="home-operation">
                <div className="dash-list__row">
                  <strong>{t(`queue.reasons.${item.queue}`)}</strong>
                  <time>{formatUnixDate(item.added, i18n.language)}</time>
                </div>
                <ProgressBar
                  value={Math.round(item.status.percentage)}
                  className="dash-list__bar"
                  aria-label={`${t(`queue.reasons.${item.queue}`)}: ${Math.round(item.status.percentage)}%`}
                />
              </li>
            ))}
          </ul>
          <p className="dash-card__hint">{t('dashboard.openQueue')}</p>
        </>
      )}
    </section>
  );
}
