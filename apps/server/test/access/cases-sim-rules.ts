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
