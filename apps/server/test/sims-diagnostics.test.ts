import { SimDiagnosis, type DiagnosisCheck } from '@cab/contract/sim-diagnostics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { explainSim } from '../src/modules/sims/diagnostics/checks.js';
import type { SimFacts } from '../src/modules/sims/diagnostics/repository.js';
import { companyIdByName, DEMO_COMPANY } from './support/db.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

const NOW = new Date('2026-11-28T12:00:00Z');
const facts = (over: Partial<SimFacts> = {}): SimFacts => ({
  blockType: 'none',
  blockReason: null,
  companyBlocked: false,
  balanceProblem: false,
  limitMb: null,
  monthBytes: 0,
  msuCents: null,
  monthSpendCents: 0,
  package: null,
  roamingPending: null,
  lastFailure: null,
  ...over,
});
const state = { simId: 1, online: false, lastSeenAt: new Date('2026-11-28T11:00:00Z'), imei: null, cell: null, rat: null, sessionStartedAt: null };
const verdicts = (checks: DiagnosisCheck[]) => Object.fromEntries(checks.map((check) => [check.check, check.verdict]));

describe('explainSim', () => {
  it('finds nothing wrong with an open SIM seen an hour ago, and asks no HLR under the simulator', () => {
    const checks = explainSim(facts(), state, undefined, NOW);
    expect(checks.map((check) => check.check)).toEqual(['block', 'company_blocked', 'balance', 'country_rule', 'last_seen', 'last_failure']);
    expect(checks.every((check) => check.verdict === 'ok')).toBe(true);
  });

  it('names every cause in order: block, HLR access, company, balance, limit, MSU, package, country, roaming, silence, failure', () => {
    const checks = explainSim(
      facts({
        blockType: 'package_expiry',
        blockReason: 'package ended',
        companyBlocked: true,
        balanceProblem: true,
        limitMb: 100,
        monthBytes: 150 * 1_048_576,
        msuCents: 1000,
        monthSpendCents: 1200,
        package: '1GB/month',
        roamingPending: { mode: 'zones', deadlineAt: new Date('2026-12-01T12:00:00Z') },
        lastFailure: { reason: 'hlr_unreachable', operation: 'queue_unblock', at: new Date('2026-11-27T12:00:00Z') },
      }),
      { ...state, lastSeenAt: new Date('2026-11-20T12:00:00Z'), hlr: { provisioned: true, attached: false, vlrNumber: null, sgsnNumber: null, psEnabled: false, csEnabled: false } },
      { id: 1, country: 'DE', from: '2024-06-01', seen: null },
      NOW,
    );
    expect(checks.map((check) => check.check)).toEqual([...'block hlr_access company_blocked balance limit msu package country_rule roaming_pending last_seen last_failure'.split(' ')]);
    // The HLR's access is off because the SIM is blocked: that is no cause of its own.
    expect(verdicts(checks)).toMatchObject({ block: 'problem', hlr_access: 'ok', company_blocked: 'problem', limit: 'problem', msu: 'problem', package: 'problem', last_seen: 'problem' });
    expect(checks.find((check) => check.check === 'limit')?.params).toEqual({ used: 150, limit: 100 });
    expect(checks.find((check) => check.check === 'last_failure')?.params).toMatchObject({ reason: 'hlr_unreachable', operation: 'queue_unblock' });
  });

  it('tells an open SIM with its data off in the HLR, one missing there, an HLR that did not answer, and a SIM never seen', () => {
    const hlr = { provisioned: true, attached: false, vlrNumber: null, sgsnNumber: null, psEnabled: false, csEnabled: true };
    expect(explainSim(facts(), { ...state, hlr }, undefined, NOW)[1]).toEqual({ check: 'hlr_access', verdict: 'problem', params: { state: 'off', data: 'off', voice: 'on' } });
    expect(explainSim(facts(), { ...state, hlr: { ...hlr, provisioned: false } }, undefined, NOW)[1]).toMatchObject({ verdict: 'problem', params: { state: 'missing' } });
    expect(explainSim(facts(), { ...state, hlr: null }, undefined, NOW)[1]).toMatchObject({ check: 'hlr_access', verdict: 'unknown' });
    expect(explainSim(facts(), { ...state, lastSeenAt: null }, undefined, NOW).at(-2)).toMatchObject({ check: 'last_seen', verdict: 'problem', params: { never: 'yes' } });
    expect(explainSim(facts(), null, undefined, NOW).at(-2)).toMatchObject({ check: 'last_seen', verdict: 'unknown' });
  });
});

describe('POST /api/sims/diagnose', () => {
  let t: TestApp;
  let manager: string;
  let simId: number;

  beforeAll(async () => {
    t = await createTestApp();
    manager = (await login(t.app, 'manager@demo.local')).token;
    const demo = await companyIdByName(t.database.db, DEMO_COMPANY);
    const [sim] = await queryRows<{ id: number }>(t.database.db, sql`select id::int as id from sims where company_id = ${demo} and block_type = 'none' order by id limit 1`);
    simId = sim?.id ?? 0;
  });
  afterAll(async () => t.close());

  const diagnose = async (id: number) => post(t.app, '/api/sims/diagnose', { id }, { token: manager });

  it('explains a blocked SIM, its spent data limit and its company block from the stored facts', async () => {
    const before = SimDiagnosis.parse((await diagnose(simId)).json<{ result: unknown }>().result);
    expect(before.checks.find((check) => check.check === 'block')?.verdict).toBe('ok');
    await t.database.db.execute(sql`update sims set block_type = 'voluntary', block_reason = 'stolen', limit_mb = 1 where id = ${simId}`);
    await t.database.db.execute(sql`
      insert into usage_daily (company_id, sim_id, day, bytes_up, bytes_down)
      select company_id, id, current_date, 1048576, 1048576 from sims where id = ${simId}
      on conflict (company_id, sim_id, day) do update set bytes_up = excluded.bytes_up, bytes_down = excluded.bytes_down`);
    const after = SimDiagnosis.parse((await diagnose(simId)).json<{ result: unknown }>().result);
    expect(after.checks.find((check) => check.check === 'block')).toEqual({ check: 'block', verdict: 'problem', params: { type: 'voluntary', reason: 'stolen' } });
    expect(after.checks.find((check) => check.check === 'limit')).toEqual({ check: 'limit', verdict: 'problem', params: { used: 2, limit: 1 } });
    expect(after.problems).toBeGreaterThanOrEqual(2);
  });

  it('answers 404 for a SIM of another company and a made-up id, and 400 for a bad id', async () => {
    const [foreign] = await queryRows<{ id: number }>(t.database.db, sql`
      select s.id::int as id from sims s join companies c on c.id = s.company_id where c.name <> ${DEMO_COMPANY} and c.parent_id is null limit 1`);
    if (foreign) expect((await diagnose(foreign.id)).statusCode).toBe(404);
    expect((await diagnose(999_999_999)).statusCode).toBe(404);
    expect((await post(t.app, '/api/sims/diagnose', { id: 'x' }, { token: manager })).statusCode).toBe(400);
  });
});
