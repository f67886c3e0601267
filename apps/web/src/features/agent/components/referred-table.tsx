import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { type DataTableStateEvent } from 'primereact/datatable';
import { REFERRED_SORT_COLUMNS, type ReferredCompany } from '@cab/contract/agents';
import { formatCount } from '@/lib/format-count';
import { useReferredCompanies } from '../api/agent-api';
import { formatCents } from '@/lib/format-money';
import { QueryStates } from '@/components/query-states';

type SortColumn = (typeof REFERRED_SORT_COLUMNS)[number];
const PAGE_SIZE = 10;

/** Referred companies: SIMs, paid this month and rewards earned; sortable and paged on the server. */
export function ReferredTable({ agentId }: { agentId: number | undefined }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<{ column: SortColumn; direction: 'asc' | 'desc' }>({ column: 'name', direction: 'asc' });
  const query = useReferredCompanies({ ...(agentId === undefined ? {} : { agent_company_id: agentId }), page, size: PAGE_SIZE, sort });
  const onSort = (event: DataTableStateEvent) => {
    const column = REFERRED_SORT_COLUMNS.find((c) => c === event.sortField) ?? 'name';
    setSort({ column, direction: event.sortOrder === -1 ? 'desc' : 'asc' });
    setPage(0);
  };
  return (
    <section className="card agent-section" aria-labelledby="agent-referred-title">
      <h2 className="agent-card__title" id="agent-referred-title">
        {t('agent.referred.title')}
      </h2>
      <QueryStates query={query} rows={3}>
        {(data) => (
          <div className="agent-table">
            <DataTable
              value={data.items}
              dataKey="id"
              size="small"
              stripedRows
              lazy
              paginator={data.total > PAGE_SIZE}
              first={page * PAGE_SIZE}
              rows={PAGE_SIZE}
              totalRecords={data.total}
              onPage={(event) => setPage(event.page ?? 0)}
              sortField={sort.column}
              sortOrder={sort.direction === 'desc' ? -1 : 1}
              onSort={onSort}
              loading={query.isFetching && !query.isPending}
              emptyMessage={t('agent.referred.empty')}
              data-testid="agent-referred"
            >
              <Column field="name" header={t('agent.referred.name')} sortable />
              <Column field="sims" header={t('agent.referred.sims')} sortable body={(c: ReferredCompany) => formatCount(c.sims, i18n.language)} className="agent-table__number" />
              <Column field="paid_month" header={t('agent.referred.paidMonth')} sortable body={(c: ReferredCompany) => formatCents(c.paid_month_cents, i18n.language)} className="agent-table__number" />
              <Column field="earned" header={t('agent.referred.earned')} sortable body={(c: ReferredCompany) => formatCents(c.earned_cents, i18n.language)} className="agent-table__number" />
            </DataTable>
          </div>
        )}
      </QueryStates>
    </section>
  );
}
