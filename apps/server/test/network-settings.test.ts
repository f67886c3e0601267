import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { createSealer } from '../src/auth/sealing.js';
import { createNetwork } from '../src/network/create-adapter.js';
import { simIdOf } from './support/sims.js';
import { createTestApp, login, post, testDatabaseUrl, type TestApp } from './support/test-app.js';

let t: TestApp;
let root: string;

beforeAll(async () => {
  t = await createTestApp();
  root = (await login(t.app, 'root@demo.local')).token;
});
afterAll(async () => t.close());

type Settings = { latency_ms: number; failure_rate: number; activity_sims: number; roaming_delay_minutes: number; updated: number | null };
const read = async (app = t) => (await post(app.app, '/api/tools/network/get', {}, { token: root })).json<{ result: Settings }>().result;
const update = (body: unknown, app = t) => post(app.app, '/api/tools/network/update', body, { token: root });

describe('network simulator settings (root Tools)', () => {
  it('start from the environment (config) and are saved in the database, audited', async () => {
    expect(await read()).toEqual({ latency_ms: 150, failure_rate: 0.02, activity_sims: 500, roaming_delay_minutes: 1440, updated: null });
    const res = await update({ latency_ms: 0, failure_rate: 1, activity_sims: 20, roaming_delay_minutes: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ result: Settings }>().result).toMatchObject({ latency_ms: 0, failure_rate: 1, activity_sims: 20, roaming_delay_minutes: 5 });
    expect((await read()).updated).toEqual(expect.any(Number));
    const audit = await queryRows<{ details: { before: Settings; after: Settings } }>(t.database.db, sql`
      select details from audit_log where action = 'network_settings_update'`);
    expect(audit[0]?.details).toMatchObject({ before: { failure_rate: 0.02 }, after: { failure_rate: 1 } });
  });

  it('refuse out-of-range or unknown values, changing nothing', async () => {
    const before = await read();
    for (const body of [
      { latency_ms: -1, failure_rate: 0, activity_sims: 0, roaming_delay_minutes: 0 },
      { latency_ms: 0, failure_rate: 1.5, activity_sims: 0, roaming_delay_minutes: 0 },
      { latency_ms: 0, failure_rate: 0, activity_sims: 2001, roaming_delay_minutes: 0 },
      { latency_ms: 0, failure_rate: 0, activity_sims: 0, roaming_delay_minutes: 4321 },
      { latency_ms: 0, failure_rate: 0, activity_sims: 0, roaming_delay_minutes: 0, extra: 1 },
      { latency_ms: 0 },
    ]) {
      const res = await update(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect(await read()).toEqual(before);
  });

  it('the simulator follows them at run time, without a restart', async () => {
    const { adapter: network } = createNetwork({ config: t.config, db: t.database.db, sealer: createSealer('test'), log: () => undefined });
    const sim = { companyId: 0, simId: await simIdOf(t.database.db, 3), iccid: 'x', msisdn: 'y', profile: 'BK' as const };
    const failing = await network.execute({ operation: 'get_limit', params: {}, sims: [sim], idempotencyPrefix: 'settings-test:1' });
    expect(failing[0]).toMatchObject({ ok: false });
    await update({ latency_ms: 0, failure_rate: 0, activity_sims: 20, roaming_delay_minutes: 5 });
    const passing = await network.execute({ operation: 'get_limit', params: {}, sims: [sim], idempotencyPrefix: 'settings-test:2' });
    expect(passing[0]).toMatchObject({ ok: true });
  });

  it('a usage burst gives one company usage, and only that company', async () => {
    const [demo] = await queryRows<{ id: number }>(t.database.db, sql`select id::int as id from companies where name = 'Demo Logistics LLC'`);
    const others = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from usage_sessions where company_id <> ${demo?.id ?? 0}`))[0]?.n;
    const own = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from usage_sessions where company_id = ${demo?.id ?? 0}`))[0]?.n ?? 0;
    const othersBefore = await others();
    const ownBefore = await own();
    const res = await post(t.app, '/api/tools/network/burst', { company_id: demo?.id, sims: 200 }, { token: root });
    expect(res.statusCode).toBe(200);
    const result = res.json<{ result: { sims: number; sessions: number } }>().result;
    expect(result.sessions).toBeGreaterThan(0);
    expect((await own()) - ownBefore).toBe(result.sessions);
    expect(await others()).toBe(othersBefore);
    expect((await post(t.app, '/api/tools/network/burst', { company_id: 987_654, sims: 5 }, { token: root })).statusCode).toBe(404);
    expect((await post(t.app, '/api/tools/network/burst', { company_id: demo?.id, sims: 0 }, { token: root })).statusCode).toBe(400);
    expect((await post(t.app, '/api/tools/network/burst', { company_id: demo?.id, sims: 2001 }, { token: root })).statusCode).toBe(400);
  });
});

describe.skipIf(!testDatabaseUrl)('settings shared by two app instances on one PostgreSQL', () => {
  it('a change saved through one instance is what the other reads and simulates with', async () => {
    const second = await createTestApp({ joinDatabase: true });
    try {
      await update({ latency_ms: 7, failure_rate: 0.5, activity_sims: 33, roaming_delay_minutes: 99 });
      expect(await read(second)).toMatchObject({ latency_ms: 7, failure_rate: 0.5, activity_sims: 33, roaming_delay_minutes: 99 });
      await update({ latency_ms: 0, failure_rate: 1, activity_sims: 1, roaming_delay_minutes: 1 }, second);
      expect(await read()).toMatchObject({ latency_ms: 0, failure_rate: 1, activity_sims: 1, roaming_delay_minutes: 1 });
      const { adapter: network } = createNetwork({ config: second.config, db: second.database.db, sealer: createSealer('test'), log: () => undefined });
      const sim = { companyId: 0, simId: await simIdOf(t.database.db, 4), iccid: 'x', msisdn: 'y', profile: 'BK' as const };
      const answer = await network.execute({ operation: 'get_limit', params: {}, sims: [sim], idempotencyPrefix: 'shared-test:1' });
      expect(answer[0]).toMatchObject({ ok: false });
    } finally {
      await second.close();
    }
  });
});
