import { useTranslation } from 'react-i18next';

/** Shown when a route chunk fails to load (e.g. after a deploy) or a page throws. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="state-view" role="alert">
      <i className="pi pi-exclamation-triangle state-view__icon" aria-hidden="true" />
      <h2>{t('common.error')}</h2>
      <p>{t('common.cantLoad')}</p>
      <button type="button" className="p-button p-component" onClick={() => window.location.reload()}>
        <i className="pi pi-refresh p-button-icon p-button-icon-left" aria-hidden="true" />
        <span className="p-button-label">{t('common.retry')}</span>
      </button>
    </div>
  );
}
