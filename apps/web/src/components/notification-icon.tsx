import { useTranslation } from 'react-i18next';
import type { NotificationType } from '@cab/contract/constants';

const ICONS: Record<NotificationType, string> = {
  success: 'pi-check-circle',
  error: 'pi-times-circle',
  info: 'pi-info-circle',
  warning: 'pi-exclamation-triangle',
  default: 'pi-bell',
};

export function NotificationIcon({ type }: { type: NotificationType }) {
  const { t } = useTranslation();
  return (
    <i
      className={`pi ${ICONS[type]} notification-icon notification-icon--${type}`}
      role="img"
      aria-label={t(`notify.types.${type}`)}
    />
  );
}
