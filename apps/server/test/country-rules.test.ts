import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { generateActivity } from '../src/network/activity.js';
import { loadSessionLocation, sessionLocation, type LocatedSim } from '../src/network/session-location.js';
import { makeIccid } from '../src/seed/iccid.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

const rules = [{ country: 'TR', from: '2024-06-01' }];
const tcInTurkey: LocatedSim = { profile: 'TC', roamingMode: 'worldwide', roamingZones: [], cell: '286-01-1-1' };

describe('the country rule as the simulator applies it (spec §9)', () => {
  it('refuses TC-profile SIMs in a listed country from the rule date on, and nobody else', () => {
    const location = sessionLocation(rules);
    expect(location.refuses(tcInTurkey, '286', new Date('2024-06-01T00:00:00Z'))).toBe(true);
    expect(location.refuses(tcInTurkey, '286', new Date('2024-05-31T23:59:59Z'))).toBe(false);
    expect(location.refuses({ ...tcInTurkey, profile: 'TD' }, '286', new Date('2025-01-01'))).toBe(false);
    expect(location.refuses(tcInTurkey, '262', new Date('2025-01-01'))).toBe(false);
  });
  it('keeps a SIM without roaming at home', () => {
    const location = sessionLocation(rules);
    expect(location.place({ ...tcInTurkey, roamingMode: 'off' }, () => 0)).toBe('250');
    expect(location.place(tcInTurkey, () => 0)).toBe('286');
  });
});

describe('country rules end to end', () => {
  let t: TestApp;
  let root: string;
  let companyId: number;
  const sims: Record<'tc' | 'td', number> = { tc: 0, td: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    root = (await login(t.app, 'root@demo.local')).token;
    const [company] = await queryRows<{ id: number }>(t.database.db, sql`
      insert into companies (name, tax_number, billing_type) values ('Rule Travellers', 'CR-1', 1) returning id::int as id`);
    companyId = company?.id ?? 0;
    for (const [n, profile] of [[1, 'TC'], [2, 'TD']] as const) {
      const [sim] = await queryRows<{ id: number }>(t.database.db, sql`
        insert into sims (company_id, iccid, msisdn, profile) values (${companyId}, ${makeIccid(820_000 + n)}, ${`799600000${n}`}, ${profile})
        returning id::int as id`);
      const id = sim?.id ?? 0;
      sims[profile === 'TC' ? 'tc' : 'td'] = id;
      await t.database.db.execute(sql`insert into sim_roaming (company_id, sim_id, mode) values (${companyId}, ${id}, 'worldwide')`);
      // Last seen in Turkey, offline.
      await t.database.db.execute(sql`
        insert into sim_network_state (company_id, sim_id, online, cell) values (${companyId}, ${id}, false, '286-01-5-5')`);
    }
  });
  afterAll(async () => t.close());

  it('is seeded with two countries from 2024-06-01', async () => {
    const res = await post(t.app, '/api/tools/country_rules/list', {}, { token: root });
    const items = res.json<{ result: { items: Array<{ country: string; from: string }> } }>().result.items;
    expect(items).toHaveLength(2);
    expect(items.every((r) => r.from === '2024-06-01')).toBe(true);
  });

  it('the simulator gives the TD SIM a session in Turkey and refuses the TC one (seen there, offline, no usage)', async () => {
    const location = await loadSessionLocation(t.database.db);
    const events = await generateActivity(t.database.db, { now: new Date(), maxSims: 10, random: () => 0, companyId, location });
    const used = new Set(events.map((e) => e.simId));
    expect(used.has(sims.td)).toBe(true);
    expect(used.has(sims.tc)).toBe(false);
    const states = await queryRows<{ sim_id: number; online: boolean; cell: string; seen: boolean }>(t.database.db, sql`
      select sim_id::int as sim_id, online, cell, last_seen_at is not null as seen from sim_network_state where company_id = ${companyId} order by sim_id`);
    expect(states.find((s) => s.sim_id === sims.tc)).toMatchObject({ online: false, seen: true });
    expect(states.find((s) => s.sim_id === sims.tc)?.cell.startsWith('286-')).toBe(true);
    expect(states.find((s) => s.sim_id === sims.td)).toMatchObject({ online: true });
  });

  it('warns of the TC SIM seen in such a country (SIM page and list), not of the TD one', async () => {
    const res = await post(t.app, '/api/sims/country_warnings', { ids: [sims.tc, sims.td] }, { token: root });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ result: { items: unknown[] } }>().result.items).toEqual([
      { id: sims.tc, country: 'TR', from: '2024-06-01', seen: expect.any(Number) as unknown },
    ]);
    // Another company's user learns nothing about these SIMs.
    const manager = (await login(t.app, 'manager@demo.local')).token;
    const foreign = await post(t.app, '/api/sims/country_warnings', { ids: [sims.tc] }, { token: manager });
    expect(foreign.json()).toEqual({ result: { items: [] } });
  });

  it('root adds and removes rules (audited); a rule not yet in force warns of nothing; bad input changes nothing', async () => {
    await t.database.db.execute(sql`update sim_network_state set cell = '262-01-1-1' where sim_id = ${sims.tc}`);
    const created = await post(t.app, '/api/tools/country_rules/create', { country: 'DE', from: '2099-01-01' }, { token: root });
    expect(created.statusCode).toBe(200);
    const warnings = await post(t.app, '/api/sims/country_warnings', { ids: [sims.tc] }, { token: root });
    expect(warnings.json()).toEqual({ result: { items: [] } });

    const duplicate = await post(t.app, '/api/tools/country_rules/create', { country: 'DE', from: '2024-01-01' }, { token: root });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'country_rule_exists' });
    for (const body of [{ country: 'XX', from: '2024-01-01' }, { country: 'FR', from: '2024-02-30' }, { country: 'FR', from: '1.6.2024' }, { country: 'FR' }]) {
      expect((await post(t.app, '/api/tools/country_rules/create', body, { token: root })).statusCode).toBe(400);
    }
    const list = (await post(t.app, '/api/tools/country_rules/list', {}, { token: root })).json<{ result: { items: Array<{ id: number; country: string }> } }>();
    expect(list.result.items.map((r) => r.country).sort()).toEqual(['DE', 'GE', 'TR']);
    const de = list.result.items.find((r) => r.country === 'DE');
    const removed = await post(t.app, '/api/tools/country_rules/delete', { id: de?.id }, { token: root });
    expect(removed.json<{ result: { items: unknown[] } }>().result.items).toHaveLength(2);
    const audit = await queryRows<{ action: string }>(t.database.db, sql`
      select action from audit_log where action like 'country_rule_%' order by id`);
    expect(audit.map((a) => a.action)).toEqual(['country_rule_create', 'country_rule_delete']);
  });
});
