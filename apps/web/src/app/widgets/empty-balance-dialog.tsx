import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';

/**
 * Spec §2/§4: when the balance has run out (balance_problem) the user is offered bill generation.
 * Closing (or following the link) is remembered with the balance it was closed at by the shell's
 * dialog queue (shell-popups.ts): the user data is fetched again after every bill or notice, and the
 * dialog must not come back over the bill the user is generating. It opens again when the balance
 * moves (another charge) or on a full page load.
 */
export function EmptyBalanceDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const close = onClose;

  function goToBillGeneration(): void {
    close();
    void navigate('/docs?new=1');
  }

  return (
    <Dialog
      visible={visible}
      onHide={close}
      header={t('emptyBalance.title')}
      style={{ width: '30%' }}
      breakpoints={{ '1200px': '50vw', '768px': '90vw' }}
      draggable={false}
      modal
      data-testid="empty-balance-dialog"
      footer={
        // Stacked, the call to action first: at 30% of the window "Перейти к формированию счёта" and
        // "Закрыть" do not fit on one line, and a wrapped row looks broken.
        <div className="dialog-actions dialog-actions--stacked">
          <Button
            type="button"
            label={t('emptyBalance.billGeneration')}
            icon="pi pi-file-edit"
            onClick={goToBillGeneration}
            data-testid="empty-balance-bill"
          />
          <Button type="button" label={t('common.close')} text onClick={close} data-testid="empty-balance-close" />
        </div>
      }
    >
      <p className="empty-sim-dialog__text">{t('emptyBalance.text')}</p>
    </Dialog>
  );
}
