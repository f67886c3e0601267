import { addWorkingDays, addWorkingMinutes } from '@cab/contract/working-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { applyDueRoamingChanges } from '../src/modules/sims/roaming/apply.js';
import { simIdOf } from './support/sims.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

describe('working-day arithmetic of roaming changes (weekends do not count)', () => {
  it('a Friday request completes by Wednesday', () => {
    const friday = new Date('2026-11-20T10:00:00Z');
    expect(friday.getUTCDay()).toBe(5);
    expect(addWorkingDays(friday, 3).toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(addWorkingDays(friday, 3).getUTCDay()).toBe(3);
  });
  it('a weekend request starts counting on Monday; Monday plus 3 is Thursday', () => {
    expect(addWorkingDays(new Date('2026-11-21T15:30:00Z'), 3).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(addWorkingDays(new Date('2026-11-23T09:00:00Z'), 3).toISOString()).toBe('2026-11-26T09:00:00.000Z');
  });
  it('a delay in working minutes skips the weekend it crosses', () => {
    expect(addWorkingMinutes(new Date('2026-11-20T23:30:00Z'), 60).toISOString()).toBe('2026-11-23T00:30:00.000Z');
    expect(addWorkingMinutes(new Date('2026-11-18T12:00:00Z'), 0).toISOString()).toBe('2026-11-18T12:00:00.000Z');
  });
});

describe('roaming settings of SIMs', () => {
  let t: TestApp;
  let manager: string;
  let viewer: string;
  let sim: number;

  beforeAll(async () => {
    t = await createTestApp();
    manager = (await login(t.app, 'manager@demo.local')).token;
    viewer = (await login(t.app, 'viewer@demo.local')).token;
    sim = await simIdOf(t.database.db, 7);
  });
  afterAll(async () => t.close());

  const roaming = async (token = manager) =>
    (await post(t.app, '/api/sims/roaming/get', { id: sim }, { token })).json<{
      result: { mode: string; zones: string[]; pending: { mode: string; zones: string[]; requested: number; deadline: number } | null };
    }>().result;

  it('is off until changed; a change is pending with a 3-working-day deadline, audited', async () => {
    expect(await roaming()).toEqual({ mode: 'off', zones: [], pending: null });
    const res = await post(t.app, '/api/sims/roaming/set', { id: sim, mode: 'zones', zones: ['cis', 'europe'] }, { token: manager });
    expect(res.statusCode).toBe(200);
    const result = res.json<{ result: { count: number; requested: number; deadline: number } }>().result;
    expect(result.count).toBe(1);
    expect(result.deadline * 1000).toBe(addWorkingDays(new Date(result.requested * 1000), 3).getTime());
    const now = await roaming(viewer);
    expect(now.mode).toBe('off');
    expect(now.pending).toMatchObject({ mode: 'zones', zones: ['europe', 'cis'], deadline: result.deadline });
    const audit = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log where action = 'roaming_change'`);
    expect(audit[0]?.n).toBe(1);
  });

  it('refuses bad input and changes nothing: zones without a zone, an unknown mode, a viewer', async () => {
    const noZone = await post(t.app, '/api/sims/roaming/set', { id: sim, mode: 'zones', zones: [] }, { token: manager });
    expect(noZone.statusCode).toBe(400);
    expect(noZone.json()).toMatchObject({ code: 'roaming_zones_required', fields: { zones: 'Choose at least one zone' } });
    expect((await post(t.app, '/api/sims/roaming/set', { id: sim, mode: 'everywhere' }, { token: manager })).statusCode).toBe(400);
    expect((await post(t.app, '/api/sims/roaming/set', { id: sim, mode: 'worldwide', zones: ['mars'] }, { token: manager })).statusCode).toBe(400);
    expect((await post(t.app, '/api/sims/roaming/set', { id: sim, mode: 'worldwide' }, { token: viewer })).statusCode).toBe(403);
    expect((await roaming()).pending).toMatchObject({ mode: 'zones' });
  });

  it('the network applies it when due (not before) and tells the company, once', async () => {
    const [due] = await queryRows<{ due: string }>(t.database.db, sql`select due_at::text as due from roaming_requests`);
    const dueAt = new Date(due?.due ?? 0);
    expect(await applyDueRoamingChanges(t.database.db, t.bus, new Date(dueAt.getTime() - 1000))).toBe(0);
    expect((await roaming()).pending).not.toBeNull();
    expect(await applyDueRoamingChanges(t.database.db, t.bus, dueAt)).toBe(1);
    expect(await roaming()).toEqual({ mode: 'zones', zones: ['europe', 'cis'], pending: null });
    expect(await applyDueRoamingChanges(t.database.db, t.bus, new Date(dueAt.getTime() + 60_000))).toBe(0);
    // Each user in their language; the demo users read Russian.
    const told = await queryRows<{ text: string; n: number }>(t.database.db, sql`
      select text, count(*)::int as n from notifications where category = 'sim' and (text like '%oaming%' or text like '%роуминг%') group by text`);
    expect(told.map((r) => r.text)).toEqual([expect.stringMatching(/SIM \d+ (applied: roaming in zones: Europe, CIS|применены: роуминг в зонах: Европа, СНГ)$/)]);
  });

  it('a bulk change marks every selected SIM pending in one request; a newer request replaces an older pending one', async () => {
    const ids = [await simIdOf(t.database.db, 10), await simIdOf(t.database.db, 11), await simIdOf(t.database.db, 12)];
    const first = await post(t.app, '/api/sims/roaming/bulk', { selection: { ids }, mode: 'worldwide' }, { token: manager });
    expect(first.json()).toMatchObject({ result: { count: 3 } });
    const second = await post(t.app, '/api/sims/roaming/bulk', { selection: { ids: [ids[0]] }, mode: 'off' }, { token: manager });
    expect(second.json()).toMatchObject({ result: { count: 1 } });
    const pending = await queryRows<{ sim_id: number; pending_mode: string }>(t.database.db, sql`
      select sim_id::int as sim_id, pending_mode from sim_roaming where sim_id in ${ids} order by sim_id`);
    expect(pending.map((p) => p.pending_mode)).toEqual(['off', 'worldwide', 'worldwide']);
    const far = new Date(Date.now() + 30 * 86_400_000);
    expect(await applyDueRoamingChanges(t.database.db, t.bus, far)).toBe(2);
    const modes = await queryRows<{ mode: string }>(t.database.db, sql`select mode from sim_roaming where sim_id in ${ids} order by sim_id`);
    expect(modes.map((m) => m.mode)).toEqual(['off', 'worldwide', 'worldwide']);
  });
});
