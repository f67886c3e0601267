import type { AccessCase } from './cases.js';

/**
 * Orders, bills and the deposit (issue 5). Calls on an object name Demo Logistics' seeded order and
 * its unpaid bill: a caller outside Demo's scope gets 404, one inside may find it already paid,
 * cancelled or moved by an earlier caller (409/422), and another company's admin must get 404.
 */
export const COMMERCE_CASES: AccessCase[] = [
  { method: 'POST', path: '/api/orders/list', access: 'session', request: () => ({ page: 0, size: 5 }) },
  {
    method: 'POST',
    path: '/api/orders/get',
    access: 'session',
    request: (f) => ({ id: f.demoOrder }),
    ok: [200, 404],
    foreign: (f) => ({ id: f.demoOrder }),
  },
  {
    method: 'POST',
    path: '/api/orders/create',
    access: 'orders.manage',
    request: (f, who) => ({ company_id: f.own[who].company, count: 50, contact: `Contact of ${who}`, address: 'Moscow' }),
    foreign: (f) => ({ company_id: f.demoCompany, count: 50, contact: 'Intruder', address: 'Nowhere' }),
  },
  { method: 'POST', path: '/api/orders/status', access: 'companies.manage', request: (f) => ({ id: f.demoOrder, status: 2 }), ok: [200, 409, 422] },
  { method: 'POST', path: '/api/orders/comment', access: 'companies.manage', request: (f) => ({ id: f.demoOrder, supplier_comment: 'Matrix' }) },
  {
    method: 'POST',
    path: '/api/orders/cancel',
    access: 'orders.manage',
    request: (f) => ({ id: f.demoOrder }),
    ok: [200, 404, 409, 422],
    foreign: (f) => ({ id: f.demoOrder }),
  },
  { method: 'POST', path: '/api/bills/list', access: 'session', request: () => ({ page: 0, size: 5 }) },
  { method: 'POST', path: '/api/bills/settings', access: 'session', request: () => ({}) },
  {
    method: 'POST',
    path: '/api/bills/create',
    access: 'bills.manage',
    request: () => ({ amount_eur: 100 }),
    foreign: (f) => ({ amount_eur: 100, company_id: f.demoCompany }),
  },
  { method: 'POST', path: '/api/bills/mark_paid', access: 'companies.manage', request: (f) => ({ id: f.demoBill }), ok: [200, 409] },
  { method: 'POST', path: '/api/bills/cancel', access: 'companies.manage', request: (f) => ({ id: f.demoBill }), ok: [200, 409] },
  {
    method: 'POST',
    path: '/api/bills/pay_from_balance',
    access: 'bills.manage',
    request: (f) => ({ id: f.demoBill }),
    ok: [200, 404, 409, 422],
    foreign: (f) => ({ id: f.demoBill }),
  },
  {
    method: 'GET',
    path: '/api/bills/pdf',
    access: 'session',
    request: (f) => `id=${f.demoBill}`,
    ok: [200, 404],
    foreign: (f) => `id=${f.demoBill}`,
  },
  { method: 'POST', path: '/api/deposit/list', access: 'sims.read', request: () => ({ page: 0, size: 5 }) },
  {
    method: 'POST',
    path: '/api/deposit/adjust',
    access: 'companies.manage',
    request: (f, who) => ({ company_id: f.own[who].company, amount: '+1', reason: 'Matrix' }),
  },
];
