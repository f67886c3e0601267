import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { PageTitle } from '@/components/page-title';
import { NotificationIcon } from '@/components/notification-icon';
import { formatUnixDate } from '@/lib/format-date';
import { sortNewestFirst } from '@/lib/notify-api';
import { NotificationText } from '@/components/notification-text';
import { useAllNotifications, useReadNotifications } from '../api/use-all-notifications';

/** Route module (react-router lazy convention: the page is the `Component` export). */
export function Component() {
  const { t, i18n } = useTranslation();
  const list = useAllNotifications();
  const { mutate: markRead } = useReadNotifications();
  const items = list.data ? sortNewestFirst(list.data.items) : [];
  const unread = items.filter((item) => !item.readed).map((item) => item.id);
  const unreadKey = unread.join(',');

  // Seeing the page reads what it shows.
  useEffect(() => {
    if (unreadKey) markRead(unreadKey.split(',').map(Number));
  }, [unreadKey, markRead]);

  return (
    <div className="notifies-page">
      <PageTitle>{t('pages.notifies')}</PageTitle>
      {list.isPending && (
        <div className="card" aria-busy="true">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} height="3rem" className="mb-2" />
          ))}
        </div>
      )}
      {list.isError && (
        <div className="state-view" role="alert">
          <h2 className="state-view__title">{t('common.error')}</h2>
          <p>{t('common.cantLoad')}</p>
          <Button label={t('common.retry')} icon="pi pi-refresh" onClick={() => void list.refetch()} />
        </div>
      )}
      {list.isSuccess && items.length === 0 && (
        <div className="state-view" data-testid="notifies-empty">
          <i className="pi pi-bell state-view__icon" aria-hidden="true" />
          <p>{t('notify.pageEmpty')}</p>
        </div>
      )}
      {items.length > 0 && (
        <ul className="card notify-list">
          {items.map((item) => (
            <li
              key={item.id}
              className={`notify-item${item.readed ? '' : ' notify-item--unread'}`}
              data-testid="notifies-item"
            >
              <NotificationIcon type={item.type} />
              <NotificationText item={item} />
              <time className="notify-item__date">{formatUnixDate(item.added, i18n.language)}</time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
