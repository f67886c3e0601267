import { useLayoutEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationTextIn } from '@/lib/notification-language';
import { placeToastsBelowTitle } from '@/lib/toast-offset';
import { popupStore, type PopupItem, type PopupStore } from './popup-store';

const ICONS: Record<PopupItem['severity'], string> = {
  success: 'pi-check-circle',
  error: 'pi-times-circle',
  info: 'pi-info-circle',
  warn: 'pi-exclamation-triangle',
};

/** Popup notifications pushed by the server; labels are the spec's Успешно/Ошибка (§8). */
export function Popups({ store = popupStore }: { store?: PopupStore }) {
  const { t, i18n } = useTranslation();
  const items = useSyncExternalStore(store.subscribe, store.getItems);
  // Measured before paint, so a popup never shows for a frame over the title.
  useLayoutEffect(() => {
    if (items.length > 0) placeToastsBelowTitle();
  }, [items]);
  return (
    <div className="popups" data-testid="popups" aria-live="polite">
      {items.map((item) => (
        <div key={item.key} className={`popup popup--${item.severity}`} role="status" data-testid="popup">
          <i className={`pi ${ICONS[item.severity]} popup__icon`} aria-hidden="true" />
          <div className="popup__body">
            <strong className="popup__label">{t(item.severity === 'success' ? 'popup.success' : 'popup.error')}</strong>
            <p className="popup__text">{notificationTextIn(item, i18n.language)}</p>
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
