import { QueueCreateResult } from '@cab/contract/queue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { runQueueItem, type QueueRunnerDeps } from '../src/modules/platform/queue/runner.js';
import { NetworkSimulator } from '../src/network/simulator.js';
import { createTestApp, get, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: string;
let deps: QueueRunnerDeps;
let demoCompanyId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, 'admin@demo.local')).token;
  deps = {
    db: t.database.db,
    network: new NetworkSimulator({ db: t.database.db, latencyMs: 0, failureRate: 0 }),
    bus: t.bus,
    batchSize: 50,
    staleSeconds: 60,
    progressIntervalMs: 0,
  };
  demoCompanyId = (await queryRows<{ id: number }>(t.database.db, sql`select id::int as id from companies where name = 'Demo Logistics LLC'`))[0]?.id ?? 0;
});
afterAll(async () => t.close());

async function simIds(where: string, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id::int as id from sims where company_id = ${demoCompanyId} and ${sql.raw(where)} order by id limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

async function queueCount(): Promise<number> {
  return (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from queue_items`))[0]?.n ?? 0;
}

async function create(body: unknown, token = admin, lang: 'en' | 'ru' = 'en') {
  return post(t.app, '/api/queue/create', body, { token, lang });
}

describe('POST /api/queue/create', () => {
  it('blocks chosen SIMs end to end: item, results, worker, SIM state, notification, CSV', async () => {
    const ids = await simIds(`block_type = 'none'`, 120);
    const res = await create({ reason: 'queue_block', selection: { ids } });
    expect(res.statusCode).toBe(200);
    const created = QueueCreateResult.strict().parse(res.json<{ result: unknown }>().result);
    expect(created).toMatchObject({ count: 120, skipped: 0 });

    const listed = (await get(t.app, '/api/queue/list', { token: admin })).json<{ result: { count: number; items: Array<{ qid: number }> } }>();
    expect(listed.result.items.map((i) => i.qid)).toContain(created.qid);

    await runQueueItem(deps, { companyId: demoCompanyId, queueId: created.qid });
    const blocked = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sims where id in ${ids} and block_type = 'voluntary'`);
    expect(blocked[0]?.n).toBe(120);
    const item = (await queryRows<{ state: string; ok: number; fail: number; process: number }>(
      t.database.db,
      sql`select state, ok, fail, process from queue_items where id = ${created.qid}`,
    ))[0];
    expect(item).toEqual({ state: 'done', ok: 120, fail: 0, process: 120 });
    const notes = await queryRows<{ text: string }>(t.database.db, sql`
      select n.text from notifications n join users u on u.id = n.user_id
      where u.email = 'admin@demo.local' order by n.id desc limit 1`);
    expect(notes[0]?.text).toMatch(/Блокировка|Block/);

    const csv = await t.app.inject({ method: 'GET', url: `/api/queue/results?qid=${created.qid}&lang=en`, headers: { authorization: `Bearer ${admin}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('ICCID,Number,Status,Result');
    expect(lines).toHaveLength(121);
    expect(lines.slice(1).every((l) => l.split(',')[2] === 'ok')).toBe(true);
  });

  it("reports what each SIM's state made of the operation: already blocked, already unblocked, blocked for an SMS — never done, never retried", async () => {
    const [open, shut] = [await simIds(`block_type = 'none'`, 2), await simIds(`block_type = 'voluntary'`, 2)];
    expect(open).toHaveLength(2);
    expect(shut).toHaveLength(2);
    const outcomes = async (reason: string, ids: number[], params: object = {}) => {
      const res = await create({ reason, selection: { ids }, ...params });
      expect(res.statusCode, res.body).toBe(200);
      const { qid } = QueueCreateResult.strict().parse(res.json<{ result: unknown }>().result);
      await runQueueItem(deps, { companyId: demoCompanyId, queueId: qid });
      const rows = await queryRows<{ sim_id: number; status: string; reason: string | null }>(
        t.database.db,
        sql`select sim_id::int as sim_id, status, reason from queue_results where queue_id = ${qid} order by sim_id`,
      );
      const detail = (await post(t.app, '/api/operations/get', { qid }, { token: admin })).json<{
        result: { can_retry: boolean; retry_count: number; ok: number; unchanged: number; fail: number; statuses: Record<string, number> };
      }>().result;
      return {
        qid,
        byId: Object.fromEntries(rows.map((r) => [r.sim_id, `${r.status}:${r.reason ?? ''}`])),
        canRetry: detail.can_retry || detail.retry_count > 0,
        counts: { ok: detail.ok, unchanged: detail.unchanged, fail: detail.fail, statusUnchanged: detail.statuses.unchanged },
      };
    };

    const sms = await outcomes('queue_sms', [open[0] ?? 0, shut[0] ?? 0], { params: { text: 'hello' } });
    expect(sms.byId[shut[0] ?? 0]).toBe('unchanged:sim_blocked');
    expect(sms.byId[open[0] ?? 0]).toMatch(/^ok:/);
    expect(sms.canRetry).toBe(false);

    const block = await outcomes('queue_block', [open[0] ?? 0, shut[0] ?? 0]);
    expect(block.byId).toEqual({ [open[0] ?? 0]: 'ok:', [shut[0] ?? 0]: 'unchanged:already_blocked' });
    expect(block.canRetry).toBe(false);
    // Counted apart: an operation whose other SIMs were already blocked did not fail.
    expect(block.counts).toEqual({ ok: 1, unchanged: 1, fail: 0, statusUnchanged: 1 });
    // Its author is told so, in each language, and it counts as a success.
    const [told] = await queryRows<{ type: string; texts: Record<string, string> }>(
      t.database.db,
      sql`select type, texts from notifications where link = ${`/operations/${block.qid}`} order by id desc limit 1`,
    );
    expect(told?.type).toBe('success');
    expect(told?.texts.en).toMatch(/1 succeeded, 0 failed; 1 unchanged \(already so\)$/);
    expect(told?.texts.ru).toMatch(/успешно 1, с ошибкой 0; без изменений \(уже были такими\) 1$/);

    const unblock = await outcomes('queue_unblock', [open[1] ?? 0, shut[1] ?? 0]);
    expect(unblock.byId).toEqual({ [open[1] ?? 0]: 'unchanged:already_unblocked', [shut[1] ?? 0]: 'ok:' });
    expect(unblock.canRetry).toBe(false);
  });

  it('acts on everything matching a cards filter', async () => {
    const res = await create({ reason: 'queue_ping', selection: { filter: { query: 'tracker 000', blocked: 0 }, childs: false } });
    expect(res.statusCode).toBe(200);
    const { count } = res.json<{ result: { count: number } }>().result;
    const expected = await queryRows<{ n: number }>(t.database.db, sql`
      select count(*)::int as n from sims where company_id = ${demoCompanyId} and lower(name) like '%tracker 000%'`);
    expect(count).toBe(expected[0]?.n);
  });

  it('enforces profile rules: TC-only limit skips other profiles and refuses when none qualify', async () => {
    const tc = await simIds(`profile = 'TC'`, 5);
    const td = await simIds(`profile = 'TD'`, 5);
    const mixed = await create({ reason: 'queue_limit', selection: { ids: [...tc, ...td] }, params: { limit_mb: 100, repeat: 0 } });
    expect(mixed.json()).toMatchObject({ result: { count: 5, skipped: 5 } });
    const before = await queueCount();
    const none = await create({ reason: 'queue_limit', selection: { ids: td }, params: { limit_mb: 100 } });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ message: 'The profile of the selected SIM cards does not allow this operation', code: 'profile_not_allowed' });
    const pkg = await create({ reason: 'queue_tariff_package', selection: { ids: tc }, params: { package: '3GB' } }, admin, 'ru');
    expect(pkg.json()).toMatchObject({ code: 'profile_not_allowed' });
    expect(await queueCount()).toBe(before);
  });

  it('answers clear errors and queues nothing for bad input', async () => {
    const before = await queueCount();
    const ids = await simIds('true', 3);
    const long = await create({ reason: 'queue_sms', selection: { ids }, params: { text: 'x'.repeat(71) } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'validation_failed', fields: { 'params.text': 'The value is too long' } });
    const missing = await create({ reason: 'queue_sms', selection: { ids } }, admin, 'ru');
    expect(missing.json()).toEqual({ message: 'Неверные входные данные', code: 'validation_failed', fields: { text: 'Заполните данные' } });
    const badAmount = await create({ reason: 'queue_balance', selection: { ids }, params: { amount: '5' } });
    expect(badAmount.statusCode).toBe(400);
    const badCsv = await create({ reason: 'queue_block', selection: { filter: { csv: 'hello;world\nnot-a-number\n' }, childs: false } });
    expect(badCsv.json()).toEqual({ message: 'CSV file, line 2: expected an ICCID, a number or an ICCID;number pair', code: 'csv_invalid' });
    const emptyCsv = await create({ reason: 'queue_block', selection: { filter: { csv: '\n\n' }, childs: false } });
    expect(emptyCsv.json()).toMatchObject({ code: 'csv_empty' });
    const nothing = await create({ reason: 'queue_block', selection: { filter: { query: 'no-such-sim-anywhere' }, childs: false } });
    expect(nothing.json()).toMatchObject({ code: 'nothing_selected' });
    expect(await queueCount()).toBe(before);
  });

  it("answers 404 for another company's SIMs", async () => {
    const other = await queryRows<{ id: number }>(t.database.db, sql`
      select s.id::int as id from sims s join companies c on c.id = s.company_id where c.name = 'Demo Logistics North' limit 1`);
    const manager = (await login(t.app, 'manager@demo.local')).token;
    // The child company's SIMs are within the parent's tree; an unrelated company's are not.
    const agent = (await login(t.app, 'agent@demo.local')).token;
    const res = await create({ reason: 'queue_block', selection: { ids: [other[0]?.id ?? 0] } }, agent);
    expect(res.statusCode).toBe(403);
    const foreign = await create({ reason: 'queue_block', selection: { ids: [999_999] } }, manager);
    expect(foreign.statusCode).toBe(404);
  });

  it('checks roles: viewer cannot operate, manager cannot transfer, blocked company is read-only', async () => {
    const ids = await simIds('true', 2);
    const viewer = (await login(t.app, 'viewer@demo.local')).token;
    expect((await create({ reason: 'queue_block', selection: { ids } }, viewer)).statusCode).toBe(403);
    const manager = (await login(t.app, 'manager@demo.local')).token;
    const transfer = await create({ reason: 'queue_transfer', selection: { ids }, params: { company_id: 1 } }, manager);
    expect(transfer.json()).toMatchObject({ code: 'forbidden' });
    const adminTransfer = await create({ reason: 'queue_transfer', selection: { ids }, params: { company_id: 1 } });
    expect(adminTransfer.json()).toMatchObject({ code: 'transfer_target_invalid' });
    await t.database.db.execute(sql`update companies set blocked = true where id = ${demoCompanyId}`);
    const blocked = await create({ reason: 'queue_block', selection: { ids } });
    await t.database.db.execute(sql`update companies set blocked = false where id = ${demoCompanyId}`);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'company_blocked' });
  });

  it('cancels what has not run yet', async () => {
    const ids = await simIds('true', 30);
    const { qid } = (await create({ reason: 'queue_ping', selection: { ids } })).json<{ result: { qid: number } }>().result;
    const res = await post(t.app, '/api/queue/cancel', { qid }, { token: admin });
    expect(res.json()).toEqual({ result: { cancelled: 30 } });
    expect((await post(t.app, '/api/queue/cancel', { qid }, { token: admin })).statusCode).toBe(409);
    await runQueueItem(deps, { companyId: demoCompanyId, queueId: qid });
    const applied = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from network_applied_ops where key like ${`queue:${qid}:%`}`);
    expect(applied[0]?.n).toBe(0);
  });
});
