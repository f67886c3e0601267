import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';

/**
 * Spec §2/§4: a company without SIM cards is offered to order some. Closing (or following a link) is
 * remembered for the session by the shell's dialog queue (shell-popups.ts); the SIM count stays true.
 */
export function EmptySimDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const close = onClose;

  function go(to: string): void {
    close();
    void navigate(to);
  }

  return (
    <Dialog
      visible={visible}
      onHide={close}
      header={t('emptySim.title')}
      style={{ width: '30%' }}
      breakpoints={{ '1200px': '50vw', '768px': '90vw' }}
      draggable={false}
      modal
      data-testid="empty-sim-dialog"
      footer={
        <div className="dialog-actions">
          <Button type="button" label={t('common.close')} text onClick={close} data-testid="empty-sim-close" />
          <Button
            type="button"
            label={t('emptySim.orders')}
            outlined
            onClick={() => go('/orders')}
            data-testid="empty-sim-orders"
          />
          <Button
            type="button"
            label={t('emptySim.order')}
            icon="pi pi-shopping-cart"
            onClick={() => go('/orders?new=1')}
            data-testid="empty-sim-order"
          />
        </div>
      }
    >
      <p className="empty-sim-dialog__text">{t('emptySim.text')}</p>
    </Dialog>
  );
}
