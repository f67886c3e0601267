import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotificationIcon } from '@/components/notification-icon';
import { formatUnixDate } from '@/lib/format-date';
import { notificationTextIn } from '@/lib/notification-language';
import { useLatestNotifications } from '../api/dashboard-api';
import { QueryStates } from '@/components/query-states';

/** The five newest notifications, with a link to all of them (/notifies). */
export function NotificationsCard() {
  const { t, i18n } = useTranslation();
  const latest = useLatestNotifications(5);
  return (
    <section className="dash-card" data-testid="home-notifications" aria-labelledby="dash-notify-title">
      <div className="dash-card__head">
        <h2 id="dash-notify-title">{t('dashboard.notifications')}</h2>
        <Link to="/notifies">{t('dashboard.allNotifications')}</Link>
      </div>
      <QueryStates
        query={latest}
        rows={3}
        isEmpty={(data) => data.length === 0}
        empty={<p className="dash-card__empty">{t('dashboard.noNotifications')}</p>}
      >
        {(data) => (
          <ul className="dash-list">
            {data.map((n) => (
              <li key={n.id} className="dash-notice" data-testid="home-notification">
                <NotificationIcon type={n.type} />
                <span className="dash-notice__text">
                  {notificationTextIn(n, i18n.language)}
                  <time>{formatUnixDate(n.added, i18n.language)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}
