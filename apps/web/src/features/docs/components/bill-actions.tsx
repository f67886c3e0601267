import { Trans, useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import type { Bill } from '@cab/contract/bills';
import { BillPdfLink } from '@/components/bill-pdf-link';
import { formatMoney } from '@/lib/format-money';
import { showSuccessToast } from '@/lib/api';
import { useCancelBill, useMarkBillPaid, usePayFromBalance } from '../api/bills-api';

export interface BillActor {
  isRoot: boolean;
  canManage: boolean;
  ownCompanyId: number | null;
  /** Prepay balance in cents; null for postpay companies. */
  balanceCents: number | null;
}

/** Root marks a bill paid or cancelled; a prepay admin pays an order bill from the balance. Each confirmed. */
export function BillActions({ bill, actor }: { bill: Bill; actor: BillActor }) {
  const { t, i18n } = useTranslation();
  const markPaid = useMarkBillPaid();
  const cancel = useCancelBill();
  const pay = usePayFromBalance();
  const amount = formatMoney(bill.amount_cents / 100, i18n.language);
  if (bill.status === 'paid' && actor.isRoot) {
    // A refund or a returned payment: the payment's balance movement and the agent's reward are undone.
    return (
      <div className="bill-actions">
        <Button
          type="button"
          size="small"
          text
          severity="danger"
          label={t('docs.cancel')}
          loading={cancel.isPending}
          onClick={() =>
            confirmDialog({
              header: t('docs.cancelTitle'),
              message: t('agent.bills.cancelPaidConfirm', { number: bill.number, amount }),
              icon: 'pi pi-exclamation-triangle',
              acceptLabel: t('docs.yes'),
              rejectLabel: t('docs.no'),
              acceptClassName: 'p-button-danger',
              accept: () => cancel.mutate({ id: bill.id }, { onSuccess: () => showSuccessToast({ key: 'docs.cancelled' }) }),
            })
          }
          data-testid="bill-cancel-paid"
        />
      </div>
    );
  }
  if (bill.status !== 'unpaid') return null;
  const ask = (header: string, message: string, accept: () => void, danger = false) =>
    confirmDialog({
      header,
      message,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('docs.yes'),
      rejectLabel: t('docs.no'),
      ...(danger ? { acceptClassName: 'p-button-danger' } : {}),
      accept,
    });
  const canPay =
    !actor.isRoot &&
    actor.canManage &&
    bill.kind === 'order' &&
    bill.company_id === actor.ownCompanyId &&
    actor.balanceCents !== null &&
    actor.balanceCents >= bill.amount_cents;
  return (
    <div className="bill-actions">
      {actor.isRoot && (
        <>
          <Button
            type="button"
            size="small"
            outlined
            icon="pi pi-check"
            label={t('docs.markPaid')}
            loading={markPaid.isPending}
            onClick={() =>
              ask(t('docs.markPaidTitle'), t('docs.markPaidConfirm', { number: bill.number, amount }), () =>
                markPaid.mutate({ id: bill.id }, { onSuccess: () => showSuccessToast({ key: 'docs.markedPaid' }) }),
              )
            }
            data-testid="bill-mark-paid"
          />
          <Button
            type="button"
            size="small"
            text
            severity="danger"
            label={t('docs.cancel')}
            loading={cancel.isPending}
            onClick={() =>
              ask(t('docs.cancelTitle'), t('docs.cancelConfirm', { number: bill.number }), () =>
                cancel.mutate({ id: bill.id }, { onSuccess: () => showSuccessToast({ key: 'docs.cancelled' }) }), true,
              )
            }
            data-testid="bill-cancel"
          />
        </>
      )}
      {canPay && (
        <Button
          type="button"
          size="small"
          icon="pi pi-wallet"
          label={t('docs.payFromBalance')}
          loading={pay.isPending}
          onClick={() =>
            confirmDialog({
              header: t('docs.payTitle'),
              message: (
                <Trans
                  i18nKey="docs.payConfirmAfter"
                  values={{ number: bill.number, amount, after: formatMoney(((actor.balanceCents ?? 0) - bill.amount_cents) / 100, i18n.language) }}
                  components={{ bill: <BillPdfLink id={bill.id} number={bill.number} /> }}
                />
              ),
              icon: 'pi pi-wallet',
              acceptLabel: t('docs.payAccept', { amount }),
              rejectLabel: t('docs.no'),
              accept: () => pay.mutate({ id: bill.id }, { onSuccess: () => showSuccessToast({ key: 'docs.paid' }) }),
            })
          }
          data-testid="bill-pay-balance"
        />
      )}
    </div>
  );
}
