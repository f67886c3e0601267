import { projectMonthEnd, SimUsageOverview, type UsagePeriod } from '@cab/contract/sim-usage';
import { SimDetail } from '@cab/contract/sims';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { generateActivity } from '../src/network/activity.js';
import type { DataSessionEvent, UsageEvent } from '../src/network/events.js';
import { recordSessions, type SessionInput } from '../src/network/radius/ingest-repository.js';
import { usageOf } from '../src/network/radius/sessions.js';
import { applyNetworkEvents } from '../src/modules/sims/usage/service.js';
import { companyIdByName, DEMO_COMPANY } from './support/db.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

const HOUR = 3600;
const DAY = 86_400;

describe('projectMonthEnd', () => {
  it('spreads the spend so far over the whole month, counting at least one elapsed day', () => {
    // 14.5 days of November gone, 14.50 EUR spent: 1 EUR a day, 30 EUR by the 30th.
    expect(projectMonthEnd(1450, new Date('2026-11-15T12:00:00Z'))).toEqual({
      projectedCents: 3000,
      elapsedDays: 14.5,
      monthDays: 30,
    });
    // The first hour of a 31-day month counts as one day, not as 1/24 of one.
    expect(projectMonthEnd(200, new Date('2026-12-01T01:00:00Z'))).toEqual({
      projectedCents: 6200,
      elapsedDays: 1,
      monthDays: 31,
    });
    // February of a leap year; the month's last second projects nearly what was spent.
    expect(projectMonthEnd(2900, new Date('2028-02-29T23:59:59Z')).monthDays).toBe(29);
    expect(projectMonthEnd(2900, new Date('2028-02-29T23:59:59Z')).projectedCents).toBe(2900);
    expect(projectMonthEnd(0, new Date('2026-11-20T00:00:00Z')).projectedCents).toBe(0);
  });
});

describe('POST /api/sims/usage/overview', () => {
  let t: TestApp;
  let manager: string;
  let companyId: number;
  let simId: number;
  let otherSimId: number;
  const now = new Date();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const hourStart = Math.floor(nowSeconds / HOUR) * HOUR;
  const dayStart = Math.floor(nowSeconds / DAY) * DAY;
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) / 1000;

  const overview = async (id: number, period: UsagePeriod, token = manager) =>
    post(t.app, '/api/sims/usage/overview', { id, period }, { token });
  const read = async (id: number, period: UsagePeriod) => {
    const response = await overview(id, period);
    expect(response.statusCode).toBe(200);
    return SimUsageOverview.parse(response.json<{ result: unknown }>().result);
  };
  const detail = async (id: number) =>
    SimDetail.parse(
      (await post(t.app, '/api/sims/get', { id }, { token: manager })).json<{ result: unknown }>().result,
    );

  /** A data session that ended `endAgo` seconds ago and lasted `seconds`. */
  const session = (
    sim: number,
    key: string,
    endAgo: number,
    over: Partial<DataSessionEvent> = {},
  ): DataSessionEvent => ({
    type: 'data',
    companyId,
    simId: sim,
    key,
    at: new Date((nowSeconds - endAgo - 120) * 1000),
    endedAt: new Date((nowSeconds - endAgo) * 1000),
    bytes: 4000,
    bytesUp: 1000,
    bytesDown: 3000,
    rat: '4G',
    operator: '250-01',
    country: 'RU',
    costCents: 7,
    imei: '3520990017614823',
    ...over,
  });
  // What the test writes, by when it started (seconds ago), with its cost in cents.
  const written: UsageEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    manager = (await login(t.app, 'manager@demo.local')).token;
    companyId = await companyIdByName(t.database.db, DEMO_COMPANY);
    const sims = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from sims where company_id = ${companyId} and block_type = 'none' order by id limit 2`,
    );
    simId = sims[0]?.id ?? 0;
    otherSimId = sims[1]?.id ?? 0;
    written.push(
      session(simId, 'ov-now', 30 * 60),
      session(simId, 'ov-3d', 3 * DAY, {
        bytesUp: 10,
        bytesDown: 20,
        bytes: 30,
        operator: '262-01',
        country: 'DE',
        costCents: 3,
        imei: undefined,
      }),
      {
        type: 'sms',
        companyId,
        simId,
        key: 'ov-sms',
        at: new Date((nowSeconds - 40 * 60) * 1000),
        direction: 'out',
        peer: '79001234567',
        text: 'PING',
        operator: '250-01',
        country: 'RU',
        costCents: 2,
      },
      {
        type: 'call',
        companyId,
        simId,
        key: 'ov-call',
        at: new Date((nowSeconds - 10 * DAY) * 1000),
        direction: 'in',
        peer: '79001234567',
        seconds: 65,
        operator: '250-01',
        country: 'RU',
        costCents: 5,
      },
      session(simId, 'ov-40d', 40 * DAY, { operator: '310-01', country: 'US', costCents: 11 }),
      session(simId, 'ov-100d', 100 * DAY, { costCents: 13 }),
      // Another SIM of the same company: never in this SIM's answer.
      session(otherSimId, 'ov-other', 30 * 60, { costCents: 17 }),
    );
    await applyNetworkEvents(t.database.db, t.bus, written);
  });
  afterAll(async () => t.close());

  const startOf = (event: UsageEvent) => Math.floor(event.at.getTime() / 1000);
  const mine = () => written.filter((e) => e.simId === simId);
  const sumBuckets = (o: SimUsageOverview) =>
    o.buckets.reduce(
      (s, b) => ({
        up: s.up + b.bytes_up,
        down: s.down + b.bytes_down,
        smsOut: s.smsOut + b.sms_out,
        callsIn: s.callsIn + b.calls_in,
        callSeconds: s.callSeconds + b.call_seconds,
        cents: s.cents + Math.round(b.cost * 100),
      }),
      { up: 0, down: 0, smsOut: 0, callsIn: 0, callSeconds: 0, cents: 0 },
    );
  const expected = (from: number) => {
    const inside = mine().filter((e) => startOf(e) >= from);
    return {
      up: inside.reduce((n, e) => n + (e.type === 'data' ? e.bytesUp : 0), 0),
      down: inside.reduce((n, e) => n + (e.type === 'data' ? e.bytesDown : 0), 0),
      smsOut: inside.filter((e) => e.type === 'sms').length,
      callsIn: inside.filter((e) => e.type === 'call').length,
      callSeconds: inside.reduce((n, e) => n + (e.type === 'call' ? e.seconds : 0), 0),
      cents: inside.reduce((n, e) => n + e.costCents, 0),
    };
  };

  it('adds up 48 hours by the hour from the raw records, exactly and only this SIM', async () => {
    const o = await read(simId, '48h');
    expect(o.buckets).toHaveLength(48);
    expect(o.buckets.at(-1)?.start).toBe(hourStart);
    expect(o.buckets.every((b, i) => b.start === hourStart - (47 - i) * HOUR)).toBe(true);
    expect(sumBuckets(o)).toEqual(expected(hourStart - 47 * HOUR));
    const recent = written[0];
    const bucket = o.buckets.find((b) => b.start === Math.floor(startOf(recent as UsageEvent) / HOUR) * HOUR);
    expect(bucket).toMatchObject({ bytes_up: 1000, bytes_down: 3000 });
  });

  it('adds up 30 and 90 days by the UTC day from the daily rollup, leaving out what is older', async () => {
    const month = await read(simId, '30d');
    expect(month.buckets).toHaveLength(30);
    expect(month.buckets.at(-1)?.start).toBe(dayStart);
    expect(month.buckets[0]?.start).toBe(dayStart - 29 * DAY);
    expect(sumBuckets(month)).toEqual(expected(dayStart - 29 * DAY));
    const quarter = await read(simId, '90d');
    expect(quarter.buckets).toHaveLength(90);
    expect(sumBuckets(quarter)).toEqual(expected(dayStart - 89 * DAY));
    // The 40-day-old session is in 90 days, not in 30; the 100-day-old one in neither.
    expect(sumBuckets(quarter).cents - sumBuckets(month).cents).toBe(11);
  });

  it("lists the SIM's sessions newest first with operator names, countries and IMEIs, and spends this month's cost", async () => {
    const o = await read(simId, '30d');
    expect(o.sessions.map((s) => s.key)).toEqual(['ov-now', 'ov-3d', 'ov-40d', 'ov-100d']);
    expect(o.sessions[0]).toEqual({
      key: 'ov-now',
      start: nowSeconds - 30 * 60 - 120,
      end: nowSeconds - 30 * 60,
      bytes_up: 1000,
      bytes_down: 3000,
      operator: 'MTS',
      country: 'RU',
      rat: '4G',
      imei: '3520990017614823',
    });
    expect(o.sessions[1]).toMatchObject({ operator: 'Telekom Deutschland', country: 'DE', imei: null });
    // A network missing from the operator table shows no code: no name, its country still.
    expect(o.sessions[2]).toMatchObject({ operator: null, country: 'US' });
    const spentCents = expected(monthStart).cents;
    expect(o.month.spent).toBe(spentCents / 100);
    expect(o.month.month_days).toBe(projectMonthEnd(0, now).monthDays);
    expect(Math.abs(o.month.projected * 100 - projectMonthEnd(spentCents, now).projectedCents)).toBeLessThanOrEqual(1);
  });

  it('shows the running RADIUS session the network card shows, and after its Stop the same session with its end as last seen', async () => {
    const [sim] = await queryRows<{ msisdn: string }>(
      t.database.db,
      sql`select msisdn from sims where id = ${otherSimId}`,
    );
    const started = new Date((nowSeconds - 600) * 1000);
    const packet = (stopped: boolean, at: Date): SessionInput => ({
      nas: '10.9.9.9',
      sessionId: 'ov-radius',
      imsi: null,
      msisdn: sim?.msisdn ?? null,
      startedAt: started,
      at,
      stopped,
      bytesUp: stopped ? 5000 : 100,
      bytesDown: stopped ? 7000 : 200,
      operator: '250-02',
      rat: '4G',
      imei: '3520990017614824',
      packets: 1,
    });
    await recordSessions(t.database.db, [packet(false, started)], []);
    const card = (await detail(otherSimId)).network;
    const running = (await read(otherSimId, '48h')).sessions[0];
    expect(card).toMatchObject({ online: true, session_started: nowSeconds - 600 });
    expect(running).toMatchObject({
      key: 'radius:10.9.9.9:ov-radius',
      start: card?.session_started,
      end: null,
      operator: 'MegaFon',
      country: 'RU',
      imei: '3520990017614824',
    });

    const stoppedAt = new Date((nowSeconds - 60) * 1000);
    const recorded = await recordSessions(t.database.db, [packet(true, stoppedAt)], []);
    const stored = [...recorded.values()].map((r) => r.stored);
    const sims = new Map([...recorded.values()].map((r) => [r.sim.simId, r.sim]));
    await applyNetworkEvents(t.database.db, t.bus, usageOf(stored, sims));
    const after = await detail(otherSimId);
    const sessions = (await read(otherSimId, '48h')).sessions;
    expect(after.network).toMatchObject({ online: false, last_seen: nowSeconds - 60 });
    expect(sessions.filter((s) => s.key === 'radius:10.9.9.9:ov-radius')).toEqual([
      {
        key: 'radius:10.9.9.9:ov-radius',
        start: nowSeconds - 600,
        end: after.network?.last_seen,
        bytes_up: 5000,
        bytes_down: 7000,
        operator: 'MegaFon',
        country: 'RU',
        rat: '4G',
        imei: '3520990017614824',
      },
    ]);
  });

  it('agrees with the network card after simulated traffic: each active SIM lists a session ending when it was last seen', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    const tick = new Date(Math.floor(Date.now() / 1000) * 1000);
    const events = await generateActivity(t.database.db, { now: tick, maxSims: 5, random, companyId });
    await applyNetworkEvents(t.database.db, t.bus, events);
    const active = [...new Set(events.filter((e) => e.type === 'data').map((e) => e.simId))];
    expect(active.length).toBeGreaterThan(0);
    for (const id of active) {
      const card = (await detail(id)).network;
      const latest = (await read(id, '48h')).sessions.find((s) => s.end !== null);
      expect(card?.last_seen).toBe(tick.getTime() / 1000);
      expect(latest?.end).toBe(card?.last_seen);
      expect(latest?.imei).toBe(card?.imei);
    }
  });

  it("answers 404 for another company's SIM and a made-up id, 400 for a bad period, id or extra field", async () => {
    // A SIM of a company outside the demo company's tree, with usage of its own.
    const [foreign] = await queryRows<{ id: number }>(
      t.database.db,
      sql`
      insert into sims (company_id, iccid, msisdn, profile)
      select id, '8970199999999999991', '79990009991', 'BK' from companies
      where id <> ${companyId} and parent_id is null order by id limit 1
      returning id::int as id`,
    );
    expect(foreign).toBeDefined();
    expect((await overview(foreign?.id ?? 0, '30d')).statusCode).toBe(404);
    expect((await overview(999_999_999, '30d')).statusCode).toBe(404);
    expect(
      (await post(t.app, '/api/sims/usage/overview', { id: simId, period: '7d' }, { token: manager })).statusCode,
    ).toBe(400);
    expect(
      (await post(t.app, '/api/sims/usage/overview', { id: 'x', period: '30d' }, { token: manager })).statusCode,
    ).toBe(400);
    expect(
      (await post(t.app, '/api/sims/usage/overview', { id: simId, period: '30d', company: 1 }, { token: manager }))
        .statusCode,
    ).toBe(400);
    expect((await post(t.app, '/api/sims/usage/overview', { id: simId, period: '30d' })).statusCode).toBe(401);
  });
});
