import type { AccessCase } from './cases.js';

const period = { from: '2026-11-01', to: '2026-11-30' };

/** Generated report files and the home dashboard. */
export const FILES_CASES: AccessCase[] = [
  { method: 'POST', path: '/api/dashboard/summary', access: 'sims.read', request: () => ({}) },
  { method: 'POST', path: '/api/generated_reports/list', access: 'reports.read', request: () => ({ page: 0, size: 10 }) },
  {
    method: 'GET',
    path: '/api/generated_reports/download',
    access: 'reports.read',
    request: (f, who) => `id=${f.own[who].generatedReport}`,
    foreign: (f) => `id=${f.demo.generatedReport}`,
  },
  {
    method: 'POST',
    path: '/api/generated_reports/create',
    access: 'reports.run',
    request: () => ({ kind: 'day', format: 'csv', request: { filter: { profile: 'BK' }, ...period } }),
    foreign: (f) => ({ kind: 'sessions', format: 'xlsx', request: { filter: { group: f.demoGroup }, ...period } }),
  },
  {
    method: 'POST',
    path: '/api/generated_reports/cancel',
    access: 'reports.run',
    request: (f, who) => ({ qid: f.own[who].reportQueueItem }),
    foreign: (f) => ({ qid: f.demo.reportQueueItem }),
  },
  {
    method: 'POST',
    path: '/api/generated_reports/delete',
    access: 'reports.run',
    request: (f, who) => ({ id: f.own[who].generatedReport }),
    foreign: (f) => ({ id: f.demo.generatedReport }),
  },
];
