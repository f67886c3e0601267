/** Paths of the operation history and the SIM list's power tools (export, quick search, saved views). */
export const OPS_API = {
  operationsList: '/api/operations/list',
  operationsGet: '/api/operations/get',
  operationsResults: '/api/operations/results',
  operationsResultsCsv: '/api/operations/results_csv',
  operationsRetry: '/api/operations/retry',
  operationsBySim: '/api/operations/by_sim',
  queuePreview: '/api/queue/preview',
  simsExport: '/api/sims/export',
  simsQuickSearch: '/api/sims/quick_search',
  viewsList: '/api/views/list',
  viewsCreate: '/api/views/create',
  viewsUpdate: '/api/views/update',
  viewsDelete: '/api/views/delete',
} as const;

/** The web route of one operation's history page; notifications and the queue dropdown link here. */
export function operationPagePath(qid: number): string {
  return `/operations/${qid}`;
}
