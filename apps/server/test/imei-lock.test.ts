import { QueueCreateResult } from '@cab/contract/queue';
import { luhnDigit } from '@cab/contract/luhn';
import { SimDetail } from '@cab/contract/sims';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { runQueueItem, type QueueRunnerDeps } from '../src/modules/platform/queue/runner.js';
import { applyNetworkEvents } from '../src/modules/sims/usage/index.js';
import type { DataSessionEvent } from '../src/network/events.js';
import { companyIdByName, DEMO_COMPANY } from './support/db.js';
import { queueRunner } from './support/queue-runner.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

/**
 * IMEI lock (issue 25.5): a queue operation locks SIMs to the IMEI each last used or to a given one,
 * and says per SIM what it did (never "ok" for a SIM it left as it was); a session start from another
 * device logs an imei_mismatch event and, for a lock that blocks, blocks the SIM by the lock.
 */
let t: TestApp;
let admin: string;
let viewer: string;
let demo: number;
let deps: QueueRunnerDeps;
const bus = { publish: () => Promise.resolve() };

/** A valid IMEI: 14 digits and their check digit. */
const imei = (body: string) => body + String(luhnDigit(body));
const PHONE = imei('35209900000001');
const OTHER_PHONE = imei('35209900000002');

beforeAll(async () => {
  t = await createTestApp();
  demo = await companyIdByName(t.database.db, DEMO_COMPANY);
  admin = (await login(t.app, 'admin@demo.local')).token;
  viewer = (await login(t.app, 'viewer@demo.local')).token;
  deps = queueRunner(t);
}, 60_000);
afterAll(async () => t.close());

let taken = 0;
/** Open SIMs of the demo company no earlier case used, with the IMEI the network last saw (null: never seen). */
async function freshSims(seen: Array<string | null>): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(t.database.db, sql`
    select id::int as id from sims where company_id = ${demo} and block_type = 'none' order by id offset ${200 + taken} limit ${seen.length}`);
  taken += seen.length;
  const ids = rows.map((r) => r.id);
  await t.database.db.execute(sql`delete from sim_network_state where sim_id = any(${`{${ids.join(',')}}`}::bigint[])`);
  for (const [index, id] of ids.entries()) {
    const last = seen[index];
    if (last) await t.database.db.execute(sql`insert into sim_network_state (company_id, sim_id, online, imei) values (${demo}, ${id}, true, ${last})`);
  }
  return ids;
}

async function operate(reason: 'queue_imei_lock' | 'queue_imei_unlock', ids: number[], params: Record<string, unknown> = {}): Promise<Map<number, string>> {
  const res = await post(t.app, '/api/queue/create', { reason, selection: { ids }, params }, { token: admin });
  expect(res.statusCode, res.body).toBe(200);
  const { qid } = QueueCreateResult.parse(res.json<{ result: unknown }>().result);
  await runQueueItem(deps, { companyId: demo, queueId: qid });
  const rows = await queryRows<{ sim_id: number; status: string; reason: string | null }>(t.database.db, sql`
    select sim_id::int as sim_id, status, reason from queue_results where company_id = ${demo} and queue_id = ${qid}`);
  return new Map(rows.map((r) => [r.sim_id, r.status === 'ok' ? 'ok' : (r.reason ?? 'fail')]));
}

const locks = async (ids: number[]) =>
  queryRows<{ sim_id: number; imei: string; block: boolean }>(t.database.db, sql`
    select sim_id::int as sim_id, imei, block from sim_imei_locks where sim_id = any(${`{${ids.join(',')}}`}::bigint[]) order by sim_id`);

let sessionNo = 0;
function sessionFrom(simId: number, deviceImei: string): DataSessionEvent {
  sessionNo += 1;
  const at = new Date(Date.now() - 60_000 + sessionNo);
  return {
    type: 'data', companyId: demo, simId, key: `imei-lock-test:${simId}:${sessionNo}`, at, endedAt: new Date(at.getTime() + 30_000),
    bytes: 2048, bytesUp: 1024, bytesDown: 1024, rat: 'LTE', operator: '250-01', country: 'RU', costCents: 1, imei: deviceImei,
  };
}

const eventsOf = (simId: number) =>
  queryRows<{ type: string; actor_kind: string; details: Record<string, unknown> }>(t.database.db, sql`
    select type, actor_kind, details from sim_events where company_id = ${demo} and sim_id = ${simId} and type in ('imei_mismatch', 'block') order by id`);

describe('locking and unlocking', () => {
  it('refuses a malformed IMEI or one whose check digit is wrong, and starts nothing', async () => {
    const [sim] = await freshSims([PHONE]);
    const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from queue_items where company_id = ${demo}`);
    const wrongDigit = PHONE.slice(0, 14) + String((Number(PHONE[14]) + 1) % 10);
    for (const bad of ['12345', `${PHONE}0`, 'abcdefghijklmno', wrongDigit]) {
      const res = await post(t.app, '/api/queue/create', { reason: 'queue_imei_lock', selection: { ids: [sim] }, params: { imei: bad } }, { token: admin });
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json<{ fields?: Record<string, string> }>().fields ?? {})).toContain('params.imei');
    }
    const after = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from queue_items where company_id = ${demo}`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('locks each SIM to the IMEI it last used and says which it could not and which were already so', async () => {
    const [seen, neverSeen, lockedBefore] = await freshSims([PHONE, null, OTHER_PHONE]);
    expect(await operate('queue_imei_lock', [lockedBefore!])).toEqual(new Map([[lockedBefore, 'ok']]));

    const outcomes = await operate('queue_imei_lock', [seen!, neverSeen!, lockedBefore!]);
    expect(outcomes).toEqual(new Map([[seen, 'ok'], [neverSeen, 'imei_unknown'], [lockedBefore, 'imei_already_locked']]));
    expect(await locks([seen!, neverSeen!, lockedBefore!])).toEqual([
      { sim_id: seen, imei: PHONE, block: false },
      { sim_id: lockedBefore, imei: OTHER_PHONE, block: false },
    ].sort((a, b) => a.sim_id! - b.sim_id!));
  });

  it('locks to a given IMEI with blocking, which the SIM page shows; a viewer may not lock', async () => {
    const [sim] = await freshSims([null]);
    expect(await operate('queue_imei_lock', [sim!], { imei: PHONE, imei_block: true })).toEqual(new Map([[sim, 'ok']]));
    const res = await post(t.app, '/api/sims/get', { id: sim }, { token: viewer });
    expect(res.statusCode, res.body).toBe(200);
    const detail = SimDetail.parse(res.json<{ result: unknown }>().result);
    expect(detail.imei_lock).toMatchObject({ imei: PHONE, block: true });
    expect(Math.abs(detail.imei_lock!.since - Date.now() / 1000)).toBeLessThan(120);

    const refused = await post(t.app, '/api/queue/create', { reason: 'queue_imei_lock', selection: { ids: [sim] }, params: {} }, { token: viewer });
    expect(refused.statusCode).toBe(403);
  });

  it('unlocks a locked SIM, says "not locked" of one that was not, and a retry takes neither', async () => {
    const [locked, open] = await freshSims([PHONE, PHONE]);
    await operate('queue_imei_lock', [locked!]);
    const outcomes = await operate('queue_imei_unlock', [locked!, open!]);
    expect(outcomes).toEqual(new Map([[locked, 'ok'], [open, 'imei_not_locked']]));
    expect(await locks([locked!, open!])).toEqual([]);
    const [item] = await queryRows<{ id: number }>(t.database.db, sql`
      select queue_id::int as id from queue_results where company_id = ${demo} and sim_id = ${open} and reason = 'imei_not_locked'`);
    const retry = await post(t.app, '/api/operations/retry', { qid: item?.id }, { token: admin });
    expect(retry.json<{ code?: string }>().code, retry.body).toBe('nothing_to_retry');
  });
});

describe('sessions from another device', () => {
  it('a lock that blocks: the first foreign session logs the mismatch and blocks the SIM by the lock, once', async () => {
    const [sim] = await freshSims([PHONE]);
    await operate('queue_imei_lock', [sim!], { imei_block: true });
    await applyNetworkEvents(t.database.db, bus, [sessionFrom(sim!, OTHER_PHONE)]);
    await applyNetworkEvents(t.database.db, bus, [sessionFrom(sim!, OTHER_PHONE)]);
    const [row] = await queryRows<{ block_type: string; block_reason: string }>(t.database.db, sql`select block_type, block_reason from sims where id = ${sim}`);
    expect(row).toEqual({ block_type: 'voluntary', block_reason: 'IMEI lock' });
    const events = await eventsOf(sim!);
    expect(events.map((e) => `${e.type}:${e.actor_kind}`)).toEqual(['imei_mismatch:imei_lock', 'block:imei_lock', 'imei_mismatch:imei_lock']);
    expect(events[0]?.details).toMatchObject({ imei: OTHER_PHONE, locked_imei: PHONE, blocked: true });
    expect(events[2]?.details).toMatchObject({ blocked: false });
  });

  it('a lock that only logs: the mismatch is logged and the SIM keeps working', async () => {
    const [sim] = await freshSims([PHONE]);
    await operate('queue_imei_lock', [sim!]);
    await applyNetworkEvents(t.database.db, bus, [sessionFrom(sim!, OTHER_PHONE)]);
    const [row] = await queryRows<{ block_type: string }>(t.database.db, sql`select block_type from sims where id = ${sim}`);
    expect(row?.block_type).toBe('none');
    expect((await eventsOf(sim!)).map((e) => e.type)).toEqual(['imei_mismatch']);
  });

  it('the same device is no mismatch, whatever its check digit or software version says', async () => {
    const [sim] = await freshSims([PHONE]);
    await operate('queue_imei_lock', [sim!], { imei_block: true });
    const sameDevice = [PHONE, `${PHONE.slice(0, 14)}${(Number(PHONE[14]) + 3) % 10}`];
    await applyNetworkEvents(t.database.db, bus, sameDevice.map((device) => sessionFrom(sim!, device)));
    expect(await eventsOf(sim!)).toEqual([]);
  });
});
