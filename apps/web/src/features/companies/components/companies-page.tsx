import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type { AdminCompany } from '@cab/contract/companies-admin';
import { PageTitle } from '@/components/page-title';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { useMe } from '@/lib/me-query';
import { toastError } from '@/lib/toast-bus';
import { companiesQueryOptions, useCompanyAction, type CompanyAction } from '../api/companies-api';
import { COMPANIES_LIST_URL } from '../model/list-state';
import { useUrlState } from '@/lib/url-state';
import { AuditDialog } from './audit-dialog';
import { CompaniesFilter } from './companies-filter';
import { CompaniesTable, type RowIntent } from './companies-table';
import { CompanyUsersDialog } from './company-users-dialog';
import { ConfirmCompanyAction, type PendingConfirm } from './confirm-company-action';
import { CreateCompanyDialog } from './create-company-dialog';
import '../companies.css';
import { QueryStates } from '@/components/query-states';

/** Route module /companies (root only): search, block, unblock, delete, create, sign in as, audit log. */
export function Component() {
  const { t } = useTranslation();
  const [state, onChange] = useUrlState(COMPANIES_LIST_URL);
  const request = { page: state.pageIndex - 1, size: state.pageSize, ...(state.query ? { query: state.query } : {}), ...(state.state ? { state: state.state } : {}) };
  const companies = useQuery(companiesQueryOptions(request));
  const ownCompanyId = useMe().data?.company.id;
  const [creating, setCreating] = useState(false);
  const [usersOf, setUsersOf] = useState<AdminCompany | null>(null);
  const [auditOf, setAuditOf] = useState<AdminCompany | null>(null);
  const [confirming, setConfirming] = useState<PendingConfirm | null>(null);
  const onError = (error: ApiError) =>
    toastError(error);
  const act = useCompanyAction(onError);

  function run(action: CompanyAction, company: AdminCompany): void {
    act.mutate(
      { action, id: company.id },
      {
        onSuccess: () => {
          showSuccessToast({ key: `companies.done.${action === 'delete' && company.registration_step ? 'remove' : action}`, values: { name: company.name } });
          setConfirming(null);
        },
        onError: () => setConfirming(null),
      },
    );
  }
  function onIntent(intent: RowIntent, company: AdminCompany): void {
    if (intent === 'users') setUsersOf(company);
    else if (intent === 'audit') setAuditOf(company);
    else if (intent === 'unblock') run('unblock', company);
    else setConfirming({ action: intent, company });
  }

  return (
    <div className="companies-page">
      <div className="companies-page__head">
        <PageTitle>{t('pages.companies')}</PageTitle>
        <Button type="button" icon="pi pi-plus" label={t('companies.createTitle')} onClick={() => setCreating(true)} data-testid="companies-create" />
      </div>
      <CompaniesFilter state={state} onChange={onChange} />
      <QueryStates query={companies} card>
        {(data) => (
          <CompaniesTable
            data={data}
            page={state.pageIndex - 1}
            size={state.pageSize}
            loading={companies.isFetching}
            onPage={(page) => onChange({ pageIndex: page + 1 })}
            onIntent={onIntent}
            ownCompanyId={ownCompanyId}
          />
        )}
      </QueryStates>
      <ConfirmCompanyAction pending={confirming} busy={act.isPending} onConfirm={(p) => run(p.action, p.company)} onHide={() => setConfirming(null)} />
      <CompanyUsersDialog company={usersOf} onHide={() => setUsersOf(null)} />
      <AuditDialog company={auditOf} onHide={() => setAuditOf(null)} />
      <CreateCompanyDialog visible={creating} onHide={() => setCreating(false)} />
    </div>
  );
}
