import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from '@/components/data-table';
import { Tag } from 'primereact/tag';
import {
  NOTIFY_CATEGORIES,
  NOTIFY_METHOD_TYPE_NAMES,
  type NotifyMethod,
  type NotifyTestResult,
} from '@cab/contract/notify-methods';
import { showSuccessToast } from '@/lib/api';
import { i18next } from '@/lib/i18n';
import { toastError } from '@/lib/toast-bus';
import {
  notifyMethodsKey,
  notifyMethodsQueryOptions,
  useDeleteNotifyMethod,
  useTestNotifyMethod,
  type CompanyRef,
} from '../api/notify-methods-api';
import { NotifyDeliveriesDialog } from './notify-deliveries-dialog';
import { NotifyMethodDialog } from './notify-method-dialog';
import { WebhookSecret } from './webhook-secret';
import './notify-methods.css';
import { deliveryReason } from './delivery-reason';
import { QueryStates } from '@/components/query-states';

type Editing = { method: NotifyMethod | null } | null;

/** Says how the test-send ended: the server tried it within its timeout (status code or error). */
function announceTestOutcome(result: NotifyTestResult): void {
  const code = result.response_status === null ? '' : ` (HTTP ${result.response_status})`;
  if (result.status === 'sent') return showSuccessToast(`${i18next.t('notifyMethods.testSent')}${code}`);
  toastError({ key: 'notifyMethods.testFailed', values: { error: deliveryReason(result.error) } }, 6000);
}

/** The company page's "Notification methods" tab: where the company's notifications are delivered. */
export function NotifyMethodsPanel({ companyId }: { companyId: CompanyRef }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const methods = useQuery(notifyMethodsQueryOptions(companyId));
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<NotifyMethod | null>(null);
  const [logOf, setLogOf] = useState<NotifyMethod | null>(null);
  const remove = useDeleteNotifyMethod(companyId);
  const test = useTestNotifyMethod(companyId);

  function sendTest(method: NotifyMethod): void {
    test.mutate(method.id, {
      onSuccess: (result) => {
        announceTestOutcome(result);
        void queryClient.invalidateQueries({ queryKey: notifyMethodsKey(companyId) });
      },
    });
  }

  const destination = (method: NotifyMethod) => (
    <div className="notify-destination">
      <span className="notify-destination__value">{method.destination}</span>
      {method.secret !== null && <WebhookSecret secret={method.secret} />}
    </div>
  );
  const categories = (method: NotifyMethod) => (
    <div className="notify-tags">
      {NOTIFY_CATEGORIES.filter((c) => method[c]).map((c) => (
        <Tag key={c} value={t(`notifyMethods.flags.${c}`)} severity="info" />
      ))}
      {!NOTIFY_CATEGORIES.some((c) => method[c]) && (
        <span className="notify-hint">{t('notifyMethods.noCategories')}</span>
      )}
    </div>
  );
  const actions = (method: NotifyMethod) => (
    <div className="notify-actions">
      <Button
        label={t('notifyMethods.sendTest')}
        icon="pi pi-send"
        size="small"
        outlined
        loading={test.isPending && test.variables === method.id}
        onClick={() => sendTest(method)}
        data-testid="notify-send-test"
      />
      {/* Labelled, not an icon alone: what the log is must be seen, not guessed (issue 27.10). */}
      <Button
        label={t('notifyMethods.log.open')}
        icon="pi pi-list"
        size="small"
        outlined
        onClick={() => setLogOf(method)}
        data-testid="notify-open-log"
      />
      <Button
        icon="pi pi-pencil"
        size="small"
        text
        aria-label={t('notifyMethods.edit')}
        title={t('notifyMethods.edit')}
        onClick={() => setEditing({ method })}
        data-testid="notify-edit"
      />
      <Button
        icon="pi pi-trash"
        size="small"
        text
        severity="danger"
        aria-label={t('notifyMethods.delete')}
        title={t('notifyMethods.delete')}
        onClick={() => setDeleting(method)}
        data-testid="notify-delete"
      />
    </div>
  );

  return (
    <section className="card notify-panel" aria-labelledby="notify-methods-title" data-testid="notify-methods-panel">
      <div className="notify-panel__head">
        <h2 id="notify-methods-title">{t('notifyMethods.title')}</h2>
        <Button
          label={t('notifyMethods.add')}
          icon="pi pi-plus"
          onClick={() => setEditing({ method: null })}
          data-testid="notify-add"
        />
      </div>
      <QueryStates query={methods} rows={3}>
        {(data) => (
          <DataTable
            value={data.items}
            dataKey="id"
            size="small"
            stripedRows
            emptyMessage={t('notifyMethods.empty')}
            data-testid="notify-methods-table"
          >
            <Column
              header={t('notifyMethods.type')}
              body={(m: NotifyMethod) => t(`notifyMethods.types.${NOTIFY_METHOD_TYPE_NAMES[m.type]}`)}
            />
            <Column header={t('notifyMethods.destination')} body={destination} />
            <Column header={t('notifyMethods.categories')} body={categories} />
            <Column header={t('notifyMethods.actions')} body={actions} headerClassName="notify-actions-header" />
          </DataTable>
        )}
      </QueryStates>
      {editing && <NotifyMethodDialog companyId={companyId} method={editing.method} onClose={() => setEditing(null)} />}
      {logOf && <NotifyDeliveriesDialog companyId={companyId} method={logOf} onClose={() => setLogOf(null)} />}
      <ConfirmDialog
        visible={deleting !== null}
        onHide={() => setDeleting(null)}
        header={t('notifyMethods.deleteTitle')}
        message={t('notifyMethods.deleteConfirm', { destination: deleting?.destination ?? '' })}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('notifyMethods.delete')}
        rejectLabel={t('notifyMethods.cancel')}
        acceptClassName="p-button-danger"
        accept={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => showSuccessToast({ key: 'notifyMethods.deleted' }) });
        }}
      />
    </section>
  );
}
