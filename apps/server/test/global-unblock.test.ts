import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { runQueueItem } from '../src/modules/platform/queue/runner.js';
import { NetworkSimulator } from '../src/network/simulator.js';
import { makeIccid } from '../src/seed/iccid.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
let root: string;
let manager: string;
const companies: number[] = [];
/** Per company: two SIMs of each block type, financial included. */
const TYPES = ['voluntary', 'violation', 'msu', 'package_expiry', 'financial'] as const;

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return (await queryRows<{ n: number }>(t.database.db, query))[0]?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  root = (await login(t.app, 'root@demo.local')).token;
  manager = (await login(t.app, 'manager@demo.local')).token;
  let n = 0;
  for (const name of ['GU Alpha', 'GU Beta']) {
    const [row] = await queryRows<{ id: number }>(t.database.db, sql`
      insert into companies (name, tax_number, billing_type) values (${name}, ${`GU-${name}`}, 1) returning id::int as id`);
    const companyId = row?.id ?? 0;
    companies.push(companyId);
    for (const type of TYPES) {
      for (let k = 0; k < 2; k++) {
        n++;
        await t.database.db.execute(sql`
          insert into sims (company_id, iccid, msisdn, name, profile, block_type)
          values (${companyId}, ${makeIccid(810_000 + n)}, ${`7995${String(n).padStart(7, '0')}`}, ${`gu-sim-${n}`}, ${k === 0 ? 'TC' : 'BK'}, ${type})`);
      }
    }
  }
});
afterAll(async () => t.close());

const preview = (filter: unknown, token = root) => post(t.app, '/api/tools/global_unblock/preview', { filter }, { token });
const run = (filter: unknown, expected: number, token = root) => post(t.app, '/api/tools/global_unblock/run', { filter, expected }, { token });

describe('global unblock (root Tools)', () => {
  it('refuses an empty filter with a clear message, in both languages, and starts nothing', async () => {
    const items = await count(sql`select count(*)::int as n from queue_items`);
    for (const filter of [{}, { query: '   ' }, { company: [] }, { block_types: [] }]) {
      const res = await preview(filter);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'global_unblock_empty_filter' });
      expect(res.json<{ message: string }>().message).toContain('never unblocks every SIM card of every company');
    }
    const ru = await post(t.app, '/api/tools/global_unblock/run', { filter: {}, expected: 10 }, { token: root, lang: 'ru' });
    expect(ru.statusCode).toBe(422);
    expect(ru.json<{ message: string }>().message).toContain('не выполняется');
    expect(await count(sql`select count(*)::int as n from queue_items`)).toBe(items);
  });

  it('dry run counts the SIMs of each liftable block type across companies and the financial ones it leaves', async () => {
    const res = await preview({ company: companies });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ result: unknown }>().result).toEqual({
      total: 16,
      by_type: { voluntary: 4, violation: 4, msu: 4, package_expiry: 4 },
      companies: 2,
      financial: 4,
    });
    const narrowed = await preview({ query: 'gu-sim-', profile: 'TC', block_types: ['msu', 'violation'] });
    expect(narrowed.json<{ result: unknown }>().result).toMatchObject({ total: 4, by_type: { msu: 2, violation: 2, voluntary: 0 }, companies: 2, financial: 2 });
  });

  it('is refused when the selection changed since the dry run, changing nothing', async () => {
    const items = await count(sql`select count(*)::int as n from queue_items`);
    const res = await run({ company: companies }, 15);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'global_unblock_changed' });
    expect(res.json<{ message: string }>().message).toContain('it was 15, now 16');
    expect(await count(sql`select count(*)::int as n from queue_items`)).toBe(items);
    expect(await count(sql`select count(*)::int as n from audit_log where action = 'global_unblock'`)).toBe(0);
  });

  it('runs as one live queue item of root, lifts every block but financial, and audits the filter', async () => {
    const res = await run({ company: companies }, 16);
    expect(res.statusCode).toBe(200);
    const { qid, count: started } = res.json<{ result: { qid: number; count: number } }>().result;
    expect(started).toBe(16);
    const listed = await t.app.inject({ method: 'GET', url: '/api/queue/list?lang=en', headers: { authorization: `Bearer ${root}` } });
    expect(listed.json<{ result: { items: Array<{ qid: number; queue: string }> } }>().result.items).toContainEqual(
      expect.objectContaining({ qid, queue: 'queue_global_unblock' }),
    );
    const audit = await queryRows<{ details: { qid: number; count: number; block_types: string[] } }>(t.database.db, sql`
      select details from audit_log where action = 'global_unblock'`);
    expect(audit[0]?.details).toMatchObject({ qid, count: 16, block_types: ['voluntary', 'violation', 'msu', 'package_expiry'] });

    const [item] = await queryRows<{ company_id: number }>(t.database.db, sql`select company_id::int as company_id from queue_items where id = ${qid}`);
    const network = new NetworkSimulator({ db: t.database.db, latencyMs: 0, failureRate: 0 });
    await runQueueItem(
      { db: t.database.db, network, bus: t.bus, batchSize: 5, staleSeconds: 60, progressIntervalMs: 0 },
      { companyId: item?.company_id ?? 0, queueId: qid },
    );
    const left = await queryRows<{ block_type: string; n: number }>(t.database.db, sql`
      select block_type, count(*)::int as n from sims where company_id in ${companies} group by block_type order by block_type`);
    expect(left).toEqual([
      { block_type: 'financial', n: 4 },
      { block_type: 'none', n: 16 },
    ]);
  });

  it('is not a queue reason anyone starts from the cards list', async () => {
    const asRoot = await post(t.app, '/api/queue/create', { reason: 'queue_global_unblock', selection: { filter: { blocked: 1 } } }, { token: root });
    expect(asRoot.statusCode).toBe(422);
    expect(asRoot.json()).toMatchObject({ code: 'global_unblock_on_tools' });
    const asManager = await post(t.app, '/api/queue/create', { reason: 'queue_global_unblock', selection: { filter: { blocked: 1 } } }, { token: manager });
    expect(asManager.statusCode).toBe(403);
  });

  it('bounds its input: unknown company 404, bad block type 400', async () => {
    expect((await preview({ company: [987_654] })).statusCode).toBe(404);
    const bad = await preview({ block_types: ['financial'] });
    expect(bad.statusCode).toBe(400);
    expect((await preview({ query: 'x'.repeat(101) })).statusCode).toBe(400);
  });
});
