import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@cab/contract/notify';
import { notificationTextIn } from '@/lib/notification-language';

/** A notification's text in the reader's language, a link to its object's page (SIM, bill, order, operation) when it has one. */
export function NotificationText({ item, onFollow }: { item: Notification; onFollow?: () => void }) {
  const { i18n } = useTranslation();
  const text = notificationTextIn(item, i18n.language);
  const link = item.link && item.link.startsWith('/') && !item.link.startsWith('//') ? item.link : null;
  return (
    <p className="notify-item__text">
      {link ? (
        <Link to={link} onClick={onFollow} data-testid="notify-link">
          {text}
        </Link>
      ) : (
        text
      )}
    </p>
  );
}
