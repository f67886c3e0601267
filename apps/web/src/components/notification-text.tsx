import { Link } from 'react-router';
import type { Notification } from '@cab/contract/notify';

/** A notification's text, a link to its object's page (SIM, bill, order, operation) when it has one. */
export function NotificationText({ item, onFollow }: { item: Notification; onFollow?: () => void }) {
  const link = item.link && item.link.startsWith('/') && !item.link.startsWith('//') ? item.link : null;
  return (
    <p className="notify-item__text">
      {link ? (
        <Link to={link} onClick={onFollow} data-testid="notify-link">
          {item.text}
        </Link>
      ) : (
        item.text
      )}
    </p>
  );
}
