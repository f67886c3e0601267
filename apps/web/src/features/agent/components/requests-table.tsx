import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { Dropdown } from 'primereact/dropdown';
import { REQUEST_STATES, type WithdrawalRequest } from '@cab/contract/agents';
import { DateInput } from '@/components/date-input';
import { formatUnixDate } from '@/lib/format-date';
import { useAgents, useRequests } from '../api/agent-api';
import { formatCents } from '@/lib/format-money';
import { RequestStateTag } from './request-state-tag';
import { QueryStates } from '@/components/query-states';
import { CARD_TABLE, cardColumn } from '@/components/card-table';
import { useUrlState } from '@/lib/url-state';
import { REQUESTS_LIST_URL, REQUESTS_PAGE_SIZE, toRequestsListRequest, type RequestsListState } from '../model/requests-list-state';


/**
 * Withdrawal requests. The agent sees its own; root ("agent requests") every agent's, filtered by
 * state, agent and period. The filter and page live in the URL, so a link reproduces the view.
 */
export function RequestsTable({ root, agentId }: { root: boolean; agentId: number | undefined }) {
  const { t, i18n } = useTranslation();
  const [list, update] = useUrlState(REQUESTS_LIST_URL);
  const { state, from, to } = list;
  const agentFilter = agentId ?? list.agent ?? undefined;
  const requests = useRequests(toRequestsListRequest(list, root, agentId));
  const agents = useAgents(root && agentId === undefined);
  /** A filter change starts again at the first page. */
  const filterBy = (patch: Partial<RequestsListState>) => update({ ...patch, pageIndex: 1 });
  const stateOptions = [{ label: t('agent.requests.allStates'), value: 'all' }, ...REQUEST_STATES.map((s) => ({ label: t(`agent.states.${s}`), value: s }))];
  const agentOptions = [{ label: t('agent.requests.allAgents'), value: 0 }, ...(agents.data?.items ?? []).map((a) => ({ label: a.name, value: a.id }))];
  return (
    <section className="card agent-section" aria-labelledby="agent-requests-title">
      <h2 className="agent-card__title" id="agent-requests-title">
        {root && agentId === undefined ? t('agent.requests.allTitle') : t('agent.requests.title')}
      </h2>
      <div className="agent-filter" role="group" aria-label={t('agent.requests.filter')}>
        <label className="agent-filter__field">
          <span>{t('agent.requests.state')}</span>
          <Dropdown value={state ?? 'all'} options={stateOptions} onChange={(e) => filterBy({ state: REQUEST_STATES.find((value) => value === e.value) ?? null })} aria-label={t('agent.requests.state')} pt={{ trigger: { 'aria-label': t('agent.requests.state') } }} data-testid="requests-state" />
        </label>
        {root && agentId === undefined && (
          <label className="agent-filter__field">
            <span>{t('agent.requests.agent')}</span>
            <Dropdown value={agentFilter ?? 0} options={agentOptions} onChange={(e) => filterBy({ agent: Number(e.value) || null })} aria-label={t('agent.requests.agent')} pt={{ trigger: { 'aria-label': t('agent.requests.agent') } }} data-testid="requests-agent" />
          </label>
        )}
        <div className="agent-filter__field">
          <label htmlFor="requests-from-input">{t('agent.requests.from')}</label>
          <DateInput inputId="requests-from-input" value={from || null} max={to || null} onChange={(day) => filterBy({ from: day ?? '' })} testId="requests-from" />
        </div>
        <div className="agent-filter__field">
          <label htmlFor="requests-to-input">{t('agent.requests.to')}</label>
          <DateInput inputId="requests-to-input" value={to || null} min={from || null} onChange={(day) => filterBy({ to: day ?? '' })} testId="requests-to" />
        </div>
      </div>
      <QueryStates query={requests} rows={3}>
        {(data) => (
          <div className="agent-table">
            <DataTable
              value={data.items}
              dataKey="id"
              size="small"
              stripedRows
              lazy
              paginator={data.total > REQUESTS_PAGE_SIZE}
              first={(list.pageIndex - 1) * REQUESTS_PAGE_SIZE}
              rows={REQUESTS_PAGE_SIZE}
              totalRecords={data.total}
              onPage={(event) => update({ pageIndex: (event.page ?? 0) + 1 })}
              loading={requests.isFetching && !requests.isPending}
              emptyMessage={t('agent.requests.empty')}
              className={CARD_TABLE}
              data-testid="agent-requests"
            >
              <Column
                columnKey="number"
                {...cardColumn('title', t('agent.requests.number'))}
                body={(r: WithdrawalRequest) => (
                  <Link to={`/agent/request/${r.id}`} data-testid="request-open">
                    #{r.id}
                  </Link>
                )}
              />
              <Column columnKey="created" {...cardColumn('field', t('agent.requests.created'))} body={(r: WithdrawalRequest) => formatUnixDate(r.created, i18n.language)} className="agent-table__nowrap" />
              {root && agentId === undefined && <Column columnKey="agent" {...cardColumn('field', t('agent.requests.agent'))} field="agent_name" />}
              <Column columnKey="amount" {...cardColumn('field', t('agent.requests.amount'))} body={(r: WithdrawalRequest) => formatCents(r.amount_cents, i18n.language)} className="agent-table__number" />
              <Column columnKey="state" {...cardColumn('status', t('agent.requests.state'))} body={(r: WithdrawalRequest) => <RequestStateTag state={r.state} />} />
              <Column columnKey="updated" {...cardColumn('field', t('agent.requests.updated'))} body={(r: WithdrawalRequest) => formatUnixDate(r.updated, i18n.language)} className="agent-table__nowrap" />
            </DataTable>
          </div>
        )}
      </QueryStates>
    </section>
  );
}
