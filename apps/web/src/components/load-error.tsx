import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';

/**
 * The "Can't load the data" view with a retry button. `card`: a page-level block with the spec's
 * 'Error' title; without it, a compact view inside a panel or dialog.
 */
export function LoadError({ onRetry, card = false }: { onRetry: () => void; card?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={card ? 'state-view card' : 'state-view'} role="alert">
      {card && <h2 className="state-view__title">{t('common.error')}</h2>}
      <p>{t('common.cantLoad')}</p>
      <Button label={t('common.retry')} icon="pi pi-refresh" onClick={onRetry} />
    </div>
  );
}
