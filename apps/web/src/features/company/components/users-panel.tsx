import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from '@/components/data-table';
import { Tag } from 'primereact/tag';
import { COMPANY_USER_ROLES, type CompanyUser } from '@cab/contract/company-users';
import { showSuccessToast } from '@/lib/api';
import { companyUsersQueryOptions, useUserAction, type UserAction } from '../api/users-api';
import { UserDialog } from './user-dialog';
import { QueryStates } from '@/components/query-states';

interface Pending {
  action: UserAction;
  user: CompanyUser;
}

const ICONS: Record<UserAction, string> = {
  block: 'pi pi-lock',
  unblock: 'pi pi-lock-open',
  delete: 'pi pi-trash',
  send_password: 'pi pi-envelope',
};

/** Root and agent accounts are listed but managed elsewhere (the server refuses them here too). */
function isManaged(user: CompanyUser): boolean {
  return COMPANY_USER_ROLES.some((role) => role === user.role);
}

/** Company users (spec §6): list, add, edit, block/unblock, delete, e-mail a new password. */
export function UsersPanel({ companyId, readOnly }: { companyId: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const users = useQuery(companyUsersQueryOptions(companyId));
  const [editing, setEditing] = useState<CompanyUser | 'new' | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const act = useUserAction(companyId);

  function run({ action, user }: Pending): void {
    act.mutate(
      { action, id: user.id },
      {
        onSuccess: (result) => {
          const key =
            action === 'send_password' && result.mail_sent === false ? 'users.done.mailFailed' : `users.done.${action}`;
          showSuccessToast({ key: key, values: { email: user.email } });
        },
      },
    );
  }

  const actionButton = (user: CompanyUser, action: UserAction) => (
    <Button
      type="button"
      icon={ICONS[action]}
      rounded
      text
      severity={action === 'delete' ? 'danger' : 'secondary'}
      aria-label={t(`users.actions.${action}`)}
      tooltip={t(`users.actions.${action}`)}
      tooltipOptions={{ position: 'top' }}
      disabled={readOnly || !isManaged(user) || (user.self && (action === 'block' || action === 'delete'))}
      onClick={() => setPending({ action, user })}
      data-testid={`user-${action}`}
    />
  );
  const actions = (user: CompanyUser) => (
    <div className="company-row-actions">
      <Button
        type="button"
        icon="pi pi-pencil"
        rounded
        text
        severity="secondary"
        aria-label={t('users.actions.edit')}
        tooltip={t('users.actions.edit')}
        tooltipOptions={{ position: 'top' }}
        disabled={readOnly || !isManaged(user)}
        onClick={() => setEditing(user)}
        data-testid="user-edit"
      />
      {actionButton(user, user.active ? 'block' : 'unblock')}
      {actionButton(user, 'send_password')}
      {actionButton(user, 'delete')}
    </div>
  );

  return (
    <div className="company-panel">
      <div className="company-panel__head">
        <p className="company-panel__hint">{t('users.hint')}</p>
        <Button
          type="button"
          icon="pi pi-user-plus"
          label={t('users.add')}
          disabled={readOnly}
          onClick={() => setEditing('new')}
          data-testid="users-add"
        />
      </div>
      <QueryStates query={users} rows={3}>
        {(data) => (
          <DataTable
            value={data.items}
            dataKey="id"
            size="small"
            stripedRows
            emptyMessage={t('users.empty')}
            data-testid="users-table"
            rowClassName={() => 'users-row'}
          >
            <Column field="first_name" header={t('users.firstName')} />
            <Column field="last_name" header={t('users.lastName')} />
            <Column field="email" header={t('users.email')} />
            <Column field="phone" header={t('users.phone')} body={(user: CompanyUser) => user.phone ?? '—'} />
            <Column field="role_title" header={t('users.role')} />
            <Column
              field="active"
              header={t('users.active')}
              body={(user: CompanyUser) => (
                <Tag
                  severity={user.active ? 'success' : 'danger'}
                  value={t(user.active ? 'users.activeYes' : 'users.blocked')}
                  data-testid="user-status"
                />
              )}
            />
            <Column header={t('users.actionsTitle')} body={actions} className="company-actions-cell" />
          </DataTable>
        )}
      </QueryStates>
      {editing !== null && (
        <UserDialog companyId={companyId} user={editing === 'new' ? null : editing} onHide={() => setEditing(null)} />
      )}
      <ConfirmDialog
        visible={pending !== null}
        onHide={() => setPending(null)}
        header={pending ? t(`users.confirm.${pending.action}Title`) : ''}
        message={
          pending
            ? t(`users.confirm.${pending.action}`, {
                name: `${pending.user.first_name} ${pending.user.last_name}`,
                email: pending.user.email,
              })
            : ''
        }
        icon={pending?.action === 'delete' ? 'pi pi-exclamation-triangle' : 'pi pi-question-circle'}
        acceptLabel={pending ? t(`users.actions.${pending.action}`) : ''}
        rejectLabel={t('users.cancel')}
        acceptClassName={pending?.action === 'delete' || pending?.action === 'block' ? 'p-button-danger' : undefined}
        accept={() => {
          if (pending) run(pending);
        }}
        data-testid="user-confirm"
      />
    </div>
  );
}
