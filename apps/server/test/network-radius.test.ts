import { createSocket } from 'node:dgram';
import { sql } from 'drizzle-orm';
import radius from 'radius';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSealer } from '../src/auth/sealing.js';
import { queryRows } from '../src/db/client.js';
import { imeiFromImeisv, octetsWithGigawords, operatorFromMccMnc, ratLabel } from '../src/network/radius/attributes.js';
import { Batcher } from '../src/network/radius/batcher.js';
import { startRadiusAccounting, type RadiusAccounting } from '../src/network/radius/listener.js';
import type { AccountingRecord } from '../src/network/radius/packet.js';
import { mergeSessions, usageOf } from '../src/network/radius/sessions.js';
import type { SimRef } from '../src/network/adapter.js';
import { monthSpendOf } from './network/support.js';
import { TEST_SIM_KEYS_SECRET } from './support/database-snapshot.js';
import { hasRadclient, radclient as sendAccounting } from './support/radclient.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';
import { waitForValue } from './support/wait.js';

/*
 * RADIUS accounting end to end with the real radclient (freeradius-utils): packets in over UDP,
 * the SIM's page, usage, reports and root's Tools answers out through the API.
 */

const LOOPBACK_SECRET = 'loopback-test-secret';
const IMEISV = '3548990123456701';
/** Its first 14 digits and their Luhn digit. */
const IMEI = '354899012345671';
const GIGAWORD = 2 ** 32;

/** One Accounting-Request through the real radclient to the listener on 127.0.0.1 (support/radclient.ts). */
const radclient = (port: number, secret: string, attributes: Record<string, string | number>, options: { retries?: number; count?: number } = {}) =>
  sendAccounting({ port }, secret, attributes, options);

async function sendRaw(port: number, packet: Buffer): Promise<void> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve, reject) => socket.send(packet, port, '127.0.0.1', (error) => (error ? reject(error) : resolve())));
  socket.close();
}

describe('RADIUS accounting attributes', () => {
  it('reads the IMEI out of an IMEISV: 14 digits and their Luhn digit, the software version left out', () => {
    expect(imeiFromImeisv(IMEISV)).toBe(IMEI);
    expect(imeiFromImeisv('490154203237518')).toBe('490154203237518');
    expect(imeiFromImeisv('35-48')).toBeNull();
    expect(imeiFromImeisv(undefined)).toBeNull();
  });

  it('adds Gigawords as 2^32 octets each', () => {
    expect(octetsWithGigawords(5, 2)).toBe(2 * GIGAWORD + 5);
    expect(octetsWithGigawords(undefined, 1)).toBe(GIGAWORD);
    expect(octetsWithGigawords(123, undefined)).toBe(123);
  });

  it('writes the serving network as MCC-MNC and the RAT as the cabinet labels it', () => {
    expect(operatorFromMccMnc('25001')).toBe('250-01');
    expect(operatorFromMccMnc('310410')).toBe('310-410');
    expect(operatorFromMccMnc('abc')).toBeNull();
    expect([1, 2, 6, 8, 9, 3].map(ratLabel)).toEqual(['3G', '2G', '4G', 'NB-IoT', 'LTE-M', null]);
  });

  it('merges a batch into sessions and bills a stopped session once, with an MSU block past the cap', () => {
    const record = (status: AccountingRecord['status'], up: number, seconds: number | null): AccountingRecord => ({
      status,
      sessionId: 's1',
      imsi: '250019900000001',
      msisdn: null,
      imei: null,
      operator: '262-01',
      rat: '4G',
      bytesUp: up,
      bytesDown: 10,
      sessionSeconds: seconds,
      delaySeconds: 0,
    });
    const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));
    const [merged, ...rest] = mergeSessions([
      { nas: '10.0.0.1', record: record('interim', 500, 30), at: at(40) },
      { nas: '10.0.0.1', record: record('stop', 2_097_152, 50), at: at(60) },
      { nas: '10.0.0.1', record: record('interim', 400, 20), at: at(30) },
    ]);
    expect(rest).toEqual([]);
    expect(merged).toMatchObject({ startedAt: at(10), at: at(60), stopped: true, bytesUp: 2_097_152, packets: 3, indexes: [0, 1, 2] });
    const stored = { nas: '10.0.0.1', sessionId: 's1', companyId: 1, simId: 2, startedAt: at(10), stoppedAt: at(60), bytesUp: 2_097_152, bytesDown: 0, operator: '262-01', rat: '4G', imei: '3520990012345601', usageRecorded: false };
    const sims = new Map([[2, { companyId: 1, simId: 2, msuCents: 100, monthSpendCents: 75 }]]);
    // 2 MB abroad (Germany): 2 × 5 cents × 3.
    expect(usageOf([stored], sims)).toEqual([
      expect.objectContaining({ type: 'data', key: 'radius:10.0.0.1:s1', bytes: 2_097_152, country: 'DE', costCents: 30, imei: '3520990012345601' }),
      expect.objectContaining({ type: 'msu_block', simId: 2, spendCents: 105, msuCents: 100 }),
    ]);
    expect(usageOf([{ ...stored, usageRecorded: true }], sims)).toEqual([]);
  });
});

describe('RADIUS batches', () => {
  it('a packet goes in the next batch at once, not when a pending idle flush is due', async () => {
    const runs: number[][] = [];
    const batcher = new Batcher<number>((items) => Promise.resolve(void runs.push(items)), { lingerMs: 5, maxItems: 100, idleFlushMs: 5000, onError: () => undefined });
    batcher.poke();
    batcher.add(1);
    batcher.add(2);
    await waitForValue(() => (runs.length > 0 ? true : undefined), 1000);
    expect(runs).toEqual([[1, 2]]);
    await batcher.drain();
  });
});

describe.skipIf(!hasRadclient)('RADIUS accounting with radclient', () => {
  let test: TestApp;
  let listener: RadiusAccounting;
  let rootToken: string;
  let adminToken: string;
  let sim: { id: number; companyId: number; iccid: string; msisdn: string; imsi: string };
  /** The UTC day a date falls on: the day usage rollups count a session on. */
  const dayOf = (at: Date) => at.toISOString().slice(0, 10);

  beforeAll(async () => {
    test = await createTestApp();
    const db = test.database.db;
    rootToken = (await login(test.app, 'root@demo.local')).token;
    adminToken = (await login(test.app, 'admin@demo.local')).token;
    const [row] = await queryRows<{ id: number | string; company_id: number | string; iccid: string; msisdn: string; imsi: string | null }>(
      db,
      sql`select s.id, s.company_id, s.iccid, s.msisdn, s.imsi from sims s
          join users u on u.company_id = s.company_id and u.email = 'admin@demo.local'
          where s.block_type = 'none' order by s.id limit 1`,
    );
    if (!row) throw new Error('no open demo SIM');
    const imsi = row.imsi ?? '250019900000001';
    // No cap in the way: this SIM's spend is checked to the cent, not blocked.
    await db.execute(sql`update sims set imsi = ${imsi}, msu_cents = null where id = ${row.id}`);
    sim = { id: Number(row.id), companyId: Number(row.company_id), iccid: row.iccid, msisdn: row.msisdn, imsi };
    listener = await startRadiusAccounting({
      db,
      bus: test.bus,
      sealer: createSealer(TEST_SIM_KEYS_SECRET),
      listen: '127.0.0.1:0',
      loopbackSecret: LOOPBACK_SECRET,
      log: () => undefined,
    });
  });
  afterAll(async () => {
    await listener?.close();
    await test?.close();
  });

  const api = async <T>(path: string, body: unknown, token = rootToken) => {
    const response = await post(test.app, path, body, { token });
    return { status: response.statusCode, body: response.json<{ result: T; code?: string; fields?: Record<string, string> }>() };
  };
  const network = async () =>
    (await api<{ network: { online: boolean; imei: string | null; rat: string | null } | null }>('/api/sims/get', { id: sim.id }, adminToken)).body.result.network;
  const nasStats = async (nas = '127.0.0.1') =>
    (await api<{ items: Array<{ nas: string; accepted: number; dropped_by: Record<string, number> }> }>('/api/tools/radius/stats', {})).body.result.items.find(
      (row) => row.nas === nas,
    );
  const usageSessions = (key: string) =>
    queryRows<{ bytes_up: string | number; bytes_down: string | number; cost_cents: number; started_at: string | Date }>(
      test.database.db,
      sql`select bytes_up, bytes_down, cost_cents, started_at from usage_sessions where company_id = ${sim.companyId} and record_key = ${key}`,
    );
  const rollups = async (day: string) => {
    const [daily] = await queryRows<{ sessions: number; bytes_up: string; bytes_down: string; cost_cents: string }>(
      test.database.db,
      sql`select sessions, bytes_up::text, bytes_down::text, cost_cents::text from usage_daily where company_id = ${sim.companyId} and sim_id = ${sim.id} and day = ${day}::date`,
    );
    const [company] = await queryRows<{ sessions: number; bytes_up: string }>(
      test.database.db,
      sql`select sessions, bytes_up::text from usage_daily_company where company_id = ${sim.companyId} and day = ${day}::date`,
    );
    return { daily, company, spend: await monthSpendOf(test.database.db, { companyId: sim.companyId, simId: sim.id } as SimRef) };
  };

  const session = (id: string, status: string, extra: Record<string, string | number> = {}) => ({
    'Acct-Status-Type': status,
    'Acct-Session-Id': id,
    '3GPP-IMSI': sim.imsi,
    'Calling-Station-Id': sim.msisdn,
    'NAS-IP-Address': '127.0.0.1',
    ...extra,
  });

  it('Start, Interim sent twice and Stop: the SIM goes online with its IMEI, then its session counts once in usage, rollups and reports', async () => {
    // Read before the session for today and tomorrow: a run across midnight counts it on the day it started.
    const now = Date.now();
    const beforeByDay = new Map<string, Awaited<ReturnType<typeof rollups>>>();
    for (const day of [dayOf(new Date(now)), dayOf(new Date(now + 86_400_000))]) beforeByDay.set(day, await rollups(day));
    const start = await radclient(listener.port, LOOPBACK_SECRET, session('sess-1', 'Start', { '3GPP-IMEISV': IMEISV, '3GPP-SGSN-MCC-MNC': '25001', '3GPP-RAT-Type': 6 }));
    expect(start.answered, start.output).toBe(true);
    expect(await network()).toMatchObject({ online: true, imei: IMEI, rat: '4G' });

    const interim = session('sess-1', 'Interim-Update', { 'Acct-Input-Octets': 1000, 'Acct-Output-Octets': 5000, 'Acct-Input-Gigawords': 1, 'Acct-Session-Time': 60 });
    expect((await radclient(listener.port, LOOPBACK_SECRET, interim)).answered).toBe(true);
    expect((await radclient(listener.port, LOOPBACK_SECRET, interim)).answered).toBe(true);
    // Interim updates grow the open session; usage counts it only once it stops.
    expect(await usageSessions('radius:127.0.0.1:sess-1')).toEqual([]);
    expect((await network())?.online).toBe(true);

    const stop = session('sess-1', 'Stop', { 'Acct-Input-Octets': 2000, 'Acct-Output-Octets': 7000, 'Acct-Input-Gigawords': 1, 'Acct-Session-Time': 120 });
    expect((await radclient(listener.port, LOOPBACK_SECRET, stop)).answered).toBe(true);
    // A retransmitted Stop is answered and changes nothing.
    expect((await radclient(listener.port, LOOPBACK_SECRET, stop)).answered).toBe(true);

    const up = GIGAWORD + 2000;
    const cost = Math.ceil(((up + 7000) / 1_048_576) * 5);
    const recorded = await usageSessions('radius:127.0.0.1:sess-1');
    expect(recorded.map((r) => [Number(r.bytes_up), Number(r.bytes_down), r.cost_cents])).toEqual([[up, 7000, cost]]);
    const day = dayOf(new Date(recorded[0]!.started_at));
    const before = beforeByDay.get(day)!;
    expect(before, `the session's day ${day}`).toBeDefined();
    const after = await rollups(day);
    expect((after.daily?.sessions ?? 0) - (before.daily?.sessions ?? 0)).toBe(1);
    expect(Number(after.daily?.bytes_up ?? 0) - Number(before.daily?.bytes_up ?? 0)).toBe(up);
    expect(Number(after.daily?.bytes_down ?? 0) - Number(before.daily?.bytes_down ?? 0)).toBe(7000);
    expect(Number(after.company?.bytes_up ?? 0) - Number(before.company?.bytes_up ?? 0)).toBe(up);
    expect(after.spend - before.spend).toBe(cost);
    expect(await network()).toMatchObject({ online: false, imei: IMEI });

    const usage = await api<{ items: Array<{ kind: string; bytes: number | null }> }>('/api/sims/usage', { id: sim.id, kind: 'data', page: 0, size: 10 }, adminToken);
    expect(usage.body.result.items.filter((item) => item.bytes === up + 7000)).toHaveLength(1);
    const report = await api<{ items: Array<{ iccid: string; bytes_up: number; bytes_down: number; duration: number; operator: string; country: string; rat: string }> }>(
      '/api/reports/sessions',
      { filter: { query: sim.iccid }, from: day, to: day },
      adminToken,
    );
    expect(report.body.result.items.filter((row) => row.bytes_up === up)).toEqual([
      expect.objectContaining({ iccid: sim.iccid, bytes_down: 7000, operator: '250-01', country: 'RU', rat: '4G' }),
    ]);
    const dayReport = await api<{ items: Array<{ sessions: number; bytes_up: number }> }>(
      '/api/reports/day',
      { filter: { query: sim.iccid }, from: day, to: day, by_sim: true },
      adminToken,
    );
    expect(dayReport.body.result.items).toEqual([expect.objectContaining({ sessions: after.daily?.sessions, bytes_up: Number(after.daily?.bytes_up) })]);
  });

  it('a packet with a wrong secret changes nothing and is counted', async () => {
    const dropped = (await nasStats())?.dropped_by.bad_authenticator ?? 0;
    const imei = (await network())?.imei;
    // Sent once: each send is counted.
    const sent = await radclient(listener.port, 'not-the-secret', session('sess-wrong', 'Start', { '3GPP-IMEISV': '1111111111111111' }), { retries: 1 });
    expect(sent.answered).toBe(false);
    const [row] = await queryRows<{ n: number | string }>(test.database.db, sql`select count(*) as n from radius_sessions where acct_session_id = 'sess-wrong'`);
    expect(Number(row?.n)).toBe(0);
    expect((await network())?.imei).toBe(imei);
    await waitForValue(async () => ((await nasStats())?.dropped_by.bad_authenticator === dropped + 1 ? true : undefined), 5000);
  });

  it('malformed packets are dropped and counted, and the listener keeps answering', async () => {
    await sendRaw(listener.port, Buffer.from('not a radius packet'));
    // Authentic, but without Acct-Session-Id a session cannot be told.
    await sendRaw(listener.port, radius.encode({ code: 'Accounting-Request', secret: LOOPBACK_SECRET, identifier: 7, attributes: [['Acct-Status-Type', 'Start']] }));
    await waitForValue(async () => ((await nasStats())?.dropped_by.malformed === 2 ? true : undefined), 5000);
    expect((await radclient(listener.port, LOOPBACK_SECRET, session('sess-after-garbage', 'Start'))).answered).toBe(true);
  });

  it('an unknown IMSI is not answered, and is counted and listed for root', async () => {
    const sent = await radclient(listener.port, LOOPBACK_SECRET, { 'Acct-Status-Type': 'Start', 'Acct-Session-Id': 'sess-stranger', '3GPP-IMSI': '001019999999999' }, { retries: 1 });
    expect(sent.answered).toBe(false);
    const listed = await waitForValue(async () => {
      const list = await api<{ items: Array<{ imsi: string; nas: string; packets: number }> }>('/api/tools/radius/unknown_imsis', { size: 10 });
      return list.body.result.items.find((item) => item.imsi === '001019999999999');
    });
    expect(listed).toMatchObject({ nas: '127.0.0.1', packets: 1 });
    await waitForValue(async () => ((await nasStats())?.dropped_by.unknown_imsi === 1 ? true : undefined), 5000);
  });

  it('an unknown NAS is dropped; a NAS client root adds with its own secret is accepted', async () => {
    // A second listener without RADIUS_SECRET: the loopback is no NAS of its own.
    const strict = await startRadiusAccounting({ db: test.database.db, bus: test.bus, sealer: createSealer(TEST_SIM_KEYS_SECRET), listen: '127.0.0.1:0', log: () => undefined });
    try {
      const before = (await nasStats())?.dropped_by.unknown_nas ?? 0;
      expect((await radclient(strict.port, LOOPBACK_SECRET, session('sess-nas', 'Start'), { retries: 1 })).answered).toBe(false);
      await waitForValue(async () => ((await nasStats())?.dropped_by.unknown_nas === before + 1 ? true : undefined), 5000);

      const short = await api('/api/tools/radius/clients/create', { name: 'PGW', address: '127.0.0.1', secret: 'short' });
      expect(short.status).toBe(400);
      expect(short.body.fields).toHaveProperty('secret');
      const secret = 'pgw-own-secret-1';
      const created = await api<{ items: Array<{ id: number; name: string; address: string }> }>('/api/tools/radius/clients/create', {
        name: 'PGW Moscow',
        address: '127.0.0.1',
        secret,
      });
      expect(created.status).toBe(200);
      expect(JSON.stringify(created.body)).not.toContain(secret);
      expect(created.body.result.items).toEqual([expect.objectContaining({ name: 'PGW Moscow', address: '127.0.0.1' })]);
      const again = await api('/api/tools/radius/clients/create', { name: 'PGW again', address: '127.0.0.1', secret: 'another-secret' }, rootToken);
      expect(again).toMatchObject({ status: 409, body: { code: 'radius_client_exists' } });
      const [stored] = await queryRows<{ secret_sealed: string }>(test.database.db, sql`select secret_sealed from radius_clients`);
      expect(stored?.secret_sealed).not.toContain(secret);

      // The listener reads its clients again when an unknown address sends (once a second at most).
      const accepted = await radclient(strict.port, secret, session('sess-nas', 'Start'), { retries: 3 });
      expect(accepted.answered, accepted.output).toBe(true);
      const [row] = await queryRows<{ sim_id: number | string }>(test.database.db, sql`select sim_id from radius_sessions where acct_session_id = 'sess-nas'`);
      expect(Number(row?.sim_id)).toBe(sim.id);

      const id = created.body.result.items[0]?.id;
      expect((await api<{ items: unknown[] }>('/api/tools/radius/clients/delete', { id })).body.result.items).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('Tools answers only root', async () => {
    expect((await api('/api/tools/radius/stats', {}, adminToken)).status).toBe(403);
  });

  // Last in the block: it leaves the SIM blocked.
  it('a Start from another device fires an IMEI-change alert rule and an IMEI lock that blocks, in its batch', async () => {
    const db = test.database.db;
    expect((await radclient(listener.port, LOOPBACK_SECRET, session('dev-a', 'Start', { '3GPP-IMEISV': IMEISV }))).answered).toBe(true);
    const rule = await api<{ id: number }>('/api/alerts/rules/create', { name: 'Device swap', scope: 'sim', sim: sim.id, condition: 'imei_change', notify: true, block: false }, adminToken);
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    await db.execute(sql`insert into sim_imei_locks (company_id, sim_id, imei, block) values (${sim.companyId}, ${sim.id}, ${IMEI}, true)`);

    // Another device: its IMEISV's first 14 digits differ.
    expect((await radclient(listener.port, LOOPBACK_SECRET, session('dev-b', 'Start', { '3GPP-IMEISV': '3548990999999901' }))).answered).toBe(true);
    const firings = await queryRows<{ value: string }>(db, sql`select value from alert_firings where company_id = ${sim.companyId} and rule_id = ${rule.body.result.id}`);
    expect(firings).toHaveLength(1);
    const [state] = await queryRows<{ block_type: string; block_reason: string }>(db, sql`select block_type, block_reason from sims where id = ${sim.id}`);
    expect(state).toEqual({ block_type: 'voluntary', block_reason: 'IMEI lock' });
    const events = await queryRows<{ type: string; actor_kind: string }>(db, sql`
      select type, actor_kind from sim_events where company_id = ${sim.companyId} and sim_id = ${sim.id} and type in ('imei_change', 'imei_mismatch', 'block', 'alert') order by id`);
    expect(events.map((e) => `${e.type}:${e.actor_kind}`)).toEqual(['imei_change:network', 'imei_mismatch:imei_lock', 'block:imei_lock', 'alert:alert_rule']);
  });
});
