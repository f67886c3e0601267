import { REQUEST_STATES, type RequestState, type RequestListRequest } from '@cab/contract/agents';
import { id, matching, oneOf, pageIndex, urlState } from '@/lib/url-state';

/**
 * The withdrawal requests list on /agent/info, kept in the URL so a link reproduces the view. It shares
 * the page's URL with the root's agent panel (`agent`): the request filter's agent is `ragent`.
 */
export interface RequestsListState {
  state: RequestState | null;
  /** Root's filter by agent (company id). */
  agent: number | null;
  /** The agent panel root has open (agent-info-page): kept when the list changes. */
  panel: number | null;
  from: string;
  to: string;
  pageIndex: number;
}

const day = matching(/^\d{4}-\d{2}-\d{2}$/);

export const REQUESTS_LIST_URL = urlState<RequestsListState>(
  { state: oneOf(REQUEST_STATES), agent: id, panel: id, from: day, to: day, pageIndex },
  { names: { agent: 'ragent', panel: 'agent' } },
);

export const REQUESTS_PAGE_SIZE = 10;

/** A YYYY-MM-DD day as unix seconds at UTC midnight (`end`: the next midnight), or undefined. */
function dayToUnix(value: string, end: boolean): number | undefined {
  if (!value) return undefined;
  const at = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(at) ? undefined : Math.floor(at / 1000) + (end ? 86_400 : 0);
}

/** The API request for the list; `agentId` is the agent whose panel shows it (then no agent filter). */
export function toRequestsListRequest(list: RequestsListState, root: boolean, agentId: number | undefined): RequestListRequest {
  const agent = agentId ?? list.agent ?? undefined;
  const from = dayToUnix(list.from, false);
  const to = dayToUnix(list.to, true);
  return {
    page: list.pageIndex - 1,
    size: REQUESTS_PAGE_SIZE,
    filter: {
      ...(list.state ? { state: list.state } : {}),
      ...(root && agent ? { agent } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
    },
  };
}
