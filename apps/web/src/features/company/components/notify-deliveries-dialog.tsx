import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import type { NotifyDelivery, NotifyMethod } from '@cab/contract/notify-methods';
import { formatUnixDate } from '@/lib/format-date';
import { DELIVERY_PAGE_SIZE, deliveriesQueryOptions, type CompanyRef } from '../api/notify-methods-api';
import { deliveryReason } from './delivery-reason';
import { QueryStates } from '@/components/query-states';

const STATUS_SEVERITY = { pending: 'warning', sent: 'success', failed: 'danger' } as const;

/** What was sent to one method: time, what it was, status, attempts, the receiver's answer, the last error. */
export function NotifyDeliveriesDialog({
  companyId,
  method,
  onClose,
}: {
  companyId: CompanyRef;
  method: NotifyMethod;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const log = useQuery(deliveriesQueryOptions(companyId, method.id, page));

  return (
    <Dialog
      visible
      onHide={onClose}
      header={t('notifyMethods.log.title', { destination: method.destination })}
      style={{ width: '60rem' }}
      breakpoints={{ '960px': '95vw' }}
      data-testid="notify-log-dialog"
    >
      <QueryStates query={log}>
        {(data) => (
          <DataTable
            value={data.items}
            dataKey="id"
            size="small"
            stripedRows
            lazy
            paginator={data.total > DELIVERY_PAGE_SIZE}
            rows={DELIVERY_PAGE_SIZE}
            first={page * DELIVERY_PAGE_SIZE}
            totalRecords={data.total}
            onPage={(event) => setPage(event.page ?? 0)}
            emptyMessage={t('notifyMethods.log.empty')}
            data-testid="notify-log-table"
          >
            <Column
              header={t('notifyMethods.log.time')}
              body={(d: NotifyDelivery) => formatUnixDate(d.delivered ?? d.created, i18n.language)}
            />
            <Column
              header={t('notifyMethods.log.what')}
              body={(d: NotifyDelivery) =>
                d.notification_id === null ? t('notifyMethods.log.test') : `#${d.notification_id}`
              }
            />
            <Column
              header={t('notifyMethods.log.status')}
              body={(d: NotifyDelivery) => (
                <Tag
                  severity={STATUS_SEVERITY[d.status]}
                  value={t(`notifyMethods.status.${d.status}`)}
                  data-testid="notify-log-status"
                />
              )}
            />
            <Column header={t('notifyMethods.log.attempts')} field="attempts" />
            <Column header={t('notifyMethods.log.response')} body={(d: NotifyDelivery) => d.response_status ?? '—'} />
            <Column
              header={t('notifyMethods.log.error')}
              body={(d: NotifyDelivery) => <span className="notify-log__error">{deliveryReason(d.last_error)}</span>}
            />
          </DataTable>
        )}
      </QueryStates>
    </Dialog>
  );
}
