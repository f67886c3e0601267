import type { AccessCase } from './cases.js';

/** Operation history, selection preview, export, quick search and saved views (issue 14). */
export const OPS_CASES: AccessCase[] = [
  { method: 'POST', path: '/api/operations/list', access: 'sims.read', request: () => ({ page: 0, size: 10 }) },
  {
    method: 'POST',
    path: '/api/operations/get',
    access: 'sims.read',
    request: (f, who) => ({ qid: f.own[who].queueItem }),
    foreign: (f) => ({ qid: f.demoQueueItem }),
  },
  {
    method: 'POST',
    path: '/api/operations/results',
    access: 'sims.read',
    request: (f, who) => ({ qid: f.own[who].queueItem, page: 0, size: 10, filter: { status: 'fail' } }),
    foreign: (f) => ({ qid: f.demoQueueItem, page: 0, size: 10 }),
  },
  {
    method: 'GET',
    path: '/api/operations/results_csv',
    access: 'sims.read',
    request: (f, who) => `qid=${f.own[who].queueItem}`,
    foreign: (f) => `qid=${f.demoQueueItem}`,
  },
  {
    method: 'POST',
    path: '/api/operations/retry',
    access: 'sims.operate',
    // The fixture item is still running: there is nothing finished to retry yet.
    request: (f, who) => ({ qid: f.own[who].queueItem }),
    ok: [409],
    foreign: (f) => ({ qid: f.demoQueueItem }),
  },
  {
    method: 'POST',
    path: '/api/operations/by_sim',
    access: 'sims.read',
    request: (f) => ({ id: f.demoSim, page: 0, size: 10 }),
    ok: [200, 404],
    foreign: (f) => ({ id: f.demoSim, page: 0, size: 10 }),
  },
  {
    method: 'POST',
    path: '/api/queue/preview',
    access: 'sims.read',
    request: () => ({ selection: { filter: { blocked: 1 } }, reason: 'queue_ping' }),
    foreign: (f) => ({ selection: { ids: [f.demoSim] } }),
  },
  { method: 'POST', path: '/api/sims/export', access: 'sims.read', request: () => ({ format: 'csv', filter: { blocked: 1 } }) },
  { method: 'POST', path: '/api/sims/quick_search', access: 'sims.read', request: () => ({ q: '8970' }) },
  { method: 'POST', path: '/api/views/list', access: 'userSession', request: () => ({}) },
  {
    method: 'POST',
    path: '/api/views/create',
    access: 'userSession',
    request: (_f, who) => ({ name: `view of ${who}`, state: { filter: {}, columns: ['iccid'] } }),
  },
  {
    method: 'POST',
    path: '/api/views/update',
    access: 'userSession',
    request: (f, who) => ({ id: f.own[who].savedView, name: `renamed by ${who}` }),
    foreign: (f) => ({ id: f.demo.savedView, name: 'stolen' }),
  },
  {
    method: 'POST',
    path: '/api/views/delete',
    access: 'userSession',
    request: (f, who) => ({ id: f.own[who].savedView }),
    foreign: (f) => ({ id: f.demo.savedView }),
  },
];
