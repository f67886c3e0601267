import { OperationDetail, OperationListResult, OperationResultsResult, OperationsBySimResult, QueuePreviewResult } from '@cab/contract/operations';
import { QueueCreateResult } from '@cab/contract/queue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { purgeExpiredOperations } from '../src/modules/platform/operations/retention.js';
import { runQueueItem, type QueueRunnerDeps } from '../src/modules/platform/queue/runner.js';
import { NetworkSimulator } from '../src/network/simulator.js';
import { DEMO_COMPANY, companyIdByName } from './support/db.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: string;
let viewer: string;
let other: string;
let demo: number;
let flaky: QueueRunnerDeps;
let solid: QueueRunnerDeps;

function runner(failureRate: number): QueueRunnerDeps {
  return {
    db: t.database.db,
    network: new NetworkSimulator({ db: t.database.db, latencyMs: 0, failureRate }),
    bus: t.bus,
    batchSize: 50,
    staleSeconds: 60,
    progressIntervalMs: 0,
  };
}

async function simIds(limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(t.database.db, sql`
    select id::int as id from sims where company_id = ${demo} and block_type = 'none' order by id limit ${limit}`);
  return rows.map((r) => r.id);
}

function result<T>(res: { statusCode: number; body: string; json: <J>() => J }, schema: { parse: (v: unknown) => T }): T {
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json<{ result: unknown }>().result);
}

/** A reconnect of `ids` run to the end by a network that fails about `failureRate` of SIMs. */
async function runOperation(ids: number[], deps: QueueRunnerDeps): Promise<number> {
  const created = result(await post(t.app, '/api/queue/create', { reason: 'queue_reconnect', selection: { ids } }, { token: admin }), QueueCreateResult);
  await runQueueItem(deps, { companyId: demo, queueId: created.qid });
  return created.qid;
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await companyIdByName(t.database.db, DEMO_COMPANY);
  admin = (await login(t.app, 'admin@demo.local')).token;
  viewer = (await login(t.app, 'viewer@demo.local')).token;
  const [company] = await queryRows<{ id: number }>(t.database.db, sql`
    insert into companies (name, tax_number, contract, billing_type) values ('Ops Other Co', '9900000777', 'X-7', 1) returning id::int as id`);
  const { hashPassword } = await import('../src/auth/passwords.js');
  await t.database.db.execute(sql`
    insert into users (company_id, email, password_hash, first_name, last_name, role)
    values (${company?.id}, 'admin@ops-other.example', ${await hashPassword('other-password-1')}, 'Olga', 'Other', 'admin')`);
  other = (await login(t.app, 'admin@ops-other.example', 'other-password-1')).token;
  flaky = runner(0.4);
  solid = runner(0);
}, 60_000);
afterAll(async () => t.close());

describe('operation history', () => {
  let qid: number;
  let ids: number[];

  it('lists every operation of the company with who, counts, state and duration', async () => {
    ids = await simIds(60);
    qid = await runOperation(ids, flaky);
    const list = result(await post(t.app, '/api/operations/list', { page: 0, size: 20 }, { token: viewer }), OperationListResult.strict());
    const item = list.items.find((i) => i.qid === qid);
    expect(item).toMatchObject({ reason: 'queue_reconnect', state: 'done', count: 60 });
    expect(item?.user.first_name).toBeTruthy();
    expect((item?.ok ?? 0) + (item?.fail ?? 0)).toBe(60);
    expect(item?.fail).toBeGreaterThan(0);
    expect(item?.finished).not.toBeNull();
    expect(list.total).toBeGreaterThanOrEqual(1);

    const filtered = result(await post(t.app, '/api/operations/list', { page: 0, size: 20, reason: 'queue_block' }, { token: viewer }), OperationListResult);
    expect(filtered.items.every((i) => i.reason === 'queue_block')).toBe(true);
  });

  it('shows one operation with its statuses and fail reasons; another company gets 404', async () => {
    const detail = result(await post(t.app, '/api/operations/get', { qid }, { token: admin }), OperationDetail.strict());
    expect(detail.statuses.ok + detail.statuses.fail).toBe(60);
    expect(detail.fail_reasons.reduce((sum, r) => sum + r.count, 0)).toBe(detail.fail);
    expect(detail.can_retry).toBe(true);
    const asViewer = result(await post(t.app, '/api/operations/get', { qid }, { token: viewer }), OperationDetail);
    expect(asViewer.can_retry).toBe(false);
    const foreign = await post(t.app, '/api/operations/get', { qid }, { token: other });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found' });
  });

  it('pages per-SIM results filtered by outcome and reason, and streams them as CSV', async () => {
    const failed = result(
      await post(t.app, '/api/operations/results', { qid, page: 0, size: 100, filter: { status: 'fail' } }, { token: viewer }),
      OperationResultsResult.strict(),
    );
    const detail = result(await post(t.app, '/api/operations/get', { qid }, { token: viewer }), OperationDetail);
    expect(failed.total).toBe(detail.fail);
    expect(failed.items.every((r) => r.status === 'fail' && r.iccid.length > 0)).toBe(true);
    const reason = detail.fail_reasons[0]?.reason ?? '';
    const byReason = result(
      await post(t.app, '/api/operations/results', { qid, page: 0, size: 100, filter: { status: 'fail', reason } }, { token: viewer }),
      OperationResultsResult,
    );
    expect(byReason.total).toBe(detail.fail_reasons[0]?.count);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/operations/results_csv?qid=${qid}&status=fail&lang=en`,
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('ICCID,Number,Status,Result');
    expect(lines).toHaveLength(detail.fail + 1);
    expect(lines.slice(1).every((l) => l.split(',')[2] === 'fail')).toBe(true);

    const foreignCsv = await t.app.inject({ method: 'GET', url: `/api/operations/results_csv?qid=${qid}`, headers: { authorization: `Bearer ${other}` } });
    expect(foreignCsv.statusCode).toBe(404);
    const bad = await post(t.app, '/api/operations/results', { qid, page: 0, size: 100, filter: { status: 'nope' } }, { token: viewer });
    expect(bad.statusCode).toBe(400);
  });

  it('retries exactly the failed SIMs as a new operation that remembers its origin', async () => {
    const failedIds = (
      await queryRows<{ id: number }>(t.database.db, sql`
        select sim_id::int as id from queue_results where queue_id = ${qid} and status = 'fail' order by sim_id`)
    ).map((r) => r.id);
    expect((await post(t.app, '/api/operations/retry', { qid }, { token: viewer })).statusCode).toBe(403);
    expect((await post(t.app, '/api/operations/retry', { qid }, { token: other })).statusCode).toBe(404);

    const retried = result(await post(t.app, '/api/operations/retry', { qid }, { token: admin }), QueueCreateResult);
    expect(retried.count).toBe(failedIds.length);
    const retriedIds = (
      await queryRows<{ id: number }>(t.database.db, sql`select sim_id::int as id from queue_results where queue_id = ${retried.qid} order by sim_id`)
    ).map((r) => r.id);
    expect(retriedIds).toEqual(failedIds);
    await runQueueItem(solid, { companyId: demo, queueId: retried.qid });
    const detail = result(await post(t.app, '/api/operations/get', { qid: retried.qid }, { token: admin }), OperationDetail);
    expect(detail).toMatchObject({ retry_of: qid, fail: 0, ok: failedIds.length, can_retry: false, state: 'done' });
    const again = await post(t.app, '/api/operations/retry', { qid: retried.qid }, { token: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'nothing_to_retry' });
  });

  it("lists on a SIM's page the operations that touched it", async () => {
    const sim = ids[0] ?? 0;
    const touched = result(await post(t.app, '/api/operations/by_sim', { id: sim, page: 0, size: 20 }, { token: viewer }), OperationsBySimResult.strict());
    expect(touched.items.some((i) => i.qid === qid && i.reason === 'queue_reconnect')).toBe(true);
    expect((await post(t.app, '/api/operations/by_sim', { id: sim, page: 0, size: 20 }, { token: other })).statusCode).toBe(404);
  });

  it('previews a selection: count, eligible for the reason, first SIMs; foreign ids are 404', async () => {
    const preview = result(
      await post(t.app, '/api/queue/preview', { selection: { ids: ids.slice(0, 7) }, reason: 'queue_ping' }, { token: viewer }),
      QueuePreviewResult.strict(),
    );
    expect(preview).toMatchObject({ count: 7, eligible: 7 });
    expect(preview.first).toHaveLength(5);
    const byFilter = result(
      await post(t.app, '/api/queue/preview', { selection: { filter: { blocked: 0, profile: 'TC' } }, reason: 'queue_limit' }, { token: viewer }),
      QueuePreviewResult,
    );
    expect(byFilter.count).toBeGreaterThan(0);
    expect(byFilter.eligible).toBe(byFilter.count);
    const tdOnly = result(
      await post(t.app, '/api/queue/preview', { selection: { filter: { blocked: 0, profile: 'TD' } }, reason: 'queue_limit' }, { token: viewer }),
      QueuePreviewResult,
    );
    expect(tdOnly.eligible).toBe(0);
    expect((await post(t.app, '/api/queue/preview', { selection: { ids } }, { token: other })).statusCode).toBe(404);

    // What the operation would leave as it is, counted with the same rule as the run (UNCHANGED_RULES).
    const mixed = { filter: { blocked: 0 } };
    const [blocked, open] = await Promise.all(
      ["block_type <> 'none'", "block_type = 'none'"].map(async (where) =>
        Number((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sims where company_id = ${demo} and ${sql.raw(where)}`))[0]?.n),
      ),
    );
    expect(blocked).toBeGreaterThan(0);
    const previewOf = async (reason: string) => result(await post(t.app, '/api/queue/preview', { selection: mixed, reason }, { token: viewer }), QueuePreviewResult.strict());
    expect(await previewOf('queue_block')).toMatchObject({ count: (blocked ?? 0) + (open ?? 0), unchanged: blocked });
    expect(await previewOf('queue_unblock')).toMatchObject({ unchanged: open });
    expect((await previewOf('queue_sms')).unchanged).toBe(blocked);
    expect((await previewOf('queue_ping')).unchanged).toBe(0);
  });

  it('forgets operations past 180 days, results included, and keeps newer ones', async () => {
    const old = await runOperation((await simIds(3)).slice(0, 3), solid);
    await t.database.db.execute(sql`update queue_items set created_at = now() - interval '181 days' where id = ${old}`);
    const removed = await purgeExpiredOperations(t.database.db);
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await queryRows<{ items: number; results: number; kept: number }>(t.database.db, sql`
      select (select count(*)::int from queue_items where id = ${old}) as items,
             (select count(*)::int from queue_results where queue_id = ${old}) as results,
             (select count(*)::int from queue_items where id = ${qid}) as kept`);
    expect(left[0]).toEqual({ items: 0, results: 0, kept: 1 });
  });
});
