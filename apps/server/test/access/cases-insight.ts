import type { AccessCase } from './cases.js';

/**
 * Connectivity insight (issue 25): SIM labels and the bulk edit from a file, the CSV filter's missing lines, a SIM's usage, the SMS
 * inbox and scheduled reports. Reading follows sims.read / reports.read, changing sims.operate /
 * reports.run; naming Demo Logistics' SIM or company answers 404 to another company. Changes name a
 * SIM or schedule that only Demo Logistics reaches, or none at all, so an allowed caller gets 404 or
 * changes its own.
 */
const schedule = (who: string) => ({
  kind: 'sims',
  format: 'csv',
  request: { filter: { query: `access-${who}` } },
  cadence: 'daily',
  hour: 6,
  recipients: ['access@example.com'],
});
const missingSchedule = { id: 999_999_999 };

export const INSIGHT_CASES: AccessCase[] = [
  {
    method: 'POST',
    path: '/api/sims/labels/add',
    access: 'sims.operate',
    request: (f, who) => ({ id: f.demoSim, label: `access-${who}` }),
    ok: [200, 404],
    foreign: (f) => ({ id: f.demoSim, label: 'stolen' }),
  },
  {
    method: 'POST',
    path: '/api/sims/labels/remove',
    access: 'sims.operate',
    request: (f, who) => ({ id: f.demoSim, label: `access-${who}` }),
    ok: [200, 404],
    foreign: (f) => ({ id: f.demoSim, label: 'stolen' }),
  },
  { method: 'POST', path: '/api/sims/labels/list', access: 'sims.read', request: () => ({}), foreign: (f) => ({ company: f.demo.company }) },
  { method: 'POST', path: '/api/sims/csv_missing', access: 'sims.read', request: () => ({ filter: { csv: '89000000000000000000\n' } }) },
  {
    method: 'POST',
    path: '/api/sims/usage/overview',
    access: 'sims.read',
    request: (f) => ({ id: f.demoSim, period: '30d' }),
    ok: [200, 404],
    foreign: (f) => ({ id: f.demoSim, period: '30d' }),
  },
  { method: 'POST', path: '/api/sms/list', access: 'sims.read', request: () => ({ size: 5 }), foreign: (f) => ({ size: 5, company: f.demo.company }) },
  { method: 'GET', path: '/api/sms/export', access: 'sims.read', request: () => 'format=csv', foreign: (f) => `format=csv&company=${f.demo.company}` },
  // A file naming no SIM starts nothing (422) for anyone allowed; a missing edit is 404.
  {
    method: 'POST',
    path: '/api/sims/edit/start',
    access: 'sims.operate',
    request: (_f, who) => ({ file: `ICCID;NAME\n8900000000000000000;access-${who}\n` }),
    ok: [422],
  },
  { method: 'POST', path: '/api/sims/edit/lines', access: 'sims.read', request: () => ({ qid: 999_999_999 }), ok: [404] },
  { method: 'GET', path: '/api/sims/edit/lines_csv', access: 'sims.read', request: () => 'qid=999999999', ok: [404] },
  { method: 'POST', path: '/api/report_schedules/list', access: 'reports.read', request: () => ({}) },
  { method: 'POST', path: '/api/report_schedules/create', access: 'reports.run', request: (_f, who) => schedule(who) },
  { method: 'POST', path: '/api/report_schedules/update', access: 'reports.run', request: () => ({ ...missingSchedule, ...schedule('missing'), paused: false }), ok: [404] },
  { method: 'POST', path: '/api/report_schedules/delete', access: 'reports.run', request: () => missingSchedule, ok: [404] },
  { method: 'POST', path: '/api/report_schedules/run', access: 'reports.run', request: () => missingSchedule, ok: [404] },
];
