import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Paginator } from 'primereact/paginator';
import { isRoot } from '@cab/contract/roles';
import { PageTitle } from '@/components/page-title';
import { useMe } from '@/lib/me-query';
import { useLedger } from '../api/deposit-api';
import { DEPOSIT_URL, toDepositRequest, type DepositState } from '../model/deposit-state';
import { useUrlState } from '@/lib/url-state';
import { AdjustDialog } from './adjust-dialog';
import { DepositFilterBar } from './deposit-filter';
import { LedgerTable } from './ledger-table';
import '../deposit.css';
import { EmptyState } from '@/components/empty-state';
import { QueryStates } from '@/components/query-states';

/** Route module /deposit: the ledger of every balance movement; root also changes balances. */
export function Component() {
  const { t } = useTranslation();
  const me = useMe();
  const [state, setState] = useUrlState(DEPOSIT_URL);
  const ledger = useLedger(toDepositRequest(state));
  const [adjusting, setAdjusting] = useState(false);
  const root = me.data !== undefined && isRoot(me.data.user.role);

  const update = (patch: Partial<DepositState>) => setState({ pageIndex: 1, ...patch });
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
      <QueryStates
        query={ledger}
        card
        rows={5}
        isEmpty={(data) => data.total === 0}
        empty={<EmptyState icon="pi-wallet" title={t('deposit.empty')} hint={t('deposit.emptyHint')} testId="deposit-empty" />}
      >
        {() => (
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
      </QueryStates>
      {root && <AdjustDialog visible={adjusting} onHide={() => setAdjusting(false)} presetCompany={state.company} />}
      <ConfirmDialog />
    </div>
  );
}
