import { OperationDetail } from '@cab/contract/operations';
import { QueueCreateResult } from '@cab/contract/queue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { runQueueItem, type QueueRunnerDeps } from '../src/modules/platform/queue/runner.js';
import { NetworkSimulator } from '../src/network/simulator.js';
import { DEMO_COMPANY, companyIdByName } from './support/db.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

/*
 * "Retry failed" is a money action: a `queue_balance +1` retried twice credits twice. An outside
 * review sent ten retries at once and got five operations over the same SIMs; these tests send them
 * the same way and count what reached each SIM's balance.
 */
let t: TestApp;
let admin: string;
let demo: number;

function runner(failureRate: number): QueueRunnerDeps {
  const db = t.database.db;
  return { db, network: new NetworkSimulator({ db, latencyMs: 0, failureRate }), bus: t.bus, batchSize: 50, staleSeconds: 60, progressIntervalMs: 0 };
}

async function detail(qid: number): Promise<OperationDetail> {
  const res = await post(t.app, '/api/operations/get', { qid }, { token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return OperationDetail.parse(res.json<{ result: unknown }>().result);
}

const retry = (qid: number) => post(t.app, '/api/operations/retry', { qid }, { token: admin });

async function balances(ids: number[]): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; cents: number }>(t.database.db, sql`
    select id::int as id, coalesce(balance_cents, 0)::int as cents from sims where id = any(${`{${ids.join(',')}}`}::bigint[])`);
  return new Map(rows.map((r) => [r.id, r.cents]));
}

async function resultIds(qid: number, status: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(t.database.db, sql`
    select sim_id::int as id from queue_results where queue_id = ${qid} and status = ${status} order by sim_id`);
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await companyIdByName(t.database.db, DEMO_COMPANY);
  admin = (await login(t.app, 'admin@demo.local')).token;
}, 60_000);
afterAll(async () => t.close());

describe('retry of failed SIMs', () => {
  let ids: number[];
  let before: Map<number, number>;
  let first: number;

  it('of ten parallel retries exactly one starts; the others answer 409 and can_retry is false meanwhile', async () => {
    ids = (
      await queryRows<{ id: number }>(t.database.db, sql`
        select id::int as id from sims where company_id = ${demo} and profile = 'TC' and block_type = 'none' order by id limit 120`)
    ).map((r) => r.id);
    before = await balances(ids);
    const created = await post(t.app, '/api/queue/create', { reason: 'queue_balance', params: { amount: '+1' }, selection: { ids } }, { token: admin });
    first = QueueCreateResult.parse(created.json<{ result: unknown }>().result).qid;
    await runQueueItem(runner(0.5), { companyId: demo, queueId: first });
    const failed = await resultIds(first, 'fail');
    expect(failed.length).toBeGreaterThan(10);
    expect((await detail(first)).can_retry).toBe(true);

    const answers = await Promise.all(Array.from({ length: 10 }, () => retry(first)));
    const accepted = answers.filter((a) => a.statusCode === 200);
    expect(accepted).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'retry_running' });
    }
    const second = QueueCreateResult.parse(accepted[0]?.json<{ result: unknown }>().result);
    expect(second.count).toBe(failed.length);
    expect(await resultIds(second.qid, 'pending')).toEqual(failed);
    // While it runs neither the operation nor its retry offers another retry.
    expect((await detail(first)).can_retry).toBe(false);
    expect((await detail(second.qid)).can_retry).toBe(false);

    // Half of the retried SIMs fail again.
    await runQueueItem(runner(0.5), { companyId: demo, queueId: second.qid });
    const stillFailed = await resultIds(second.qid, 'fail');
    expect(stillFailed.length).toBeGreaterThan(0);
    expect(stillFailed.length).toBeLessThan(failed.length);

    // Retrying the first operation again takes only what is still failed after its retry.
    expect((await detail(first)).can_retry).toBe(true);
    const third = QueueCreateResult.parse((await retry(first)).json<{ result: unknown }>().result);
    expect(await resultIds(third.qid, 'pending')).toEqual(stillFailed);
    // Retrying the retry meanwhile is the same family: refused.
    expect((await retry(second.qid)).json()).toMatchObject({ code: 'retry_running' });
    await runQueueItem(runner(0), { companyId: demo, queueId: third.qid });
  });

  it('once every SIM succeeded nothing is left: can_retry is false everywhere and a retry answers 409', async () => {
    const after = await balances(ids);
    // Every SIM credited exactly once, whichever try succeeded.
    for (const id of ids) expect(after.get(id), `SIM ${id}`).toBe((before.get(id) ?? 0) + 100);
    const family = await queryRows<{ id: number }>(t.database.db, sql`
      select id::int as id from queue_items where id = ${first} or retry_of is not null and id > ${first} order by id`);
    for (const { id } of family) {
      expect((await detail(id)).can_retry, `operation ${id}`).toBe(false);
      const again = await retry(id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'nothing_to_retry' });
    }
  });
});
