import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';

type Platform = 'mac' | 'windows' | 'other';

export function detectPlatform(userAgent: string): Platform {
  if (/Mac|iPhone|iPad/i.test(userAgent)) return 'mac';
  if (/Win|Linux|X11|CrOS/i.test(userAgent)) return 'windows';
  return 'other';
}

/** me.update: the cabinet changed under the user; a hard refresh is the only way on (not closable). */
export function UpdateDialog({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  const platform = detectPlatform(navigator.userAgent);
  return (
    <Dialog
      visible={visible}
      onHide={() => undefined}
      closable={false}
      closeOnEscape={false}
      draggable={false}
      modal
      header={t('update.title')}
      style={{ width: '50%' }}
      breakpoints={{ '768px': '90vw' }}
      data-testid="update-dialog"
    >
      <p>{t('update.text')}</p>
      <p className="update-dialog__hint">
        <i className="pi pi-refresh" aria-hidden="true" /> <strong>{t(`update.${platform}`)}</strong>
      </p>
    </Dialog>
  );
}
