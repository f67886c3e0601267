import { useState } from 'react';
import { Link } from 'react-router';
import { oneOf, pageIndex, urlState, useUrlState } from '@/lib/url-state';
import { useTranslation } from 'react-i18next';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { type DataTablePageEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { QUEUE_REASONS, type QueueReason } from '@cab/contract/constants';
import { OPERATION_RETENTION_DAYS, OPERATION_STATES, type OperationState, type OperationSummary } from '@cab/contract/operations';
import { EmptyState } from '@/components/empty-state';
import { PageTitle } from '@/components/page-title';
import { formatCount } from '@/lib/format-count';
import { formatUnixDate } from '@/lib/format-date';
import { useOperationList } from '../api/operations';
import { OperationStateTag, formatDuration } from './operation-state-tag';
import '../operations.css';
import { QueryStates } from '@/components/query-states';
import { CARD_TABLE, cardColumn } from '@/components/card-table';

const PAGE_SIZE = 25;
const ALL = 'all';

/** The filter and page in the URL (lib/url-state). */
const OPERATIONS_URL = urlState({ reason: oneOf(QUEUE_REASONS), state: oneOf(OPERATION_STATES), pageIndex });

/** Route module /operations: every bulk operation of the company, newest first. */
export function Component() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useUrlState(OPERATIONS_URL);
  const { reason, state } = filter;
  const page = filter.pageIndex - 1;
  const [size] = useState(PAGE_SIZE);
  const list = useOperationList({ page, size, ...(reason ? { reason } : {}), ...(state ? { state } : {}) });
  /** A filter change starts again at the first page. */
  const patch = (next: Partial<typeof filter>) => setFilter({ pageIndex: 1, ...next });

  const reasons = [{ label: t('operations.allReasons'), value: ALL }, ...QUEUE_REASONS.map((r) => ({ label: t(`queue.reasons.${r}`), value: r }))];
  const states = [{ label: t('operations.allStates'), value: ALL }, ...OPERATION_STATES.map((s) => ({ label: t(`operations.state.${s}`), value: s }))];
  const n = (value: number) => formatCount(value, i18n.language);

  return (
    <div className="operations-page">
      <PageTitle>{t('operations.title')}</PageTitle>
      <p className="operations-retention">{t('operations.retention', { days: OPERATION_RETENTION_DAYS })}</p>
      <section className="card operations-filter" aria-label={t('operations.filter')}>
        <div className="operations-filter__field">
          <label htmlFor="operations-reason">{t('operations.col.reason')}</label>
          <Dropdown
            inputId="operations-reason"
            value={reason ?? ALL}
            options={reasons}
            onChange={(event) => patch({ reason: event.value === ALL ? null : (event.value as QueueReason) })}
            data-testid="operations-filter-reason"
          />
        </div>
        <div className="operations-filter__field">
          <label htmlFor="operations-state">{t('operations.col.state')}</label>
          <Dropdown
            inputId="operations-state"
            value={state ?? ALL}
            options={states}
            onChange={(event) => patch({ state: event.value === ALL ? null : (event.value as OperationState) })}
            data-testid="operations-filter-state"
          />
        </div>
      </section>
      <QueryStates
        query={list}
        card
        isEmpty={(data) => data.total === 0}
        empty={<EmptyState icon="pi-history" title={t('operations.emptyTitle')} hint={t('operations.emptyHint')} testId="operations-empty" />}
      >
        {(data) => (
          <div className="card operations-table" data-testid="operations-table">
            <DataTable
              value={data.items}
              dataKey="qid"
              lazy
              paginator
              first={page * size}
              rows={size}
              totalRecords={data.total}
              onPage={(event: DataTablePageEvent) => setFilter({ pageIndex: Math.floor(event.first / event.rows) + 1 })}
              loading={list.isFetching}
              size="small"
              stripedRows
              scrollable
              className={CARD_TABLE}
            >
              <Column
                {...cardColumn('title', t('operations.col.reason'))}
                body={(row: OperationSummary) => (
                  <Link to={`/operations/${row.qid}`} data-testid="operation-link" data-qid={row.qid}>
                    {t(`queue.reasons.${row.reason}`)} #{row.qid}
                  </Link>
                )}
                frozen
              />
              <Column {...cardColumn('status', t('operations.col.state'))} body={(row: OperationSummary) => <OperationStateTag state={row.state} fail={row.fail} />} />
              <Column {...cardColumn('field', t('operations.col.user'))} body={(row: OperationSummary) => `${row.user.first_name} ${row.user.last_name}`} />
              <Column {...cardColumn('field', t('operations.col.added'))} body={(row: OperationSummary) => formatUnixDate(row.added, i18n.language)} />
              <Column {...cardColumn('field', t('operations.col.duration'))} body={(row: OperationSummary) => formatDuration(row.duration, t)} />
              <Column {...cardColumn('minor', t('operations.col.count'))} body={(row: OperationSummary) => n(row.count)} />
              <Column {...cardColumn('minor', t('operations.col.ok'))} body={(row: OperationSummary) => <span className="text-success">{n(row.ok)}</span>} />
              <Column {...cardColumn('minor', t('operations.col.fail'))} body={(row: OperationSummary) => <span className={row.fail > 0 ? 'text-danger' : ''}>{n(row.fail)}</span>} />
            </DataTable>
          </div>
        )}
      </QueryStates>
    </div>
  );
}
