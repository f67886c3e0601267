import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationTextIn } from '@/lib/notification-language';
import { navigateTo } from '@/lib/navigation';
import { attachQueuedNoticeHost } from '@/lib/operation-notice';
import { ToastText } from '../toast-text';
import { popupStore, type PopupItem, type PopupStore } from './popup-store';

const ICONS: Record<PopupItem['severity'], string> = {
  success: 'pi-check-circle',
  error: 'pi-times-circle',
  info: 'pi-info-circle',
  warn: 'pi-exclamation-triangle',
};

/**
 * Popup notifications pushed by the server, and the notice of an operation this tab queued, which its
 * result replaces: one place (bottom right, toasts.css) for what an action says. Labels are the spec's
 * Успешно/Ошибка (§8).
 */
export function Popups({ store = popupStore }: { store?: PopupStore }) {
  const { t, i18n } = useTranslation();
  const items = useSyncExternalStore(store.subscribe, store.getItems);
  useEffect(() => attachQueuedNoticeHost((notice) => store.addQueued(notice)), [store]);
  return (
    <div className="popups" data-testid="popups" aria-live="polite">
      {items.map((item) => (
        <div key={item.key} className={`popup popup--${item.severity}`} role="status" data-testid="popup">
          <i className={`pi ${ICONS[item.severity]} popup__icon`} aria-hidden="true" />
          <div className="popup__body">
            <strong className="popup__label">{t(item.severity === 'success' ? 'popup.success' : 'popup.error')}</strong>
            <p className="popup__text">
              {item.messages
                ? item.messages.map((message, index) => (
                    <span key={index}>
                      {index > 0 && ' '}
                      <ToastText text={message} />
                    </span>
                  ))
                : notificationTextIn(item, i18n.language)}
            </p>
            {item.link && (
              <a
                className="popup__link"
                href={item.link}
                onClick={(event) => {
                  event.preventDefault();
                  if (item.link) navigateTo(item.link);
                }}
                data-testid="popup-link"
              >
                {t('queueFinished.open')}
              </a>
            )}
          </div>
          <button
            type="button"
            className="popup__close"
            aria-label={t('popup.close')}
            onClick={() => store.remove(item.key)}
          >
            <i className="pi pi-times" aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );
}
