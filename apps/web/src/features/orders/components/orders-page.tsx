import { useUrlState } from '@/lib/url-state';
import { useCan } from '@/lib/use-can';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { SelectButton } from 'primereact/selectbutton';
import { ORDER_GROUPS, type OrderGroup } from '@cab/contract/orders';

import { PageTitle } from '@/components/page-title';
import { useMe } from '@/lib/me-query';
import { orderCompaniesQuery, useOrderList } from '../api/orders-api';
import { NewOrderDialog } from './new-order-dialog';
import type { OrderActor } from './order-actions';
import { ORDER_LIST_URL, toOrderListRequest } from './order-list-state';
import { OrdersTable } from './orders-table';
import '../orders.css';

/** Route module /orders (and /orders?new=1): the order list by status group and the new-order dialog. */
export function Component() {
  const { t } = useTranslation();
  const [state, update] = useUrlState(ORDER_LIST_URL);
  const list = useOrderList(toOrderListRequest(state));
  const me = useMe().data;
  const canManage = useCan('orders.manage');
  const operator = useCan('companies.manage');
  const allCompanies = useCan('companies.all');
  // A company with child companies orders for them too: its table names each order's company.
  const scope = useQuery(orderCompaniesQuery);
  const actor: OrderActor = {
    isRoot: operator,
    seesManyCompanies: allCompanies || (scope.data?.items.length ?? 0) > 1,
    canManage,
    balanceCents: me?.company.billing_type === 1 && me.company.balance !== null ? Math.round(me.company.balance * 100) : null,
    ownCompanyId: me?.company.id ?? null,
  };
  const groups = ORDER_GROUPS.map((group) => ({ value: group, label: t(`orders.groups.${group}`) }));

  return (
    <div className="orders-page">
      <div className="orders-page__head">
        <PageTitle>{t('pages.orders')}</PageTitle>
        {canManage && (
          <Button type="button" icon="pi pi-plus" label={t('orders.create')} onClick={() => update({ creating: true })} data-testid="orders-create" />
        )}
      </div>
      <SelectButton
        className="orders-page__groups"
        value={state.group}
        options={groups}
        allowEmpty={false}
        onChange={(event) => update({ group: event.value as OrderGroup, pageIndex: 1 })}
        aria-label={t('orders.groupsLabel')}
        data-testid="orders-groups"
      />
      <OrdersTable list={list} state={state} actor={actor} onPage={(pageIndex, pageSize) => update({ pageIndex, pageSize })} />
      <NewOrderDialog visible={state.creating && canManage} onHide={() => update({ creating: false })} />
      <ConfirmDialog />
    </div>
  );
}
