import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';

interface ConfirmToolActionProps {
  visible: boolean;
  title: string;
  text: string;
  accept: string;
  danger?: boolean;
  busy?: boolean;
  onAccept: () => void;
  onHide: () => void;
}

/** One more question before a tool changes what every user sees (Esc or Cancel keeps things as they are). */
export function ConfirmToolAction({ visible, title, text, accept, danger, busy, onAccept, onHide }: ConfirmToolActionProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      visible={visible}
      onHide={onHide}
      header={title}
      icon={`pi ${danger ? 'pi-exclamation-triangle' : 'pi-question-circle'}`}
      message={text}
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '95vw' }}
      className="tools-dialog"
      data-testid="tools-confirm"
      footer={
        <div className="tools-actions">
          <Button type="button" label={t('toolsCommon.cancel')} text onClick={onHide} data-testid="tools-confirm-cancel" />
          <Button
            type="button"
            label={accept}
            severity={danger ? 'danger' : undefined}
            loading={busy}
            autoFocus
            onClick={onAccept}
            data-testid="tools-confirm-accept"
          />
        </div>
      }
    />
  );
}
