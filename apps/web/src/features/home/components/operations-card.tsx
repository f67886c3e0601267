import { useTranslation } from 'react-i18next';
import { ProgressBar } from 'primereact/progressbar';
import { formatUnixDate } from '@/lib/format-date';
import { useRunningOperations } from '../api/dashboard-api';
import { QueryStates } from '@/components/query-states';

/** The company's running operations with their progress (the header's queue, live over the websocket). */
export function OperationsCard() {
  const { t, i18n } = useTranslation();
  const queue = useRunningOperations();
  return (
    <section className="dash-card" data-testid="home-operations" aria-labelledby="dash-ops-title">
      <div className="dash-card__head">
        <h2 id="dash-ops-title">{t('dashboard.operations')}</h2>
      </div>
      <QueryStates
        query={queue}
        rows={2}
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="dash-card__empty">{t('dashboard.noOperations')}</p>}
      >
        {(data) => (
          <>
            <ul className="dash-list">
              {data.items.slice(0, 5).map((item) => (
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
      </QueryStates>
    </section>
  );
}
