import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { type DataTablePageEvent } from 'primereact/datatable';
import type { SimMessage } from '@cab/contract/sms-messages';
import { CARD_TABLE, cardColumn } from '@/components/card-table';
import { formatUnixDate } from '@/lib/format-date';
import { QueryStates } from '@/components/query-states';
import { OperationDialog } from '@/components/sim-operations/operation-dialog';
import { SmsDirection, SmsStatus } from '@/components/sms/sms-cells';
import { useCan } from '@/lib/use-can';
import { SIM_MESSAGES_PAGE_SIZE, useSimMessages } from '../api/sim-messages';
import { SIMS_KEY } from '../api/query-keys';

/**
 * The SIM's conversation: messages from its device and those sent to it with their delivery state,
 * newest first; a queued one is looked at again until its receipt. Replying is the SMS operation
 * on this SIM; the whole history with filters and export is the SMS inbox (/sms?sim=…).
 */
export function SimMessages({ simId, iccid }: { simId: number; iccid: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [replying, setReplying] = useState(false);
  const canReply = useCan('sims.operate', { writes: true });
  const messages = useSimMessages(simId, page);
  return (
    <section className="card sim-page__section" aria-labelledby="sim-messages-title" data-testid="sim-messages">
      <div className="sim-section__head">
        <h2 id="sim-messages-title">{t('smsMessages.title')}</h2>
        {canReply && <Button type="button" size="small" outlined icon="pi pi-send" label={t('queue.reasons.queue_sms')} onClick={() => setReplying(true)} data-testid="sim-messages-send" />}
      </div>
      <p className="muted">
        {t('smsMessages.hint')}{' '}
        <Link to={`/sms?sim=${encodeURIComponent(iccid)}`} data-testid="sim-messages-inbox">
          {t('smsInbox.allForSim')}
        </Link>
      </p>
      <QueryStates query={messages}>
        {(data) => (
          <DataTable
            value={data.items}
            dataKey="id"
            lazy
            paginator={data.total > SIM_MESSAGES_PAGE_SIZE}
            first={page * SIM_MESSAGES_PAGE_SIZE}
            rows={SIM_MESSAGES_PAGE_SIZE}
            totalRecords={data.total}
            onPage={(event: DataTablePageEvent) => setPage(Math.floor(event.first / event.rows))}
            loading={messages.isFetching}
            emptyMessage={<span data-testid="sim-messages-empty">{t('smsMessages.empty')}</span>}
            size="small"
            stripedRows
            className={CARD_TABLE}
          >
            <Column {...cardColumn('title', t('smsMessages.col.time'))} body={(m: SimMessage) => formatUnixDate(m.created, i18n.language)} />
            <Column {...cardColumn('field', t('smsMessages.col.direction'))} body={(m: SimMessage) => <SmsDirection direction={m.direction} />} />
            <Column {...cardColumn('field', t('smsMessages.col.peer'))} body={(m: SimMessage) => <span className="mono">{m.peer ?? '—'}</span>} />
            <Column
              {...cardColumn('wide', t('smsMessages.col.text'))}
              body={(m: SimMessage) => (
                <span className="sms-text" data-testid="sim-message-text">
                  {m.text}
                </span>
              )}
            />
            <Column {...cardColumn('wide', t('smsMessages.col.status'))} body={(m: SimMessage) => <SmsStatus message={m} />} />
          </DataTable>
        )}
      </QueryStates>
      {replying && (
        <OperationDialog
          reason="queue_sms"
          selection={{ ids: [simId] }}
          targetLabel={iccid}
          ineligible={0}
          onHide={() => setReplying(false)}
          onQueued={() => void queryClient.invalidateQueries({ queryKey: [...SIMS_KEY, 'messages', simId] })}
        />
      )}
    </section>
  );
}
