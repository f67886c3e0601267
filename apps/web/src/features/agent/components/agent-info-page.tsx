import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import type { WithdrawalRequest } from '@cab/contract/agents';
import { isRoot } from '@cab/contract/roles';
import { PageTitle } from '@/components/page-title';
import { useMe } from '@/lib/me-query';
import { useAgentInfo, useAgents } from '../api/agent-api';
import { AgentSummary } from './agent-summary';
import { NewRequestDialog } from './new-request-dialog';
import { RateDialog } from './rate-dialog';
import { RequestSentMessage } from './request-sent-message';
import { ReferredTable } from './referred-table';
import { RequestsTable } from './requests-table';
import { RewardLedger as RewardLedgerSection } from './reward-ledger';
import { RewardsChart } from './rewards-chart';
import '../agent.css';
import { QueryStates } from '@/components/query-states';

/**
 * Route module /agent/info. An agent: its referral link, rate, balance, referred companies, reward
 * chart and ledger, and its withdrawal requests. Root: every agent's requests, and any agent's panel
 * (`?agent=<company id>`), where it sets the rate.
 */
export function Component() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const root = me.data !== undefined && isRoot(me.data.user.role);
  const named = Number(params.get('agent')) || undefined;
  const agentId = root ? named : undefined;
  const showPanel = me.data !== undefined && (!root || agentId !== undefined);
  const info = useAgentInfo(agentId, showPanel);
  const agents = useAgents(root);
  const [withdrawing, setWithdrawing] = useState(false);
  const [editingRate, setEditingRate] = useState(false);
  const [sent, setSent] = useState<WithdrawalRequest | null>(null);

  const pickAgent = (id: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (id) next.set('agent', String(id));
      else next.delete('agent');
      return next;
    });

  return (
    <div className="agent-page">
      <div className="agent-page__head">
        <PageTitle>{t('pages.agentInfo')}</PageTitle>
        {root && (
          <label className="agent-filter__field">
            <span>{t('agent.pick')}</span>
            <Dropdown
              value={agentId ?? 0}
              options={[{ label: t('agent.allAgents'), value: 0 }, ...(agents.data?.items ?? []).map((a) => ({ label: a.name, value: a.id }))]}
              onChange={(e) => pickAgent(Number(e.value))}
              aria-label={t('agent.pick')}
              pt={{ trigger: { 'aria-label': t('agent.pick') } }}
              data-testid="agent-pick"
            />
          </label>
        )}
      </div>
      {showPanel && (
        <QueryStates query={info} card rows={4}>
          {(data) => (
            <>
              {root && <p className="agent-page__agent">{data.agent_name}</p>}
              {sent && <RequestSentMessage request={sent} onClose={() => setSent(null)} />}
              <AgentSummary info={data} onEditRate={root ? () => setEditingRate(true) : undefined} onWithdraw={root ? undefined : () => setWithdrawing(true)} />
              <RewardsChart months={data.months} />
              <ReferredTable agentId={agentId} />
              <RequestsTable root={root} agentId={agentId} />
              <RewardLedgerSection agentId={agentId} />
              {!root && (
                <NewRequestDialog visible={withdrawing} onHide={() => setWithdrawing(false)} availableCents={Math.max(0, data.balance_cents)} minCents={data.min_withdrawal_cents} onCreated={setSent} />
              )}
              {root && editingRate && (
                <RateDialog agentId={data.agent_company_id} currentBp={data.rate_bp} isDefault={data.rate_is_default} visible onHide={() => setEditingRate(false)} />
              )}
            </>
          )}
        </QueryStates>
      )}
      {root && agentId === undefined && <RequestsTable root agentId={undefined} />}
    </div>
  );
}
