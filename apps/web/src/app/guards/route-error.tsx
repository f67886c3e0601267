import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';

/** Shown when a route chunk fails to load (e.g. after a deploy) or a page throws. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="state-view" role="alert">
      <i className="pi pi-exclamation-triangle state-view__icon" aria-hidden="true" />
      <h2>{t('common.error')}</h2>
      <p>{t('common.cantLoad')}</p>
      <Button label={t('common.retry')} icon="pi pi-refresh" onClick={() => window.location.reload()} />
    </div>
  );
}
