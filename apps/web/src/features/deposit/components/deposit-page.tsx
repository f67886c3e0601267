import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Paginator } from 'primereact/paginator';
import { Skeleton } from 'primereact/skeleton';
import { isRoot } from '@cab/contract/roles';
import { PageTitle } from '@/components/page-title';
import { useMe } from '@/lib/me-query';
import { useLedger } from '../api/deposit-api';
import { parseDepositState, toDepositRequest, writeDepositState, type DepositState } from '../model/deposit-state';
import { AdjustDialog } from './adjust-dialog';
import { DepositFilterBar } from './deposit-filter';
import { LedgerTable } from './ledger-table';
import '../deposit.css';
import { LoadError } from '@/components/load-error';

/** Route module /deposit: the ledger of every balance movement; root also changes balances. */
export function Component() {
  const { t } = useTranslation();
  const me = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseDepositState(searchParams);
  const ledger = useLedger(toDepositRequest(state));
  const [adjusting, setAdjusting] = useState(false);
  const root = me.data !== undefined && isRoot(me.data.user.role);

  const update = useCallback(
    (patch: Partial<DepositState>) =>
      setSearchParams((previous) => writeDepositState({ ...parseDepositState(previous), pageIndex: 1, ...patch })),
    [setSearchParams],
  );
  const items = ledger.data?.items ?? [];
  const total = ledger.data?.total ?? 0;

  return (
    <div className="deposit-page">
      <div className="deposit-page__head">
        <PageTitle>{t('pages.deposit')}</PageTitle>
        {root && (
          <Button
            type="button"
            icon="pi pi-wallet"
            label={t('deposit.adjust.open')}
            onClick={() => setAdjusting(true)}
            data-testid="deposit-adjust-open"
          />
        )}
      </div>
      <DepositFilterBar state={state} onChange={update} root={root} />
      {ledger.isPending && (
        <div className="card" aria-busy="true">
          {[0, 1, 2, 3, 4].map((key) => (
            <Skeleton key={key} height="2.5rem" className="mb-2" />
          ))}
        </div>
      )}
      {ledger.isError && (
        <LoadError card onRetry={() => void ledger.refetch()} />
      )}
      {ledger.isSuccess && total === 0 && (
        <div className="state-view card" data-testid="deposit-empty">
          <i className="pi pi-wallet state-view__icon" aria-hidden="true" />
          <h3>{t('deposit.empty')}</h3>
          <p>{t('deposit.emptyHint')}</p>
        </div>
      )}
      {items.length > 0 && (
        <>
          <LedgerTable items={items} loading={ledger.isFetching && !ledger.isPending} />
          <Paginator
            first={(state.pageIndex - 1) * state.pageSize}
            rows={state.pageSize}
            totalRecords={total}
            rowsPerPageOptions={[25, 50, 100]}
            onPageChange={(event) => update({ pageIndex: event.page + 1, pageSize: event.rows })}
            data-testid="deposit-paginator"
          />
        </>
      )}
      {root && <AdjustDialog visible={adjusting} onHide={() => setAdjusting(false)} presetCompany={state.company} />}
      <ConfirmDialog />
    </div>
  );
}
