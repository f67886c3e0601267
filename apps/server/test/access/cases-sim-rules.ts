import type { AccessCase } from './cases.js';

/** Root's network tools (global unblock, simulator, country rules) and the SIM rules (roaming, country warnings). */
export const SIM_RULES_CASES: AccessCase[] = [
  {
    method: 'POST',
    path: '/api/tools/global_unblock/preview',
    access: 'tools.use',
    request: (f, who) => ({ filter: { company: [f.own[who].company] } }),
  },
  {
    method: 'POST',
    path: '/api/tools/global_unblock/run',
    access: 'tools.use',
    // No SIM matches: nothing to unblock.
    request: (f, who) => ({ filter: { company: [f.own[who].company], query: 'no such sim' }, expected: 1 }),
    ok: [422],
  },
  { method: 'POST', path: '/api/tools/network/get', access: 'tools.use', request: () => ({}) },
  {
    method: 'POST',
    path: '/api/tools/network/update',
    access: 'tools.use',
    request: () => ({ latency_ms: 0, failure_rate: 0, activity_sims: 0, roaming_delay_minutes: 60 }),
  },
  { method: 'POST', path: '/api/tools/network/burst', access: 'tools.use', request: (f, who) => ({ company_id: f.own[who].company, sims: 5 }) },
  { method: 'POST', path: '/api/tools/country_rules/list', access: 'tools.use', request: () => ({}) },
  { method: 'POST', path: '/api/network/status', access: 'tools.use', request: () => ({}) },
  // The matrix's app runs the simulator: there is no HLR to reconcile with.
  { method: 'POST', path: '/api/network/reconcile', access: 'tools.use', request: () => ({}), ok: [409] },
  { method: 'POST', path: '/api/tools/sim_stock/levels', access: 'tools.use', request: () => ({}) },
  { method: 'POST', path: '/api/tools/radius/clients', access: 'tools.use', request: () => ({}) },
  // Root adds the same address again after its first call: one address, one NAS client.
  {
    method: 'POST',
    path: '/api/tools/radius/clients/create',
    access: 'tools.use',
    request: () => ({ name: 'Matrix NAS', address: '192.0.2.10', secret: 'matrix-secret-1' }),
    ok: [200, 409],
  },
  { method: 'POST', path: '/api/tools/radius/clients/delete', access: 'tools.use', request: () => ({ id: 999_999 }), ok: [404] },
  { method: 'POST', path: '/api/tools/radius/stats', access: 'tools.use', request: () => ({}) },
  { method: 'POST', path: '/api/tools/radius/unknown_imsis', access: 'tools.use', request: () => ({ size: 10 }) },
  { method: 'POST', path: '/api/tools/sim_stock/import', access: 'tools.use', request: () => ({ mode: 'check', file: 'ICCID,IMSI,MSISDN,KI\n' }) },
  { method: 'POST', path: '/api/tools/country_rules/create', access: 'tools.use', request: () => ({ country: 'DE', from: '2025-01-01' }) },
  { method: 'POST', path: '/api/tools/country_rules/delete', access: 'tools.use', request: () => ({ id: 999_999 }), ok: [404] },
  { method: 'POST', path: '/api/sims/country_warnings', access: 'sims.read', request: (f) => ({ ids: [f.demoSim] }) },
  {
    method: 'POST',
    path: '/api/sims/roaming/get',
    access: 'sims.read',
    request: (f) => ({ id: f.demoSim }),
    ok: [200, 404],
    foreign: (f) => ({ id: f.demoSim }),
  },
  {
    method: 'POST',
    path: '/api/sims/roaming/set',
    access: 'sims.operate',
    request: (f) => ({ id: f.demoSim, mode: 'zones', zones: ['europe'] }),
    ok: [200, 404],
    foreign: (f) => ({ id: f.demoSim, mode: 'worldwide' }),
  },
  {
    method: 'POST',
    path: '/api/sims/roaming/bulk',
    access: 'sims.operate',
    request: (f, who) => ({ selection: { filter: { company: [f.own[who].company], query: '7990000' } }, mode: 'off' }),
    foreign: (f) => ({ selection: { ids: [f.demoSim] }, mode: 'worldwide' }),
  },
];
