import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { type DataTablePageEvent } from 'primereact/datatable';
import { OPERATIONS_API, operationPagePath, type SimOperationRow } from '@cab/contract/operations';
import { api, required } from '@/lib/api';
import { formatUnixDate } from '@/lib/format-date';
import { QueryStates } from '@/components/query-states';
import { simOperationsKey } from '../api/query-keys';
import { failReasonLabel } from '@/lib/fail-reason';

const SIZE = 10;

/** The bulk operations that touched this SIM, newest first, each linking to its history page. */
export function SimOperationsHistory({ simId }: { simId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const operations = useQuery({
    queryKey: [...simOperationsKey(simId), page],
    queryFn: async ({ signal }) => required(await api.call(OPERATIONS_API.bySim, { id: simId, page, size: SIZE }, { signal })),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="card sim-page__section" aria-labelledby="sim-operations-title" data-testid="sim-operations">
      <div className="sim-section__head">
        <h2 id="sim-operations-title">{t('operations.simTitle')}</h2>
        <Link to="/operations">{t('operations.allHistory')}</Link>
      </div>
      <QueryStates query={operations}>
        {(data) => (
          <DataTable
            value={data.items}
            dataKey="qid"
            lazy
            paginator={data.total > SIZE}
            first={page * SIZE}
            rows={SIZE}
            totalRecords={data.total}
            onPage={(event: DataTablePageEvent) => setPage(Math.floor(event.first / event.rows))}
            loading={operations.isFetching}
            emptyMessage={t('operations.simEmpty')}
            size="small"
            stripedRows
            scrollable
          >
            <Column
              header={t('operations.col.reason')}
              body={(row: SimOperationRow) => (
                <Link to={operationPagePath(row.qid)} data-testid="sim-operation-link">
                  {t(`queue.reasons.${row.reason}`)} #{row.qid}
                </Link>
              )}
            />
            <Column header={t('operations.col.added')} body={(row: SimOperationRow) => formatUnixDate(row.added, i18n.language)} />
            <Column header={t('operations.col.user')} body={(row: SimOperationRow) => `${row.user.first_name} ${row.user.last_name}`} />
            <Column
              header={t('operations.outcome')}
              body={(row: SimOperationRow) => (
                <span className={`sim-op-result sim-op-result--${row.status}`}>
                  {t(`operations.result.${row.status}`)}
                  {row.status === 'fail' && row.result_reason ? ` · ${failReasonLabel(t, row.result_reason)}` : ''}
                </span>
              )}
            />
          </DataTable>
        )}
      </QueryStates>
    </section>
  );
}
