import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import type { AgentAssignRequest } from '@cab/contract/agents';
import type { AdminCompany } from '@cab/contract/companies-admin';
import { AGENT_API } from '@cab/contract/agents';
import { api, required, showSuccessToast } from '@/lib/api';
import { COMPANIES_KEY } from '../api/companies-api';

/** The company's sales agent (a link to its panel) and root's change of it (audited on the server). */
export function CompanyAgentCell({ company }: { company: AdminCompany }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <div className="companies-agent-cell" data-testid="companies-agent">
      <small>
        {t('agent.companyAgent.column')}:{' '}
        {company.agent_company_id !== null ? <Link to={`/agent/info?agent=${company.agent_company_id}`}>{company.agent_name}</Link> : t('agent.companyAgent.none')}
      </small>
      {!company.deleted && (
        <Button type="button" icon="pi pi-pencil" text rounded size="small" aria-label={t('agent.companyAgent.edit')} title={t('agent.companyAgent.edit')} onClick={() => setEditing(true)} data-testid="companies-agent-edit" />
      )}
      {editing && <AssignDialog company={company} onHide={() => setEditing(false)} />}
    </div>
  );
}

function AssignDialog({ company, onHide }: { company: AdminCompany; onHide: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [agent, setAgent] = useState<number>(company.agent_company_id ?? 0);
  const agents = useQuery({
    queryKey: ['agent', 'agents'],
    queryFn: async () => required(await api.call(AGENT_API.list)),
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: async (body: AgentAssignRequest) => required(await api.call(AGENT_API.assign, body)),
    onSuccess: async () => {
      showSuccessToast({ key: 'agent.companyAgent.saved' });
      await queryClient.invalidateQueries({ queryKey: COMPANIES_KEY });
      onHide();
    },
  });
  const options = [{ label: t('agent.companyAgent.noAgent'), value: 0 }, ...(agents.data?.items ?? []).filter((a) => a.id !== company.id).map((a) => ({ label: a.name, value: a.id }))];
  return (
    <Dialog header={t('agent.companyAgent.title', { name: company.name })} visible onHide={onHide} style={{ width: '30rem' }} breakpoints={{ '640px': '95vw' }}>
      <div className="companies-agent-form">
        <label htmlFor="company-agent-pick">{t('agent.companyAgent.label')}</label>
        <Dropdown inputId="company-agent-pick" value={agent} options={options} onChange={(e) => setAgent(Number(e.value))} loading={agents.isPending} data-testid="companies-agent-pick" />
        <small>{t('agent.companyAgent.hint')}</small>
        <div className="companies-agent-form__actions">
          <Button type="button" label={t('agent.cancel')} text onClick={onHide} />
          <Button
            type="button"
            label={t('agent.save')}
            icon="pi pi-check"
            loading={save.isPending}
            onClick={() => save.mutate({ company_id: company.id, agent_company_id: agent || null })}
            data-testid="companies-agent-save"
          />
        </div>
      </div>
    </Dialog>
  );
}
