import { useRef } from 'react';
import { Link } from 'react-router';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useIsLoggedIn } from '@/lib/use-session';
import { readNotifications, sortNewestFirst } from '@/lib/notify-api';
import { NotificationIcon } from '@/components/notification-icon';
import { NotificationText } from '@/components/notification-text';
import { formatUnixDate } from '@/lib/format-date';
import { notifyQueryOptions } from '../../realtime/header-queries';
import {
  NOTIFY_KEY,
  notificationsHidden,
  notificationsSeen,
  unreadIds,
  type NotifyState,
} from '../../realtime/header-state';

export function NotifyBell() {
  const { t, i18n } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const queryClient = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const { data } = useQuery({ ...notifyQueryOptions(), enabled: loggedIn });
  const items = data ? sortNewestFirst(data.items) : [];
  const unread = (data?.count ?? 0) > 0;

  function markSeen(hide: boolean): void {
    const state = queryClient.getQueryData<NotifyState>(NOTIFY_KEY);
    if (!state) return;
    const ids = hide ? Object.values(state.items).map((item) => item.id) : unreadIds(state);
    queryClient.setQueryData<NotifyState>(NOTIFY_KEY, hide ? notificationsHidden() : notificationsSeen(state));
    void readNotifications(ids).catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: ['notify', 'all'] });
  }

  return (
    <>
      <button
        type="button"
        className="header-button header-bell"
        aria-haspopup="dialog"
        aria-label={unread ? `${t('header.notifications')}: ${t('header.unread')}` : t('header.notifications')}
        data-testid="notify-bell"
        onClick={(event) => {
          panel.current?.toggle(event);
          markSeen(false);
        }}
      >
        <i className="pi pi-bell" aria-hidden="true" />
        {unread && <span className="header-bell__marker" data-testid="notify-marker" aria-hidden="true" />}
      </button>
      <OverlayPanel ref={panel} className="header-panel header-panel--notify" aria-label={t('header.notifications')}>
        <div className="notify-panel">
          <div className="header-panel__head">
            <h3 className="header-panel__title">{t('notify.title')}</h3>
            {items.length > 0 && (
              <button
                type="button"
                className="link-button"
                onClick={() => markSeen(true)}
                data-testid="notify-hide-all"
              >
                {t('notify.hideAll')}
              </button>
            )}
          </div>
          {items.length === 0 ? (
            <p className="notify-panel__empty" data-testid="notify-empty">
              {t('notify.empty')}
            </p>
          ) : (
            <ul className="notify-panel__list">
              {items.map((item) => (
                <li key={item.id} className="notify-item" data-testid="notify-item">
                  <NotificationIcon type={item.type} />
                  <div>
                    <NotificationText item={item} onFollow={() => panel.current?.hide()} />
                    <time className="notify-item__date">{formatUnixDate(item.added, i18n.language)}</time>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Link
            to="/notifies"
            className="notify-panel__all"
            onClick={() => panel.current?.hide()}
            data-testid="notify-show-all"
          >
            {t('notify.showAll')}
          </Link>
        </div>
      </OverlayPanel>
    </>
  );
}
