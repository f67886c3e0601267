import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { Dropdown } from 'primereact/dropdown';
import { AGENT_LEDGER_KINDS, type AgentLedgerEntry, type AgentLedgerKind } from '@cab/contract/agents';
import { formatUnixDate } from '@/lib/format-date';
import { useAgentLedger, useReferredCompanies } from '../api/agent-api';
import { formatCents } from '@/lib/format-money';
import { QueryStates } from '@/components/query-states';

const PAGE_SIZE = 10;

/** The reward ledger: the deposit view of the agent, with the spec's deposit filter (company, type). */
export function RewardLedger({ agentId }: { agentId: number | undefined }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [company, setCompany] = useState<number | undefined>();
  const [type, setType] = useState<AgentLedgerKind | undefined>();
  const ref = agentId === undefined ? {} : { agent_company_id: agentId };
  const ledger = useAgentLedger({ ...ref, page, size: PAGE_SIZE, filter: { ...(company ? { company } : {}), ...(type ? { type } : {}) } });
  const companies = useReferredCompanies({ ...ref, page: 0, size: 100 });
  const companyOptions = [{ label: t('agent.ledger.allCompanies'), value: 0 }, ...(companies.data?.items ?? []).map((c) => ({ label: c.name, value: c.id }))];
  const typeOptions = [{ label: t('agent.ledger.allTypes'), value: 'all' }, ...AGENT_LEDGER_KINDS.map((k) => ({ label: t(`agent.kinds.${k}`), value: k }))];
  return (
    <section className="card agent-section" aria-labelledby="agent-ledger-title">
      <h2 className="agent-card__title" id="agent-ledger-title">
        {t('agent.ledger.title')}
      </h2>
      <div className="agent-filter">
        <label className="agent-filter__field">
          <span>{t('agent.ledger.company')}</span>
          <Dropdown
            value={company ?? 0}
            options={companyOptions}
            onChange={(e) => {
              setCompany(Number(e.value) || undefined);
              setPage(0);
            }}
            aria-label={t('agent.ledger.company')}
            pt={{ trigger: { 'aria-label': t('agent.ledger.company') } }}
            data-testid="agent-ledger-company"
          />
        </label>
        <label className="agent-filter__field">
          <span>{t('agent.ledger.type')}</span>
          <Dropdown
            value={type ?? 'all'}
            options={typeOptions}
            onChange={(e) => {
              setType(AGENT_LEDGER_KINDS.find((k) => k === e.value));
              setPage(0);
            }}
            aria-label={t('agent.ledger.type')}
            pt={{ trigger: { 'aria-label': t('agent.ledger.type') } }}
            data-testid="agent-ledger-type"
          />
        </label>
      </div>
      <QueryStates query={ledger} rows={3}>
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
              loading={ledger.isFetching && !ledger.isPending}
              emptyMessage={t('agent.ledger.empty')}
              data-testid="agent-ledger"
            >
              <Column header={t('agent.ledger.time')} body={(r: AgentLedgerEntry) => formatUnixDate(r.added, i18n.language)} className="agent-table__nowrap" />
              <Column header={t('agent.ledger.type')} body={(r: AgentLedgerEntry) => t(`agent.kinds.${r.kind}`)} />
              <Column header={t('agent.ledger.source')} body={sourceCell} />
              <Column
                header={t('agent.ledger.amount')}
                body={(r: AgentLedgerEntry) => (
                  <span className={r.amount_cents < 0 ? 'agent-amount agent-amount--minus' : 'agent-amount agent-amount--plus'} data-testid="agent-ledger-amount">
                    {formatCents(r.amount_cents, i18n.language, true)}
                  </span>
                )}
                className="agent-table__number"
              />
              <Column header={t('agent.ledger.balanceAfter')} body={(r: AgentLedgerEntry) => formatCents(r.balance_after_cents, i18n.language)} className="agent-table__number" />
            </DataTable>
          </div>
        )}
      </QueryStates>
    </section>
  );
}

function sourceCell(row: AgentLedgerEntry) {
  if (row.request_id !== null) return <Link to={`/agent/request/${row.request_id}`}>#{row.request_id}</Link>;
  return (
    <span className="agent-source">
      {row.source_company_name}
      {row.bill_number && <small>{row.bill_number}</small>}
    </span>
  );
}
