import type { AccessCase } from './cases.js';

/**
 * Usage reports: every role reads them (viewer too), and an API token. A filter naming another
 * company (or its group) answers 404, as the cards list does.
 */
const range = { from: '2031-01-01', to: '2031-01-31' };
const own = () => ({ filter: { query: '8' }, ...range });

export const REPORT_CASES: AccessCase[] = [
  {
    method: 'POST',
    path: '/api/reports/day',
    access: 'reports.read',
    request: () => ({ ...own(), by_sim: true }),
    foreign: (f) => ({ filter: { group: f.demoGroup }, ...range }),
  },
  {
    method: 'POST',
    path: '/api/reports/sessions',
    access: 'reports.read',
    request: own,
    foreign: (f) => ({ filter: { company: [f.demo.company], childs: true }, ...range }),
  },
  {
    method: 'POST',
    path: '/api/reports/groups',
    access: 'reports.read',
    // An agent reports on the companies it referred, not on its own agency.
    request: (f, who) => ({ company: who === 'agent' ? f.agent.referred : f.own[who].company }),
    foreign: (f) => ({ company: f.demo.company }),
  },
  { method: 'POST', path: '/api/reports/call_sms', access: 'reports.read', request: own, foreign: (f) => ({ filter: { company: [f.demo.company] }, ...range }) },
];
