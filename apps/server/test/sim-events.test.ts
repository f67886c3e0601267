import { SimEventsResult, type SimEvent } from '@cab/contract/sim-events';
import type { WsServerEvent } from '@cab/contract/ws';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { connectSimEventDelivery, dispatchSimEvents, SIM_EVENTS_QUEUE } from '../src/modules/platform/notify-methods/sim-event-webhooks.js';
import { runQueueItem, type QueueRunnerDeps } from '../src/modules/platform/queue/runner.js';
import { announceSimEvents, deleteExpiredSimEvents, onSimEvents, recordSimEvents, type RecordedSimEvent } from '../src/modules/sims/events/index.js';
import { applyNetworkEvents } from '../src/modules/sims/usage/index.js';
import { generateActivity } from '../src/network/activity.js';
import type { DataSessionEvent, NetworkEvent } from '../src/network/events.js';
import { PacketCounters } from '../src/network/radius/counters.js';
import { recordBatch, type BatchPacket } from '../src/network/radius/ingest.js';
import type { AccountingRecord } from '../src/network/radius/packet.js';
import { NetworkSimulator } from '../src/network/simulator.js';
import { companyIdByName, DEMO_COMPANY } from './support/db.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';

let t: TestApp;
let manager: string;
let demo: number;
let other: number;
const pushes: WsServerEvent[] = [];
const bus = {
  publish: (_audience: unknown, event: WsServerEvent): Promise<void> => {
    pushes.push(event);
    return Promise.resolve();
  },
};

beforeAll(async () => {
  t = await createTestApp();
  manager = (await login(t.app, 'manager@demo.local')).token;
  demo = await companyIdByName(t.database.db, DEMO_COMPANY);
  // A company outside the demo company's tree, with a SIM of its own.
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`insert into companies (name) values ('Events Elsewhere Ltd') returning id::int as id`);
  other = row?.id ?? 0;
  await t.database.db.execute(sql`insert into sims (company_id, iccid, msisdn, profile) values (${other}, '8970199999999990001', '79999990001', 'BK')`);
});
afterAll(async () => t.close());

const simsOf = async (companyId: number, where: string, limit: number) =>
  (await queryRows<{ id: number }>(t.database.db, sql`select id::int as id from sims where company_id = ${companyId} and ${sql.raw(where)} order by id limit ${limit}`)).map((r) => r.id);
const eventsOf = async (simId: number) =>
  queryRows<{ type: string; actor_kind: string; actor_label: string | null; details: Record<string, unknown> }>(
    t.database.db,
    sql`select type, actor_kind, actor_label, details from sim_events where sim_id = ${simId} order by at, id`,
  );
const list = async (body: Record<string, unknown>, path = '/api/events/list', token = manager) => post(t.app, path, body, { token });
const listed = async (body: Record<string, unknown>, path?: string): Promise<SimEventsResult> => {
  const response = await list(body, path);
  expect(response.statusCode, response.body).toBe(200);
  return SimEventsResult.parse(response.json<{ result: unknown }>().result);
};

function session(simId: number, n: number, over: Partial<DataSessionEvent> = {}): DataSessionEvent {
  const at = new Date(Date.UTC(2026, 10, 20, 10, n));
  return {
    type: 'data', companyId: demo, simId, key: `test:${simId}:${n}`, at, endedAt: new Date(at.getTime() + 30_000),
    bytes: 3000, bytesUp: 1000, bytesDown: 2000, rat: 'LTE', operator: '250-01', country: 'RU', costCents: 1, imei: '3520990000000011', ...over,
  };
}

describe('the network sink writes the event log', () => {
  it('logs a simulator tick: a start and a stop per data session and each SMS, in and out', async () => {
    pushes.length = 0;
    const events = await generateActivity(t.database.db, { now: new Date(), maxSims: 30, companyId: demo, random: mulberry(7) });
    const sessions = events.filter((e) => e.type === 'data');
    const sms = events.filter((e) => e.type === 'sms');
    expect(sessions.length).toBeGreaterThan(0);
    const before = await countEvents();
    await applyNetworkEvents(t.database.db, bus, events);
    const after = await queryRows<{ type: string; n: number }>(t.database.db, sql`select type, count(*)::int as n from sim_events where company_id = ${demo} group by type`);
    const n = (type: string) => (after.find((r) => r.type === type)?.n ?? 0) - (before.get(type) ?? 0);
    expect(n('session_start')).toBe(sessions.length);
    expect(n('session_stop')).toBe(sessions.length);
    expect(n('sms_in') + n('sms_out')).toBe(sms.length);
    const pushed = pushes.filter((p) => p.type === 'sim_events');
    expect(pushed).toHaveLength(1);
    expect(pushed[0]?.type === 'sim_events' && pushed[0].data.sims).toEqual(expect.arrayContaining([sessions[0]?.simId]));
    // The same batch delivered again logs nothing new.
    await applyNetworkEvents(t.database.db, bus, events);
    expect([...(await countEvents()).values()].reduce((a, b) => a + b, 0)).toBe(after.reduce((a, r) => a + r.n, 0));
  });

  it('logs a country/operator change and an IMEI change against the last known session, and the data limit reached once', async () => {
    const [simId = 0] = await simsOf(demo, `block_type = 'none' and id not in (select sim_id from sim_events)`, 1);
    await t.database.db.execute(sql`update sims set limit_mb = 1 where id = ${simId}`);
    const now = new Date();
    const first = session(simId, 1, { at: now, endedAt: now });
    await applyNetworkEvents(t.database.db, bus, [first]);
    const roaming = session(simId, 2, { at: new Date(now.getTime() + 60_000), endedAt: new Date(now.getTime() + 90_000), operator: '262-01', country: 'DE', imei: '3520990000000029', bytes: 2 * 1_048_576, bytesUp: 1_048_576, bytesDown: 1_048_576 });
    await applyNetworkEvents(t.database.db, bus, [roaming]);
    await applyNetworkEvents(t.database.db, bus, [session(simId, 3, { at: new Date(now.getTime() + 120_000), endedAt: new Date(now.getTime() + 150_000), operator: '262-01', country: 'DE', imei: '3520990000000029' })]);
    const logged = await eventsOf(simId);
    expect(logged.map((e) => e.type)).toEqual([
      'session_start', 'session_stop', 'network_change', 'imei_change', 'session_start', 'session_stop', 'limit_reached', 'session_start', 'session_stop',
    ]);
    const change = logged.find((e) => e.type === 'network_change');
    expect(change?.actor_kind).toBe('network');
    expect(change?.details).toMatchObject({ operator: '262-01', country: 'DE', previous_operator: '250-01', previous_country: 'RU' });
    expect(logged.filter((e) => e.type === 'imei_change').map((e) => e.details)).toEqual([{ imei: '3520990000000029', previous_imei: '3520990000000011' }]);
    expect(logged.filter((e) => e.type === 'limit_reached')).toEqual([expect.objectContaining({ actor_kind: 'limit', details: { limit_mb: 1, used_mb: 2 } })]);
  });

  it('logs an MSU block once with the MSU as its actor', async () => {
    const [simId = 0] = await simsOf(demo, `block_type = 'none' and id not in (select sim_id from sim_events)`, 1);
    const block: NetworkEvent = { type: 'msu_block', companyId: demo, simId, at: new Date(), spendCents: 1200, msuCents: 1000 };
    await applyNetworkEvents(t.database.db, bus, [block]);
    await applyNetworkEvents(t.database.db, bus, [block]);
    const logged = await eventsOf(simId);
    expect(logged.map((e) => [e.type, e.actor_kind])).toEqual([['block', 'msu']]);
    expect(logged[0]?.details).toMatchObject({ block_type: 'msu', msu_cents: 1000 });
  });
});

describe('queue operations log the blocks they make', () => {
  const deps = (): QueueRunnerDeps => ({
    db: t.database.db, network: new NetworkSimulator({ db: t.database.db, latencyMs: 0, failureRate: 0 }), bus: t.bus, batchSize: 50, staleSeconds: 60, progressIntervalMs: 0,
  });
  const run = async (token: string, reason: string, ids: number[]) => {
    const response = await post(t.app, '/api/queue/create', { reason, selection: { ids } }, { token });
    expect(response.statusCode, response.body).toBe(200);
    await runQueueItem(deps(), { companyId: demo, queueId: response.json<{ result: { qid: number } }>().result.qid });
  };

  it('a bulk block names its user; an already blocked SIM logs nothing; an unblock logs the block type it lifted', async () => {
    const admin = (await login(t.app, 'admin@demo.local')).token;
    const [alreadyBlocked = 0] = await simsOf(demo, `block_type = 'voluntary'`, 1);
    const fresh = await simsOf(demo, `block_type = 'none' and id not in (select sim_id from sim_events)`, 3);
    const logBefore = (await eventsOf(alreadyBlocked)).length;
    await run(admin, 'queue_block', [...fresh, alreadyBlocked]);
    for (const simId of fresh) {
      expect(await eventsOf(simId)).toEqual([{ type: 'block', actor_kind: 'user', actor_label: 'admin@demo.local', details: { block_type: 'voluntary', operation: 'queue_block' } }]);
    }
    expect(await eventsOf(alreadyBlocked)).toHaveLength(logBefore);
    await run(manager, 'queue_unblock', fresh.slice(0, 1));
    expect((await eventsOf(fresh[0] ?? 0)).at(-1)).toEqual({ type: 'unblock', actor_kind: 'user', actor_label: 'manager@demo.local', details: { block_type: 'voluntary', operation: 'queue_unblock' } });
  });
});

describe('RADIUS accounting writes the event log', () => {
  it('Start logs a session start (and an IMEI change from 3GPP-IMEISV), Stop a stop; repeats log nothing', async () => {
    const [sim] = await queryRows<{ id: number; imsi: string }>(t.database.db, sql`
      select id::int as id, imsi from sims where company_id = ${demo} and imsi is not null and id not in (select sim_id from sim_events) order by id limit 1`);
    if (!sim) throw new Error('no SIM with an IMSI');
    const record = (status: AccountingRecord['status'], sessionId: string, imei: string): BatchPacket => ({
      nas: '10.0.0.1',
      at: new Date(),
      receivedAt: new Date(),
      record: { status, sessionId, imsi: sim.imsi, msisdn: null, imei, operator: '250-01', rat: '6', bytesUp: 10, bytesDown: 20, sessionSeconds: status === 'start' ? null : 5, delaySeconds: 0 },
    });
    const batch = async (packets: BatchPacket[]) => recordBatch({ db: t.database.db, counters: new PacketCounters(), linkDetail: () => null }, packets, new Set());
    await batch([record('start', 's1', '3520990000000011')]);
    await batch([record('start', 's1', '3520990000000011')]);
    await batch([record('stop', 's1', '3520990000000011')]);
    const second = await batch([record('start', 's2', '8651230000000044')]);
    await batch([record('stop', 's1', '3520990000000011')]);
    expect((await eventsOf(sim.id)).map((e) => e.type)).toEqual(['session_start', 'session_stop', 'imei_change', 'session_start']);
    expect(second.logged.map((e) => e.type)).toEqual(['imei_change', 'session_start']);
    expect(second.logged[0]?.details).toEqual({ imei: '8651230000000044', previous_imei: '3520990000000011' });
    expect(second.logged[0]?.actor).toEqual({ kind: 'network', label: '10.0.0.1' });
  });
});

describe('POST /api/sims/events and /api/events/list', () => {
  let simId: number;
  let otherSim: number;

  beforeAll(async () => {
    [simId = 0] = await simsOf(demo, `id not in (select sim_id from sim_events)`, 1);
    [otherSim = 0] = await simsOf(other, 'true', 1);
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 8, minute));
    const base = { actor: { kind: 'network' as const } };
    await recordSimEvents(t.database.db, [
      ...Array.from({ length: 5 }, (_, n) => ({ ...base, companyId: demo, simId, type: 'sms_in' as const, at: at(n), details: { peer: '100' } })),
      { ...base, companyId: demo, simId, type: 'attach', at: at(10) },
      { companyId: demo, simId, type: 'block', at: at(11), actor: { kind: 'root', label: 'root@cabinet.local' }, details: { block_type: 'violation' } },
      { ...base, companyId: other, simId: otherSim, type: 'attach', at: at(12) },
    ]);
  });

  it('lists a SIM newest first and pages by keyset to the end', async () => {
    const first = await listed({ id: simId, size: 3 }, '/api/sims/events');
    expect(first.items.map((e) => e.type)).toEqual(['block', 'attach', 'sms_in']);
    expect(first.items[0]?.actor).toEqual({ kind: 'root', label: 'root@cabinet.local' });
    const seen: SimEvent[] = [...first.items];
    let next = first.next;
    while (next) {
      const page = await listed({ id: simId, size: 3, cursor: next }, '/api/sims/events');
      seen.push(...page.items);
      next = page.next;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen.map((e) => e.id)).size).toBe(7);
    expect(seen.map((e) => e.at)).toEqual([...seen.map((e) => e.at)].sort((a, b) => b - a));
  });

  it('filters the company list by SIM, ICCID, type and dates, and sees no other company', async () => {
    const [{ iccid = '' } = {}] = await queryRows<{ iccid: string }>(t.database.db, sql`select iccid from sims where id = ${simId}`);
    expect((await listed({ sim: simId, size: 100 })).items).toHaveLength(7);
    expect((await listed({ iccid, types: ['attach', 'block'], size: 100 })).items.map((e) => e.type)).toEqual(['block', 'attach']);
    const from = Date.UTC(2026, 10, 25, 8, 2) / 1000;
    const to = Date.UTC(2026, 10, 25, 8, 4) / 1000;
    expect((await listed({ sim: simId, from, to, size: 100 })).items).toHaveLength(2);
    expect((await listed({ sim: otherSim, size: 100 })).items).toEqual([]);
    expect((await listed({ types: ['attach'], size: 100 })).items.every((e) => e.sim !== otherSim)).toBe(true);
    expect((await list({ id: otherSim, size: 10 }, '/api/sims/events')).statusCode).toBe(404);
    expect((await list({ company: other, size: 10 })).statusCode).toBe(404);
  });

  it('filters by group and label of the company', async () => {
    const [group] = await queryRows<{ id: number }>(t.database.db, sql`insert into sim_groups (company_id, name) values (${demo}, 'events-test') returning id::int as id`);
    await t.database.db.execute(sql`insert into sim_group_members (company_id, group_id, sim_id) values (${demo}, ${group?.id ?? 0}, ${simId})`);
    await t.database.db.execute(sql`insert into sim_labels (company_id, label, sim_id) values (${demo}, 'tracker', ${simId})`);
    const byGroup = await listed({ group: group?.id, size: 100 });
    expect(new Set(byGroup.items.map((e) => e.sim))).toEqual(new Set([simId]));
    const byLabel = await listed({ label: 'tracker', types: ['block'], size: 100 });
    expect(byLabel.items.map((e) => [e.sim, e.type])).toEqual([[simId, 'block']]);
  });

  it('refuses unbounded or unknown input with a field error, and lets a viewer read', async () => {
    for (const body of [{ size: 101 }, { size: 0 }, { size: 10, types: ['boom'] }, { size: 10, cursor: 'x' }, { size: 10, iccid: 'abc' }, { size: 10, extra: 1 }, { size: 10, label: 'a,b' }]) {
      const response = await list(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const ru = await post(t.app, '/api/events/list', { size: 101 }, { token: manager, lang: 'ru' });
    expect(ru.json<{ message: string }>().message).toMatch(/[а-я]/i);
    const viewer = (await login(t.app, 'viewer@demo.local')).token;
    expect((await post(t.app, '/api/sims/events', { id: simId, size: 5 }, { token: viewer })).statusCode).toBe(200);
    expect((await post(t.app, '/api/sims/events', { id: simId, size: 5 })).statusCode).toBe(401);
  });
});

describe('retention and delivery', () => {
  it('deletes events older than 30 days in bounded batches and keeps the rest', async () => {
    const [simId = 0] = await simsOf(demo, 'true', 1);
    const now = new Date();
    const old = Array.from({ length: 5 }, (_, n) => ({ companyId: demo, simId, type: 'attach' as const, at: new Date(now.getTime() - (31 + n) * 86_400_000), actor: { kind: 'network' as const } }));
    await recordSimEvents(t.database.db, [...old, { companyId: demo, simId, type: 'detach', at: new Date(now.getTime() - 29 * 86_400_000), actor: { kind: 'network' } }]);
    const total = await countAll();
    expect((await deleteExpiredSimEvents(t.database.db, now, 2)).rows).toBeGreaterThanOrEqual(5);
    expect(await countAll()).toBeLessThanOrEqual(total - 5);
    expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sim_events where at < now() - interval '30 days'`))[0]?.n).toBe(0);
    expect((await eventsOf(simId)).some((e) => e.type === 'detach')).toBe(true);
  });

  it('hands committed events to webhook delivery: one signed sim.event per webhook method with the SIM flag', async () => {
    const handed: Array<{ companyId: number; events: RecordedSimEvent[] }> = [];
    const off = onSimEvents((companyId, events) => handed.push({ companyId, events }));
    const [simId = 0] = await simsOf(demo, 'true', 1);
    const logged = await recordSimEvents(t.database.db, [{ companyId: demo, simId, type: 'detach', at: new Date(), actor: { kind: 'network' } }]);
    pushes.length = 0;
    expect(await announceSimEvents(bus, logged)).toBe(0);
    off();
    expect(handed).toEqual([{ companyId: demo, events: logged }]);
    expect(pushes).toEqual([{ type: 'sim_events', data: { sims: [simId], more: false } }]);
    await t.database.db.execute(sql`
      insert into notify_methods (company_id, type, destination, flag_sim, secret) values
        (${demo}, 1, 'https://hooks.example.com/a', true, 'whsec_test'), (${demo}, 1, 'https://hooks.example.com/b', false, 'whsec_test'),
        (${demo}, 0, 'ops@example.com', true, null)`);
    const job = { companyId: demo, key: '00000000-0000-4000-8000-000000000001', createdAt: new Date().toISOString(), events: [{ id: logged[0]?.id ?? 0, sim: simId, type: 'detach', at: new Date().toISOString(), actor: { kind: 'network', label: null }, details: {} }] };
    const deliveries = await dispatchSimEvents(t.database.db, job);
    expect(deliveries).toHaveLength(1);
    expect(await dispatchSimEvents(t.database.db, job)).toHaveLength(0);
    const [row] = await queryRows<{ payload: Record<string, unknown> }>(t.database.db, sql`select payload from notify_deliveries where id = ${deliveries[0]?.deliveryId ?? 0}`);
    expect(row?.payload).toMatchObject({ type: 'sim.event', category: 'sim', company_id: demo, events: [expect.objectContaining({ sim: simId, type: 'detach' })] });
  });

  it('queues sim.event webhook jobs only for companies with a SIM webhook', async () => {
    // The demo company has one since the test above; the hook again (that test's spy took its place).
    await connectSimEventDelivery(t.jobs, t.database.db);
    const jobsOf = async (companyId: number) =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from pgboss.job where name = ${SIM_EVENTS_QUEUE} and (data->>'companyId')::bigint = ${companyId}`))[0]?.n ?? 0;
    const before = { demo: await jobsOf(demo), other: await jobsOf(other) };
    const [demoSim = 0] = await simsOf(demo, 'true', 1);
    const [otherSim = 0] = await simsOf(other, 'true', 1);
    const at = new Date();
    await announceSimEvents(bus, await recordSimEvents(t.database.db, [
      { companyId: demo, simId: demoSim, type: 'detach', at, actor: { kind: 'network' } },
      { companyId: other, simId: otherSim, type: 'detach', at, actor: { kind: 'network' } },
    ]));
    await waitFor(async () => (await jobsOf(demo)) > before.demo, 5000, 'the demo company\'s webhook job');
    expect(await jobsOf(other)).toBe(before.other);
  });
});

async function countEvents(): Promise<Map<string, number>> {
  const rows = await queryRows<{ type: string; n: number }>(t.database.db, sql`select type, count(*)::int as n from sim_events where company_id = ${demo} group by type`);
  return new Map(rows.map((r) => [r.type, r.n]));
}
async function countAll(): Promise<number> {
  return (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sim_events`))[0]?.n ?? 0;
}
/** A repeatable random source, so the tick is the same every run. */
function mulberry(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
