import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import type { Order, OrderListResult } from '@cab/contract/orders';
import { formatMoney } from '@/lib/format-money';
import { formatUnixDate } from '@/lib/format-date';
import { OrderActions, type OrderActor } from './order-actions';
import type { OrderListState } from './order-list-state';
import { OrderStatusTag } from './order-status-tag';
import { EmptyState } from '@/components/empty-state';
import { QueryStates } from '@/components/query-states';
import { urlPaging } from '@/components/url-paging';
import { CARD_TABLE, cardColumn } from '@/components/card-table';

interface OrdersTableProps {
  list: UseQueryResult<OrderListResult>;
  state: OrderListState;
  actor: OrderActor;
  onPage: (page: number, size: number) => void;
}

export function OrdersTable({ list, state, actor, onPage }: OrdersTableProps) {
  const { t, i18n } = useTranslation();
  // The bill sits under the order's status (one column less), so an admin's or root's table fits 1440 px.
  const statusAndBill = (order: Order) => (
    <span className="orders-table__bill">
      <OrderStatusTag status={order.status} />
      {order.waiting_reason && (
        <small className="orders-table__waiting" data-testid="order-waiting">
          <i className="pi pi-clock" aria-hidden="true" /> {t(`simStock.orderWaiting.${order.waiting_reason}`)}
        </small>
      )}
      {order.bill_number && (
        <>
          <span className="orders-table__nowrap">{order.bill_number}</span>
          <small className="orders-table__muted">{t(`orders.billStatus.${order.bill_status ?? 'unpaid'}`)}</small>
        </>
      )}
    </span>
  );
  return (
    <QueryStates
      query={list}
      card
      isEmpty={(data) => data.total === 0}
      empty={<EmptyState icon="pi-shopping-cart" title={t('orders.empty')} hint={t('orders.emptyHint')} testId="orders-empty" />}
    >
      {({ items, total }) => (
        <DataTable
          value={items}
          dataKey="id"
          size="small"
          stripedRows
          {...urlPaging(state, total, onPage)}
          loading={list.isFetching && !list.isPending}
          className={`orders-table ${CARD_TABLE}`}
          data-testid="orders-table"
        >
          <Column columnKey="number" {...cardColumn('title', t('orders.number'))} field="number" className="orders-table__nowrap" />
          <Column columnKey="created" {...cardColumn('field', t('orders.created'))} body={(order: Order) => formatUnixDate(order.created, i18n.language)} className="orders-table__date" />
          {actor.seesManyCompanies && <Column columnKey="company" {...cardColumn('field', t('orders.company'))} field="company_name" />}
          <Column columnKey="count" {...cardColumn('field', t('orders.count'))} field="count" className="orders-table__num" />
          <Column columnKey="amount" {...cardColumn('field', t('orders.amount'))} body={(order: Order) => formatMoney(order.amount_cents / 100, i18n.language)} className="orders-table__num" />
          <Column columnKey="statusAndBill" {...cardColumn('status', t('orders.statusAndBill'))} body={statusAndBill} />
          <Column columnKey="delivery" {...cardColumn('wide', t('orders.delivery'))} body={(order: Order) => <DeliveryCell order={order} />} />
          {/* A viewer or manager has no action on any order: no empty column. */}
          {(actor.isRoot || actor.canManage) && (
            <Column columnKey="actions" {...cardColumn('actions', t('orders.actions'))} body={(order: Order) => <OrderActions order={order} actor={actor} />} />
          )}
        </DataTable>
      )}
    </QueryStates>
  );
}

function DeliveryCell({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <div className="orders-table__delivery">
      <span>{order.contact}</span>
      <small className="orders-table__muted">{order.address}</small>
      {order.supplier_comment && (
        <small className="orders-table__comment" data-testid="order-supplier-comment">
          {t('orders.supplierComment')}: {order.supplier_comment}
        </small>
      )}
    </div>
  );
}
