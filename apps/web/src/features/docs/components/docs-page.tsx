import { Link } from 'react-router';
import { useCan } from '@/lib/use-can';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';

import { PageTitle } from '@/components/page-title';
import { useMe } from '@/lib/me-query';
import { useBillList } from '../api/bills-api';
import type { BillActor } from './bill-actions';
import { BillsTable } from './bills-table';
import { DocsFilter } from './docs-filter';
import { DOCS_LIST_URL, toBillListRequest } from './docs-list-state';
import { useUrlState } from '@/lib/url-state';
import { NewBillDialog } from './new-bill-dialog';
import '../docs.css';

/** Route module /docs (and /docs?new=1): bills with the docs filter, and bill generation. */
export function Component() {
  const { t } = useTranslation();
  const [state, update] = useUrlState(DOCS_LIST_URL);
  const list = useBillList(toBillListRequest(state));
  const me = useMe().data;
  const canManage = useCan('bills.manage');
  const operator = useCan('companies.manage');
  const actor: BillActor = {
    isRoot: operator,
    canManage,
    ownCompanyId: me?.company.id ?? null,
    balanceCents: me?.company.billing_type === 1 && me.company.balance !== null ? Math.round(me.company.balance * 100) : null,
  };
  return (
    <div className="docs-page">
      <div className="docs-page__head">
        <PageTitle>{t('pages.docs')}</PageTitle>
        <div className="docs-page__actions">
          {/* The deposit ledger has no menu entry of its own (spec §2's menu); bills lead to it. */}
          <Link to="/deposit" className="docs-page__ledger" data-testid="docs-ledger-link">
            <i className="pi pi-wallet" aria-hidden="true" /> {t('docs.ledgerLink')}
          </Link>
          {canManage && <Button type="button" icon="pi pi-plus" label={t('docs.create')} onClick={() => update({ creating: true })} data-testid="docs-create" />}
        </div>
      </div>
      <DocsFilter state={state} onChange={update} />
      <BillsTable list={list} state={state} actor={actor} onPage={(pageIndex, pageSize) => update({ pageIndex, pageSize })} />
      <NewBillDialog visible={state.creating && canManage} onHide={() => update({ creating: false })} />
      <ConfirmDialog />
    </div>
  );
}
