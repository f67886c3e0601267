import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from '@/components/data-table';
import type { ApiToken, ApiTokenCreateResult } from '@cab/contract/api-tokens';
import { showSuccessToast } from '@/lib/api';
import { formatUnixDate } from '@/lib/format-date';
import { tokensQueryOptions, useRevokeToken } from '../api/tokens-api';
import { TokenCreateDialog } from './token-create-dialog';
import { TokenSecretDialog } from './token-secret-dialog';
import { QueryStates } from '@/components/query-states';

/** Access tokens of the own company: list, create (secret shown once), revoke. */
export function TokensPanel({ readOnly }: { readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const tokens = useQuery(tokensQueryOptions);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreateResult | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useRevokeToken();

  function confirmRevoke(token: ApiToken): void {
    revoke.mutate(token.id, { onSuccess: () => showSuccessToast({ key: 'tokens.revoked', values: { name: token.name } }) });
  }

  return (
    <div className="company-panel">
      <div className="company-panel__head">
        <p className="company-panel__hint">{t('tokens.hint')}</p>
        <Button
          type="button"
          icon="pi pi-plus"
          label={t('tokens.create')}
          disabled={readOnly}
          onClick={() => setCreating(true)}
          data-testid="tokens-create"
        />
      </div>
      <QueryStates query={tokens} rows={2}>
        {(data) => (
          <DataTable
            value={data.items}
            dataKey="id"
            size="small"
            stripedRows
            emptyMessage={t('tokens.empty')}
            data-testid="tokens-table"
            rowClassName={() => 'tokens-row'}
          >
            <Column field="name" header={t('tokens.name')} />
            <Column field="prefix" header={t('tokens.prefix')} body={(token: ApiToken) => <code>{token.prefix}…</code>} />
            <Column
              field="created"
              header={t('tokens.created')}
              body={(token: ApiToken) => formatUnixDate(token.created, i18n.language)}
            />
            <Column field="created_by" header={t('tokens.createdBy')} />
            <Column
              field="last_used"
              header={t('tokens.lastUsed')}
              body={(token: ApiToken) =>
                token.last_used === null ? (
                  t('tokens.never')
                ) : (
                  <>
                    {formatUnixDate(token.last_used, i18n.language)}
                    {token.last_used_ip && <span className="muted mono" data-testid="token-last-ip">{` · ${token.last_used_ip}`}</span>}
                  </>
                )
              }
            />
            <Column
              header={t('tokens.actions')}
              className="company-actions-cell"
              body={(token: ApiToken) => (
                <Button
                  type="button"
                  icon="pi pi-ban"
                  label={t('tokens.revoke')}
                  severity="danger"
                  text
                  size="small"
                  onClick={() => setRevoking(token)}
                  data-testid="token-revoke"
                />
              )}
            />
          </DataTable>
        )}
      </QueryStates>
      {creating && (
        <TokenCreateDialog
          onHide={() => setCreating(false)}
          onCreated={(result) => {
            setCreating(false);
            setCreated(result);
          }}
        />
      )}
      {created && <TokenSecretDialog created={created} onHide={() => setCreated(null)} />}
      <ConfirmDialog
        visible={revoking !== null}
        onHide={() => setRevoking(null)}
        header={t('tokens.revokeTitle')}
        message={revoking ? t('tokens.revokeConfirm', { name: revoking.name }) : ''}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('tokens.revoke')}
        rejectLabel={t('tokens.cancel')}
        acceptClassName="p-button-danger"
        accept={() => {
          if (revoking) confirmRevoke(revoking);
        }}
        data-testid="token-revoke-confirm"
      />
    </div>
  );
}
