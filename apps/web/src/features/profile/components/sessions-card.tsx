import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { type DataTableBodyRowPassThroughMethodOptions } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import type { SessionInfo } from '@cab/contract/profile';
import { showSuccessToast } from '@/lib/api';
import { formatUnixDate } from '@/lib/format-date';
import { sessionsQueryOptions, useRevokeOtherSessions } from '../api/profile-api';
import { shortUserAgent } from './short-user-agent';
import { QueryStates } from '@/components/query-states';

export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const sessions = useQuery(sessionsQueryOptions);
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeOtherSessions();
  const items = sessions.data?.items ?? [];
  const others = items.filter((session) => !session.current).length;

  function confirm(): void {
    revoke.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        showSuccessToast({ key: 'profile.sessionsRevoked', values: { count: revoked } });
        setConfirming(false);
      },
    });
  }

  return (
    <section className="card profile-card" aria-labelledby="profile-sessions-title">
      <div className="profile-card__head">
        <h2 id="profile-sessions-title">{t('profile.sessionsTitle')}</h2>
        <Button
          type="button"
          label={t('profile.revokeOthers')}
          icon="pi pi-sign-out"
          severity="danger"
          outlined
          disabled={others === 0}
          onClick={() => setConfirming(true)}
          data-testid="sessions-revoke-others"
        />
      </div>
      <QueryStates query={sessions} rows={3}>
        {() => (
          <DataTable
            value={items}
            dataKey="id"
            size="small"
            stripedRows
            loading={sessions.isFetching}
            emptyMessage={t('profile.noSessions')}
            data-testid="sessions-table"
            pt={{
              // Typed with the table's options; at run time a body row gets its own context (not the empty-message row).
              bodyRow: (options) => {
                const context = (
                  options as unknown as DataTableBodyRowPassThroughMethodOptions<SessionInfo[]> | undefined
                )?.context;
                const session = context ? items[context.index] : undefined;
                return session ? { 'data-testid': 'session-row', 'data-current': session.current } : {};
              },
            }}
          >
            <Column header={t('profile.device')} body={(session: SessionInfo) => <DeviceCell session={session} />} />
            <Column header={t('profile.ip')} body={(session: SessionInfo) => session.ip ?? '—'} />
            <Column header={t('profile.created')} body={(session: SessionInfo) => formatUnixDate(session.created, i18n.language)} />
            <Column header={t('profile.lastUsed')} body={(session: SessionInfo) => formatUnixDate(session.last_used, i18n.language)} />
          </DataTable>
        )}
      </QueryStates>
      <Dialog
        visible={confirming}
        onHide={() => setConfirming(false)}
        header={t('profile.revokeOthersTitle')}
        style={{ width: '28rem' }}
        breakpoints={{ '640px': '95vw' }}
        draggable={false}
        modal
        data-testid="sessions-revoke-dialog"
        footer={
          <div className="profile-form__actions">
            <Button type="button" label={t('profile.cancel')} text onClick={() => setConfirming(false)} />
            <Button
              type="button"
              label={t('profile.revokeOthers')}
              icon="pi pi-sign-out"
              severity="danger"
              loading={revoke.isPending}
              onClick={confirm}
              data-testid="sessions-revoke-confirm"
            />
          </div>
        }
      >
        <p className="m-0">{t('profile.revokeOthersConfirm', { count: others })}</p>
      </Dialog>
    </section>
  );
}

function DeviceCell({ session }: { session: SessionInfo }) {
  const { t } = useTranslation();
  return (
    <span className="session-device" title={session.user_agent ?? undefined}>
      <span>{shortUserAgent(session.user_agent) ?? t('profile.unknownDevice')}</span>
      {session.current && <Tag value={t('profile.thisDevice')} severity="success" data-testid="session-current" />}
    </span>
  );
}
