import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';

interface FilterChangeDialogProps {
  /** How many SIMs are selected, formatted; null keeps the dialog closed. */
  count: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a filter change drops the selection (the selected SIMs may not match the new filter). */
export function FilterChangeDialog({ count, onConfirm, onCancel }: FilterChangeDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={count !== null}
      onHide={onCancel}
      header={t('simTools.selection.dropTitle')}
      style={{ width: '30rem' }}
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
      modal
      data-testid="sims-drop-selection-dialog"
    >
      <p>{t('simTools.selection.dropText', { count: count ?? '' })}</p>
      <div className="op-form__actions">
        <Button type="button" text label={t('simTools.selection.keep')} onClick={onCancel} data-testid="sims-drop-cancel" autoFocus />
        <Button type="button" severity="danger" label={t('simTools.selection.drop')} onClick={onConfirm} data-testid="sims-drop-confirm" />
      </div>
    </Dialog>
  );
}
