import type { AccessCase } from './cases.js';

/**
 * Alert rules (issue 25.4): who reads SIMs reads rules and firings; who operates SIMs manages rules.
 * Naming Demo Logistics' company answers 404 to another company. Update and delete name a rule that
 * exists nowhere, so an allowed caller gets 404 and nothing changes.
 */
const newRule = (who: string) => ({
  name: `Access ${who} ${Math.random().toString(36).slice(2, 10)}`,
  scope: 'company',
  condition: 'imei_change',
  notify: true,
  block: false,
});
const missingRule = { id: 999_999_999, ...newRule('missing') };

export const ALERT_CASES: AccessCase[] = [
  { method: 'POST', path: '/api/alerts/rules/list', access: 'sims.read', request: () => ({}), foreign: (f) => ({ company: f.demo.company }) },
  { method: 'POST', path: '/api/alerts/rules/create', access: 'sims.operate', request: (_f, who) => newRule(who), foreign: (f) => ({ ...newRule('other'), company: f.demo.company }) },
  { method: 'POST', path: '/api/alerts/rules/update', access: 'sims.operate', request: () => missingRule, ok: [404] },
  { method: 'POST', path: '/api/alerts/rules/delete', access: 'sims.operate', request: () => ({ id: 999_999_999 }), ok: [404] },
  {
    method: 'POST',
    path: '/api/alerts/firings/list',
    access: 'sims.read',
    request: () => ({ page: 0, size: 10 }),
    foreign: (f) => ({ page: 0, size: 10, company: f.demo.company }),
  },
];
