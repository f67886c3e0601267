import type { AccessCase, Who } from './cases.js';

/** An agent's scope is the companies it referred, not its own: its own company's order or bill is 404. */
const OWN_OR_AGENT_404 = (who: Who) => (who === 'agent' ? [404] : [200]);

/** Orders, bills and the deposit ledger. */
export const COMMERCE_CASES: AccessCase[] = [
  { method: 'POST', path: '/api/orders/list', access: 'billing.read', request: () => ({}) },
  { method: 'POST', path: '/api/orders/get', access: 'billing.read', request: (f, who) => ({ id: f.own[who].order }), ok: OWN_OR_AGENT_404, foreign: (f) => ({ id: f.demo.order }) },
  {
    method: 'POST',
    path: '/api/orders/create',
    access: 'orders.manage',
    request: (f, who) => ({ company_id: f.own[who].company, count: 50, contact: 'Ivan, +491234567890', address: 'Berlin' }),
    foreign: (f) => ({ company_id: f.demo.company, count: 50, contact: 'Intruder', address: 'Nowhere' }),
  },
  { method: 'POST', path: '/api/orders/comment', access: 'companies.manage', request: (f, who) => ({ id: f.own[who].order, supplier_comment: 'Packed' }) },
  { method: 'POST', path: '/api/orders/status', access: 'companies.manage', request: (f, who) => ({ id: f.own[who].order, status: 4 }) },
  // Runs after root cancelled its own order above: 409 for root, 200 for the company admins.
  { method: 'POST', path: '/api/orders/cancel', access: 'orders.manage', request: (f, who) => ({ id: f.own[who].order }), ok: [200, 409], foreign: (f) => ({ id: f.demo.order }) },

  { method: 'POST', path: '/api/bills/list', access: 'billing.read', request: () => ({}) },
  { method: 'POST', path: '/api/bills/settings', access: 'billing.read', request: () => ({}) },
  {
    method: 'POST',
    path: '/api/bills/create',
    access: 'bills.manage',
    request: (f, who) => ({ company_id: f.own[who].company, amount_eur: 100 }),
    foreign: (f) => ({ company_id: f.demo.company, amount_eur: 100 }),
  },
  {
    method: 'GET',
    path: '/api/bills/pdf',
    access: 'billing.read',
    request: (f, who) => `id=${f.own[who].bill}`,
    ok: OWN_OR_AGENT_404,
    foreign: (f) => `id=${f.demo.bill}`,
  },
  // Order bills: a prepay company with enough balance pays (200); otherwise 409/422 with a reason.
  {
    method: 'POST',
    path: '/api/bills/pay_from_balance',
    access: 'bills.manage',
    request: (f, who) => ({ id: f.own[who].bill }),
    ok: [200, 409, 422],
    foreign: (f) => ({ id: f.demo.bill }),
  },
  { method: 'POST', path: '/api/bills/mark_paid', access: 'companies.manage', request: (f, who) => ({ id: f.own[who].bill }), ok: [200, 409] },
  { method: 'POST', path: '/api/bills/cancel', access: 'companies.manage', request: (f, who) => ({ id: f.own[who].bill }), ok: [200, 409] },

  { method: 'POST', path: '/api/deposit/list', access: 'billing.read', request: () => ({ page: 0, size: 10 }), foreign: (f) => ({ page: 0, size: 10, filter: { company: f.demo.company } }) },
  {
    method: 'POST',
    path: '/api/deposit/adjust',
    access: 'companies.manage',
    request: (f, who) => ({ company_id: f.own[who].company, amount: '+1.50', reason: 'matrix' }),
  },
];
