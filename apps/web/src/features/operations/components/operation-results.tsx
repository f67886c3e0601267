import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { type DataTablePageEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { OPERATIONS_API, RESULT_STATUSES, type OperationDetail, type OperationResultRow, type ResultStatus } from '@cab/contract/operations';
import { downloadWithToken } from '@/lib/download-file';
import { formatUnixDate } from '@/lib/format-date';
import { useOperationResults } from '../api/operations';
import { CARD_TABLE, cardColumn } from '@/components/card-table';
import { QueryStates } from '@/components/query-states';
import { failReasonLabel } from '@/lib/fail-reason';

const SIZE = 50;
const ALL = 'all';

/** Per-SIM results of one operation, filtered by outcome and failure reason, with the filtered CSV. */
export function OperationResults({ detail }: { detail: OperationDetail }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<ResultStatus | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const filter = { ...(status ? { status } : {}), ...(reason ? { reason } : {}) };
  const results = useOperationResults({ qid: detail.qid, page, size: SIZE, filter });
  // SMSC reasons (SMS over SMPP) are labelled with the SMS messages' texts.
  const reasonLabel = (code: string) => failReasonLabel(t, code);
  const isSms = detail.reason === 'queue_sms';

  const statuses = [
    { label: t('operations.allOutcomes'), value: ALL },
    ...RESULT_STATUSES.filter((s) => detail.statuses[s] > 0).map((s) => ({ label: `${t(`operations.result.${s}`)} (${detail.statuses[s]})`, value: s })),
  ];
  const reasons = [
    { label: t('operations.allFailReasons'), value: ALL },
    ...detail.fail_reasons.map((r) => ({ label: `${reasonLabel(r.reason)} (${r.count})`, value: r.reason })),
  ];
  const query = new URLSearchParams({ qid: String(detail.qid), ...filter }).toString();

  return (
    <section className="card operation-results" aria-labelledby="operation-results-title">
      <div className="operation-results__head">
        <h2 id="operation-results-title">{t('operations.results')}</h2>
        <div className="operation-results__filters">
          <label className="visually-hidden" htmlFor="operation-result-status">
            {t('operations.outcome')}
          </label>
          <Dropdown
            inputId="operation-result-status"
            value={status ?? ALL}
            options={statuses}
            onChange={(event) => {
              const value = event.value as ResultStatus | typeof ALL;
              setStatus(value === ALL ? null : value);
              setPage(0);
            }}
            data-testid="operation-filter-status"
          />
          <label className="visually-hidden" htmlFor="operation-result-reason">
            {t('operations.failReasonLabel')}
          </label>
          <Dropdown
            inputId="operation-result-reason"
            value={reason ?? ALL}
            options={reasons}
            disabled={detail.fail_reasons.length === 0}
            onChange={(event) => {
              const value = event.value as string;
              setReason(value === ALL ? null : value);
              setPage(0);
            }}
            data-testid="operation-filter-reason"
          />
          <Button
            type="button"
            text
            icon="pi pi-download"
            label={t('operations.csvFiltered')}
            onClick={() => void downloadWithToken(`${OPERATIONS_API.resultsCsv.path}?${query}`, `operation-${detail.qid}${status ? `-${status}` : ''}.csv`)}
            data-testid="operation-csv-filtered"
          />
        </div>
      </div>
      <QueryStates query={results}>
        {(data) => (
          <div data-testid="operation-results" data-total={data.total}>
            <DataTable
              value={data.items}
              dataKey="sim_id"
              lazy
              paginator
              first={page * SIZE}
              rows={SIZE}
              totalRecords={data.total}
              onPage={(event: DataTablePageEvent) => setPage(Math.floor(event.first / event.rows))}
              loading={results.isFetching}
              emptyMessage={t('operations.noResults')}
              size="small"
              stripedRows
              // A phone shows each SIM as a card (ICCID and outcome on top), not columns to scroll.
              className={CARD_TABLE}
            >
              <Column
                {...cardColumn('title', 'ICCID')}
                body={(row: OperationResultRow) => (
                  <Link to={`/sim/${row.sim_id}`} className="mono" data-testid="operation-result-sim">
                    {row.iccid}
                  </Link>
                )}
              />
              <Column {...cardColumn('field', t('sims.col.msisdn'))} body={(row: OperationResultRow) => <span className="mono">{row.msisdn}</span>} />
              <Column
                {...cardColumn('status', t('operations.outcome'))}
                body={(row: OperationResultRow) => (
                  <span className={`op-result op-result--${row.status}`} data-testid="operation-result-status">
                    {t(`operations.result.${row.status}`)}
                  </span>
                )}
              />
              <Column
                {...cardColumn('wide', t('operations.failReasonLabel'))}
                body={(row: OperationResultRow) => (row.reason && (row.status === 'fail' || row.status === 'unchanged') ? reasonLabel(row.reason) : row.reason ?? '—')}
              />
              {isSms && (
                <Column
                  {...cardColumn('field', t('smsMessages.delivery'))}
                  body={(row: OperationResultRow) => (
                    <span data-testid="operation-result-delivery">{row.delivery ? t(`smsMessages.status.${row.delivery}`) : '—'}</span>
                  )}
                />
              )}
              <Column {...cardColumn('field', t('operations.doneAt'))} body={(row: OperationResultRow) => (row.done ? formatUnixDate(row.done, i18n.language) : '—')} />
            </DataTable>
          </div>
        )}
      </QueryStates>
    </section>
  );
}
