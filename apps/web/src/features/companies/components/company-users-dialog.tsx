import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { Dialog } from 'primereact/dialog';
import { Skeleton } from 'primereact/skeleton';
import type { AdminCompany, CompanyUser } from '@cab/contract/companies-admin';
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
              )
            }
          />
        </DataTable>
      )}
    </QueryStates>
  );
}
