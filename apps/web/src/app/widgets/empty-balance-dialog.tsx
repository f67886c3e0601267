import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { MeResult } from '@cab/contract/me';
import { ME_KEY, useMe } from '@/lib/me-query';

/**
 * Spec §2/§4: when the balance has run out (balance_problem) the user is offered bill generation.
 * Closing (or following the link) clears balance_problem in the cached user data and remembers the
 * balance it was closed at: the user data is fetched again after every bill or notice, and the dialog
 * must not come back over the bill the user is generating. It opens again when the balance moves
 * (another charge) or on a full page load.
 */
export function EmptyBalanceDialog() {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [closedAtBalance, setClosedAtBalance] = useState<number | null>(null);
  const company = me.data?.company;

  function close(): void {
    if (company) setClosedAtBalance(company.balance);
    queryClient.setQueryData<MeResult>(ME_KEY, (current) =>
      current ? { ...current, company: { ...current.company, balance_problem: false } } : current,
    );
  }

  function goToBillGeneration(): void {
    close();
    void navigate('/docs?new=1');
  }

  return (
    <Dialog
      visible={company?.balance_problem === true && company.balance !== closedAtBalance}
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
