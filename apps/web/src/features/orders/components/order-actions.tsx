import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { ORDER_CANCELLABLE, ORDER_STATUS, ORDER_TRANSITIONS, type Order, type OrderStatus } from '@cab/contract/orders';
import { BillPdfLink } from '@/components/bill-pdf-link';
import { showSuccessToast } from '@/lib/api';
import { formatCents } from '@/lib/format-money';
import { useCancelOrder, useMoveOrder, usePayOrderFromBalance } from '../api/orders-api';
import { CommentDialog } from './comment-dialog';

export interface OrderActor {
  isRoot: boolean;
  /** Root, or a company with child companies: orders of more than one company are listed. */
  seesManyCompanies: boolean;
  canManage: boolean;
  /** Prepay balance in cents, null for postpay companies. */
  balanceCents: number | null;
  ownCompanyId: number | null;
}

/** Row actions: root moves the order on and comments; a company admin cancels or pays from the balance. */
export function OrderActions({ order, actor }: { order: Order; actor: OrderActor }) {
  const { t, i18n } = useTranslation();
  const move = useMoveOrder();
  const cancel = useCancelOrder();
  const pay = usePayOrderFromBalance();
  const [commenting, setCommenting] = useState(false);

  const moveTo = (status: OrderStatus) =>
    confirmDialog({
      header: t('orders.moveTitle'),
      message: status === ORDER_STATUS.completed ? t('orders.completeConfirm', { count: order.count, number: order.number }) : t('orders.moveConfirm', { number: order.number, status: t(`orders.status.${status}`) }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('orders.yes'),
      rejectLabel: t('orders.no'),
      accept: () => move.mutate({ id: order.id, status }, { onSuccess: () => showSuccessToast({ key: 'orders.moved' }) }),
    });
  const cancelOrder = () =>
    confirmDialog({
      header: t('orders.cancelTitle'),
      message: t('orders.cancelConfirm', { number: order.number }),
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: t('orders.yes'),
      rejectLabel: t('orders.no'),
      accept: () => cancel.mutate({ id: order.id }, { onSuccess: () => showSuccessToast({ key: 'orders.cancelled' }) }),
    });
  const payFromBalance = (billId: number) =>
    confirmDialog({
      header: t('orders.payTitle'),
      // The money itself, and what the balance will be: a yes or no to an unnamed sum is no choice.
      message: (
        <Trans
          i18nKey="orders.payConfirmAmount"
          values={{
            number: order.number,
            bill: order.bill_number ?? '',
            amount: formatCents(order.amount_cents, i18n.language),
            after: formatCents((actor.balanceCents ?? 0) - order.amount_cents, i18n.language),
          }}
          // The bill's number opens the bill (its PDF), to be read before paying it.
          components={{ bill: <BillPdfLink id={billId} number={order.bill_number ?? ''} /> }}
        />
      ),
      icon: 'pi pi-wallet',
      acceptLabel: t('orders.payAccept', { amount: formatCents(order.amount_cents, i18n.language) }),
      rejectLabel: t('orders.no'),
      accept: () => pay.mutate(billId, { onSuccess: () => showSuccessToast({ key: 'orders.paid' }) }),
    });

  const canCancel = actor.canManage && !actor.isRoot && ORDER_CANCELLABLE.includes(order.status);
  const canPay =
    actor.canManage &&
    order.bill_id !== null &&
    order.bill_status === 'unpaid' &&
    order.company_id === actor.ownCompanyId &&
    actor.balanceCents !== null &&
    actor.balanceCents >= order.amount_cents;

  return (
    <div className="order-actions">
      {actor.isRoot &&
        ORDER_TRANSITIONS[order.status].map((status) => (
          <Button
            key={status}
            type="button"
            size="small"
            outlined
            severity={status === ORDER_STATUS.cancelled ? 'danger' : undefined}
            label={t(`orders.moveTo.${status}`)}
            loading={move.isPending && move.variables.status === status}
            onClick={() => moveTo(status)}
            data-testid={`order-move-${status}`}
          />
        ))}
      {actor.isRoot && (
        <Button type="button" size="small" text icon="pi pi-comment" aria-label={t('orders.comment')} tooltip={t('orders.comment')} onClick={() => setCommenting(true)} data-testid="order-comment" />
      )}
      {canPay && order.bill_id !== null && (
        <Button type="button" size="small" icon="pi pi-wallet" label={t('orders.payFromBalance')} loading={pay.isPending} onClick={() => payFromBalance(order.bill_id ?? 0)} data-testid="order-pay-balance" />
      )}
      {canCancel && (
        <Button type="button" size="small" text severity="danger" label={t('orders.cancel')} loading={cancel.isPending} onClick={cancelOrder} data-testid="order-cancel" />
      )}
      {commenting && <CommentDialog order={order} onHide={() => setCommenting(false)} />}
    </div>
  );
}
