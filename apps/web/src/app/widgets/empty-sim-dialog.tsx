import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { MeResult } from '@cab/contract/me';
import { ME_KEY, useMe } from '@/lib/me-query';

/**
 * Spec §2/§4: a company without SIM cards is offered to order some. Closing (or following a link) sets
 * sim_count to 1 in the cached user data, so it does not open again until the data is reloaded.
 */
export function EmptySimDialog() {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  function close(): void {
    queryClient.setQueryData<MeResult>(ME_KEY, (current) => (current ? { ...current, sim_count: 1 } : current));
  }

  function go(to: string): void {
    close();
    void navigate(to);
  }

  return (
    <Dialog
      visible={me.data?.sim_count === 0}
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
