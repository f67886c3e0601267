import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from '@/components/data-table';
import { RadiusClientCreateRequest, RADIUS_SECRET_MAX, RADIUS_SECRET_MIN, type RadiusClient } from '@cab/contract/radius';
import { Form } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { QueryStates } from '@/components/query-states';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { formatUnixDate } from '@/lib/format-date';
import { toastError } from '@/lib/toast-bus';
import { radiusClientsQuery, useAddRadiusClient, useDeleteRadiusClient } from '../../api/radius-api';

const EMPTY = { name: '', address: '', secret: '' };
const FIELDS = ['name', 'address', 'secret'] as const;
type Field = (typeof FIELDS)[number];

/** Root's NAS clients: each sends from its address with its own secret, which is written here and never shown again. */
export function RadiusClients() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const clients = useQuery(radiusClientsQuery);
  const remove = useDeleteRadiusClient();
  const [deleting, setDeleting] = useState<RadiusClient | null>(null);
  return (
    <div className="tools-stack" data-testid="radius-clients">
      <h3 id={`${id}-title`}>{t('radius.clients')}</h3>
      <p className="tools-card__text">{t('radius.clientsText')}</p>
      <QueryStates query={clients}>
        {(items) => (
          <DataTable value={items} dataKey="id" size="small" stripedRows emptyMessage={t('radius.clientsEmpty')} aria-labelledby={`${id}-title`}>
            <Column field="name" header={t('radius.name')} />
            <Column field="address" header={t('radius.address')} />
            <Column header={t('radius.added')} body={(client: RadiusClient) => formatUnixDate(client.created, i18n.language)} />
            <Column
              header={t('radius.actions')}
              body={(client: RadiusClient) => (
                <Button
                  type="button"
                  icon="pi pi-trash"
                  text
                  severity="danger"
                  aria-label={t('radius.delete', { name: client.name })}
                  onClick={() => setDeleting(client)}
                />
              )}
            />
          </DataTable>
        )}
      </QueryStates>
      <AddClientForm />
      <ConfirmDialog
        visible={deleting !== null}
        onHide={() => setDeleting(null)}
        header={t('radius.deleteTitle')}
        message={deleting ? t('radius.deleteText', { name: deleting.name, address: deleting.address }) : ''}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('radius.deleteConfirm')}
        rejectLabel={t('radius.cancel')}
        acceptClassName="p-button-danger"
        accept={() => deleting && remove.mutate(deleting.id, { onSuccess: () => showSuccessToast({ key: 'radius.deleted' }) })}
      />
    </div>
  );
}

function AddClientForm() {
  const { t } = useTranslation();
  const form = useZodForm(RadiusClientCreateRequest, {
    defaultValues: EMPTY,
    issueToKey: (issue) => (FIELDS.includes(issue.path?.[0] as Field) ? String(issue.path?.[0]) : 'name'),
  });
  const onError = (error: ApiError) => {
    // A taken address says so beside the address; other field problems beside their fields.
    const fields = FIELDS.filter((name) => error.fields?.[name]);
    if (fields.length === 0) return toastError(error);
    for (const name of fields) form.setError(name, { type: 'server', message: error.code === 'radius_client_exists' ? error.message : error.fields?.[name] });
  };
  const add = useAddRadiusClient(onError);
  return (
    <Form
      form={form}
      errorKeys="radius.errors"
      errorValues={{ min: RADIUS_SECRET_MIN, max: RADIUS_SECRET_MAX }}
      className="tools-inline-form"
      testId="radius-client-form"
      onSubmit={(values) =>
        add.mutate(values, {
          onSuccess: () => {
            form.reset(EMPTY);
            showSuccessToast({ key: 'radius.addedToast' });
          },
        })
      }
    >
      <TextField name="name" id="radius-client-name" label={t('radius.name')} maxLength={100} fieldClassName="tools-field" />
      <TextField name="address" id="radius-client-address" label={t('radius.address')} maxLength={45} hint={t('radius.addressHint')} fieldClassName="tools-field" />
      <PasswordField
        name="secret"
        id="radius-client-secret"
        label={t('radius.secret')}
        maxLength={RADIUS_SECRET_MAX}
        autoComplete="new-password"
        hint={t('radius.secretHint', { min: RADIUS_SECRET_MIN, max: RADIUS_SECRET_MAX })}
        fieldClassName="tools-field"
      />
      <Button type="submit" label={t('radius.add')} icon="pi pi-plus" loading={add.isPending} />
    </Form>
  );
}
