import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { Dialog } from 'primereact/dialog';
import { Skeleton } from 'primereact/skeleton';
import type { AdminCompany, CompanyUser } from '@cab/contract/companies-admin';
import { TWO_FACTOR_API } from '@cab/contract/two-factor';
import { confirmDialog } from 'primereact/confirmdialog';
import { callOrThrow, showSuccessToast } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { toastError } from '@/lib/toast-bus';
import { signInAs } from '@/lib/impersonation';
import { companyUsersQueryOptions } from '../api/companies-api';
import { QueryStates } from '@/components/query-states';

/** The users of a company, each with "Sign in as" (root impersonation, spec §4 and §6). */
export function CompanyUsersDialog({ company, onHide }: { company: AdminCompany | null; onHide: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={company !== null}
      onHide={onHide}
      header={company ? t('companies.usersTitle', { name: company.name }) : ''}
      style={{ width: '48rem' }}
      breakpoints={{ '900px': '95vw' }}
      draggable={false}
      modal
      data-testid="company-users-dialog"
    >
      {company && <UsersTable companyId={company.id} />}
    </Dialog>
  );
}

function UsersTable({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const users = useQuery(companyUsersQueryOptions(companyId));
  const [signingIn, setSigningIn] = useState<number | null>(null);
  const resetFactors = (user: CompanyUser) =>
    confirmDialog({
      header: t('twoFactor.reset'),
      message: t('twoFactor.resetConfirm', { email: user.email }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('twoFactor.reset'),
      rejectLabel: t('twoFactor.cancel'),
      accept: () => void callOrThrow(TWO_FACTOR_API.reset, { id: user.id }).then(() => showSuccessToast({ key: 'twoFactor.resetDone', values: { email: user.email } }), (error: unknown) => toastError(error instanceof ApiError ? error : { key: 'common.unexpectedError' })),
    });
  const signIn = (user: CompanyUser) => {
    setSigningIn(user.id);
    void signInAs(user.id).then((done) => {
      if (!done) setSigningIn(null);
    }, () => setSigningIn(null));
  };
  return (
    <QueryStates query={users} pending={<Skeleton height="6rem" />}>
      {(data) => (
        <DataTable value={data.items} dataKey="id" size="small" stripedRows emptyMessage={t('companies.noUsers')} data-testid="company-users">
          <Column header={t('companies.userName')} body={(u: CompanyUser) => `${u.first_name} ${u.last_name}`.trim()} />
          <Column header={t('companies.userEmail')} field="email" />
          <Column header={t('companies.userRole')} field="role_title" />
          <Column
            header={t('companies.actions')}
            className="companies-table__actions"
            body={(u: CompanyUser) =>
              u.role === 'root' || !u.active ? (
                <span className="companies-muted">{u.active ? t('impersonation.notForRoot') : t('impersonation.userBlocked')}</span>
              ) : (
                <span className="companies-user-actions">
                  <Button
                    type="button"
                    size="small"
                    icon="pi pi-sign-in"
                    label={t('impersonation.signInAs')}
                    outlined
                    loading={signingIn === u.id}
                    disabled={signingIn !== null && signingIn !== u.id}
                    onClick={() => signIn(u)}
                    data-testid={`sign-in-as-${u.email}`}
                  />
                  <Button
                    type="button"
                    size="small"
                    icon="pi pi-shield"
                    text
                    severity="danger"
                    aria-label={`${t('twoFactor.reset')}: ${u.email}`}
                    tooltip={t('twoFactor.reset')}
                    onClick={() => resetFactors(u)}
                    data-testid={`reset-2fa-${u.email}`}
                  />
                </span>
              )
            }
          />
        </DataTable>
      )}
    </QueryStates>
  );
}
