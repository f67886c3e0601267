/** Paths of the agent panel, rewards and withdrawal requests. */
export const AGENT_API = {
  info: '/api/agent/info',
  companies: '/api/agent/companies',
  ledger: '/api/agent/ledger',
  list: '/api/agent/list',
  rate: '/api/agent/rate',
  assign: '/api/agent/assign',
  requestsList: '/api/agent/requests/list',
  requestsGet: '/api/agent/requests/get',
  requestsCreate: '/api/agent/requests/create',
  requestsTransition: '/api/agent/requests/transition',
  requestsFile: '/api/agent/requests/file',
} as const;
