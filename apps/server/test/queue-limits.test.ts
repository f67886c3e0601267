import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { DEMO_COMPANY, companyIdByName } from './support/db.js';
import { createTestApp, login, post, testDatabaseUrl, type TestApp } from './support/test-app.js';

/** Small limits so the test stays quick; no worker runs here, so created operations stay running. */
const LIMITS = { QUEUE_MAX_RUNNING_PER_COMPANY: '3', QUEUE_MAX_SIMS_IN_FLIGHT_PER_COMPANY: '250' };

let a: TestApp;
/** A second API process on the same PostgreSQL; on PGlite (one process) the same app. */
let b: TestApp;
let admin: string;
let demo: number;
let simIds: number[];

beforeAll(async () => {
  a = await createTestApp({ env: LIMITS });
  b = testDatabaseUrl ? await createTestApp({ env: LIMITS, joinDatabase: true }) : a;
  admin = (await login(a.app, 'admin@demo.local')).token;
  demo = await companyIdByName(a.database.db, DEMO_COMPANY);
  const rows = await queryRows<{ id: number }>(
    a.database.db,
    sql`select id::int as id from sims where company_id = ${demo} and block_type = 'none' order by id limit 600`,
  );
  simIds = rows.map((r) => r.id);
});
afterAll(async () => {
  if (b !== a) await b.close();
  await a.close();
});
beforeEach(async () => {
  // Each test starts with no running operation (as if earlier ones had finished).
  await a.database.db.execute(sql`update queue_items set state = 'done', finished_at = now() where state = 'running'`);
});

function ping(app: TestApp, ids: number[], lang: 'ru' | 'en' = 'en') {
  return post(app.app, '/api/queue/create', { reason: 'queue_ping', selection: { ids } }, { token: admin, lang });
}

async function runningItems(): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    a.database.db,
    sql`select count(*)::int as n from queue_items where company_id = ${demo} and state = 'running'`,
  );
  return Number(rows[0]?.n ?? 0);
}

const limitEn = {
  code: 'queue_limit_reached',
  message:
    'Too many bulk operations at once: a company may have at most 3 operations running, with 250 SIM cards in them. The limit frees up as running operations finish.',
};
const limitRu = {
  code: 'queue_limit_reached',
  message:
    'Слишком много массовых операций одновременно: у компании может выполняться не больше 3 операций и 250 SIM-карт в них. Лимит освободится, когда выполняющиеся операции завершатся.',
};

describe('bulk operation limits per company', () => {
  it('lets at most 3 operations run at once, however many are created concurrently on two processes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => ping(i % 2 ? b : a, simIds.slice(i * 10, i * 10 + 10))),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.json()).toEqual(limitEn);
    expect(await runningItems()).toBe(3);
    // A refused creation leaves nothing behind.
    const orphans = await queryRows<{ n: number }>(
      a.database.db,
      sql`select count(*)::int as n from queue_results r where r.company_id = ${demo}
          and not exists (select 1 from queue_items q where q.company_id = r.company_id and q.id = r.queue_id)`,
    );
    expect(orphans[0]?.n).toBe(0);
  });

  it('frees up as running operations finish', async () => {
    for (let i = 0; i < 3; i++) expect((await ping(a, simIds.slice(i * 5, i * 5 + 5))).statusCode).toBe(200);
    const ru = await ping(b, simIds.slice(20, 25), 'ru');
    expect(ru.statusCode).toBe(429);
    expect(ru.json()).toEqual(limitRu);
    const [first] = await queryRows<{ id: number }>(
      a.database.db,
      sql`select id::int as id from queue_items where company_id = ${demo} and state = 'running' order by id limit 1`,
    );
    expect((await post(a.app, '/api/queue/cancel', { qid: first?.id }, { token: admin })).statusCode).toBe(200);
    expect((await ping(b, simIds.slice(20, 25))).statusCode).toBe(200);
  });

  it('caps the SIMs in flight summed over running operations, concurrently too', async () => {
    expect((await ping(a, simIds.slice(0, 200))).statusCode).toBe(200);
    // 200 + 100 > 250: refused; of two concurrent 50s only one fits.
    const over = await ping(b, simIds.slice(200, 300));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual(limitEn);
    const pair = await Promise.all([ping(a, simIds.slice(300, 350)), ping(b, simIds.slice(350, 400))]);
    expect(pair.map((r) => r.statusCode).sort()).toEqual([200, 429]);
  });

  it('lets one operation bigger than the SIM limit run when nothing else does, but nothing beside it', async () => {
    const big = await ping(a, simIds.slice(0, 400));
    expect(big.statusCode).toBe(200);
    expect(big.json()).toMatchObject({ result: { count: 400 } });
    expect((await ping(b, simIds.slice(400, 401))).statusCode).toBe(429);
  });
});
