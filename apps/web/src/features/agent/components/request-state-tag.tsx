import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import type { RequestState } from '@cab/contract/agents';

const SEVERITY: Record<RequestState, 'info' | 'warning' | 'success' | 'danger' | 'secondary'> = {
  awaiting: 'info',
  approving: 'secondary',
  awaiting_agent: 'warning',
  paid_awaiting_agent: 'warning',
  paid: 'success',
  declined: 'danger',
};

export function RequestStateTag({ state }: { state: RequestState }) {
  const { t } = useTranslation();
  return <Tag value={t(`agent.states.${state}`)} severity={SEVERITY[state]} className="agent-state-tag" data-testid="request-state" data-state={state} />;
}
