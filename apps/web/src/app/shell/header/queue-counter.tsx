import { useRef } from 'react';
import { Link } from 'react-router';
import { operationPagePath } from '@cab/contract/operations';
import { OverlayPanel } from 'primereact/overlaypanel';
import { ProgressBar } from 'primereact/progressbar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useIsLoggedIn } from '@/lib/use-session';
import { formatUnixDate } from '@/lib/format-date';
import { GENERATED_REPORTS_API } from '@cab/contract/generated-reports';
import { QUEUE_API, type QueueItem } from '@cab/contract/queue';
import { api, showSuccessToast } from '@/lib/api';
import { downloadWithToken } from '@/lib/download-file';
import { queueQueryOptions } from '../../realtime/header-queries';
import { QueueFinishedList } from './queue-finished-list';

/**
 * Cancels a running item; the header follows by websocket (queue_change / queue_del). A report
 * generation is cancelled through its own route (the people who may generate may cancel it).
 */
async function cancelItem(item: QueueItem, doneText: string): Promise<void> {
  try {
    if (item.queue === 'queue_report_generate') await api.call(GENERATED_REPORTS_API.cancel, { qid: item.qid });
    else await api.call(QUEUE_API.cancel, { qid: item.qid });
    showSuccessToast(doneText);
  } catch {
    // The api client already showed the server's message.
  }
}

export function QueueCounter() {
  const { t, i18n } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const queryClient = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const { data } = useQuery({ ...queueQueryOptions(queryClient), enabled: loggedIn });
  const count = data?.count ?? 0;
  const items = data?.items ?? [];
  return (
    <>
      <button
        type="button"
        className="header-button header-queue"
        aria-haspopup="dialog"
        aria-label={`${t('header.queue')}: ${count}`}
        data-testid="queue-counter"
        onClick={(event) => panel.current?.toggle(event)}
      >
        <i className="pi pi-sync" aria-hidden="true" />
        <span
          className={`header-queue__count${count > 0 ? ' header-queue__count--active' : ''}`}
          data-testid="queue-count"
        >
          {count}
        </span>
      </button>
      <OverlayPanel ref={panel} className="header-panel header-panel--queue" aria-label={t('header.queue')}>
        <div className="queue-panel" data-testid="queue-dropdown">
          <h3 className="header-panel__title">{t('queue.title')}</h3>
          {items.length === 0 ? (
            <p className="queue-panel__empty">{t('queue.empty')}</p>
          ) : (
            <ul className="queue-panel__list">
              {items.map((item) => (
                <li key={item.qid} className="queue-item" data-testid="queue-item">
                  <div className="queue-item__head">
                    <strong>{t(`queue.reasons.${item.queue}`)}</strong>
                    <time>{formatUnixDate(item.added, i18n.language)}</time>
                  </div>
                  <div className="queue-item__user">{`${item.user.first_name} ${item.user.last_name}`}</div>
                  <ProgressBar value={Math.round(item.status.percentage)} className="queue-item__bar" />
                  <div className="queue-item__links">
                    {item.queue !== 'queue_report_generate' && (
                      <button
                        type="button"
                        className="link-button"
                        onClick={() =>
                          void downloadWithToken(`${QUEUE_API.results.path}?qid=${item.qid}`, `queue-${item.qid}.csv`)
                        }
                        data-testid="queue-results"
                      >
                        <i className="pi pi-download" aria-hidden="true" /> {t('queue.results')}
                      </button>
                    )}
                    <Link
                      to={operationPagePath(item.qid)}
                      className="link-button"
                      onClick={() => panel.current?.hide()}
                      data-testid="queue-details"
                    >
                      <i className="pi pi-external-link" aria-hidden="true" /> {t('operations.details')}
                    </Link>
                    <button
                      type="button"
                      className="link-button text-danger"
                      onClick={() => void cancelItem(item, t('queue.cancelled'))}
                      data-testid="queue-cancel"
                    >
                      <i className="pi pi-times" aria-hidden="true" /> {t('queue.cancel')}
                    </button>
                  </div>
                  <div className="queue-item__stats">
                    <span>{t('queue.progress', { process: item.status.process, count: item.status.count })}</span>
                    <span className="text-success">
                      {t('queue.ok')}: {item.status.ok}
                    </span>
                    <span className="text-danger">
                      {t('queue.fail')}: {item.status.fail}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <QueueFinishedList onNavigate={() => panel.current?.hide()} />
          <Link to="/operations" className="queue-panel__history" onClick={() => panel.current?.hide()} data-testid="queue-history">
            <i className="pi pi-history" aria-hidden="true" /> {t('operations.allHistory')}
          </Link>
        </div>
      </OverlayPanel>
    </>
  );
}
