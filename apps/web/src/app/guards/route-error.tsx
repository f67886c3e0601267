import { useTranslation } from 'react-i18next';

/**
 * Shown when a route chunk fails to load (e.g. after a deploy) or a page throws. It replaces the whole
 * layout, so it is the document's main region and level-one heading (axe found neither on this screen).
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main id="main" tabIndex={-1} data-testid="route-error">
      <div className="state-view" role="alert">
        <i className="pi pi-exclamation-triangle state-view__icon" aria-hidden="true" />
        <h1 className="state-view__title">{t('common.error')}</h1>
        <p>{t('common.cantLoad')}</p>
        <button type="button" className="p-button p-component" onClick={() => window.location.reload()}>
          <i className="pi pi-refresh p-button-icon p-button-icon-left" aria-hidden="true" />
          <span className="p-button-label">{t('common.retry')}</span>
        </button>
      </div>
    </main>
  );
}
