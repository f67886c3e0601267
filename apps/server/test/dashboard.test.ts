import { DashboardSummary, GENERATED_REPORTS_API } from '@cab/contract/generated-reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { compactSimStateCounts } from '../src/modules/platform/dashboard/repository.js';
import { lastDays } from '../src/modules/platform/dashboard/service.js';
import { recordUsage } from '../src/modules/sims/usage/records-repository.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';
import { simIdOf } from './support/sims.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t.close());

async function summary(email: string) {
  const { token } = await login(t.app, email);
  const response = await post(t.app, GENERATED_REPORTS_API.dashboardSummary.path, {}, { token });
  expect(response.statusCode, response.body).toBe(200);
  return DashboardSummary.parse(response.json<{ result: unknown }>().result);
}

describe('home dashboard summary', () => {
  it('counts the company’s SIMs by state: active plus each block type make the total', async () => {
    const [company] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select company_id::int as id from users where email = 'viewer@demo.local'`,
    );
    const counts = await queryRows<{ block_type: string; n: number }>(
      t.database.db,
      sql`select block_type, count(*)::int as n from sims where company_id = ${company?.id ?? 0} group by block_type`,
    );
    const result = await summary('viewer@demo.local');
    const byType = Object.fromEntries(counts.map((c) => [c.block_type, Number(c.n)]));
    expect(result.sims.active).toBe(byType.none ?? 0);
    expect(result.sims.total).toBe(counts.reduce((s, c) => s + Number(c.n), 0));
    for (const [type, n] of Object.entries(result.sims.blocked)) expect(n, type).toBe(byType[type] ?? 0);
    expect(result.sims.active + Object.values(result.sims.blocked).reduce((s, n) => s + n, 0)).toBe(result.sims.total);
  });

  it('shows 30 days of traffic and cost, today last, from the usage records', async () => {
    const before = await summary('manager@demo.local');
    expect(before.usage.days.map((d) => d.day)).toEqual(lastDays(30));
    const simId = await simIdOf(t.database.db, 3);
    const [sim] = await queryRows<{ company_id: number }>(
      t.database.db,
      sql`select company_id::int as company_id from sims where id = ${simId}`,
    );
    const companyId = sim?.company_id ?? 0;
    const today = new Date();
    const old = new Date(Date.now() - 40 * 86_400_000);
    const base = { companyId, simId, operator: '250-01', country: 'RU', rat: '4G', type: 'data' as const };
    await recordUsage(t.database.db, [
      {
        ...base,
        key: 'dash-1',
        at: today,
        endedAt: today,
        bytes: 3000,
        bytesUp: 1000,
        bytesDown: 2000,
        costCents: 150,
      },
      {
        ...base,
        key: 'dash-old',
        at: old,
        endedAt: old,
        bytes: 9_999_999,
        bytesUp: 0,
        bytesDown: 9_999_999,
        costCents: 99_999,
      },
    ]);
    const after = await summary('manager@demo.local');
    expect(after.usage.bytes - before.usage.bytes).toBe(3000);
    expect(after.usage.cost - before.usage.cost).toBeCloseTo(1.5, 6);
    expect((after.usage.days.at(-1)?.bytes ?? 0) - (before.usage.days.at(-1)?.bytes ?? 0)).toBe(3000);
  });

  it('another company sees only its own figures', async () => {
    const agent = await summary('agent@demo.local');
    const viewer = await summary('viewer@demo.local');
    expect(agent.sims.total).toBeGreaterThan(0);
    const root = await summary('root@demo.local');
    expect(root.sims.total).toBeLessThan(viewer.sims.total);
  });
});

describe('SIM counts the database keeps (migration 0021)', () => {
  /** Every company's kept counts beside a plain count(*) of its SIMs, as sorted `company:type=n` lines. */
  async function keptAndCounted() {
    const kept = await queryRows<{ key: string }>(
      t.database.db,
      sql`select company_id || ':' || block_type || '=' || sum(n) as key from sim_state_counts
          group by company_id, block_type having sum(n) <> 0 order by 1`,
    );
    const counted = await queryRows<{ key: string }>(
      t.database.db,
      sql`select company_id || ':' || block_type || '=' || count(*) as key from sims group by company_id, block_type order by 1`,
    );
    return { kept: kept.map((r) => r.key), counted: counted.map((r) => r.key) };
  }

  it('equal a plain count after inserts, blocks, moves, deletes, upserts, concurrent statements and folds', async () => {
    const db = t.database.db;
    const [company] = await queryRows<{ id: number }>(db, sql`insert into companies (name) values ('Counts Ltd') returning id::int as id`);
    const [other] = await queryRows<{ id: number }>(db, sql`insert into companies (name) values ('Counts Other') returning id::int as id`);
    const companyId = company?.id ?? 0;
    const otherId = other?.id ?? 0;
    await db.execute(sql`
      insert into sims (company_id, iccid, msisdn, profile)
      select ${companyId}, '8970299' || lpad(n::text, 12, '0'), '7958' || lpad(n::text, 7, '0'), 'TC' from generate_series(1, 40) n`);
    expect((await keptAndCounted()).kept).toEqual((await keptAndCounted()).counted);

    const ids = (from: number, to: number) => sql`(select id from sims where company_id = ${companyId} order by id offset ${from} limit ${to - from})`;
    await db.execute(sql`update sims set block_type = 'voluntary' where id in ${ids(0, 10)}`);
    await db.execute(sql`update sims set block_type = 'msu' where id in ${ids(5, 15)}`);
    // Statements side by side on other rows (separate connections on PostgreSQL).
    await Promise.all([
      db.execute(sql`update sims set block_type = 'financial' where id in ${ids(20, 25)}`),
      db.execute(sql`update sims set company_id = ${otherId} where id in ${ids(30, 34)}`),
      db.execute(sql`delete from sims where id in ${ids(35, 37)}`),
    ]);
    // An upsert that changes an existing SIM's block type and inserts a new one.
    await db.execute(sql`
      insert into sims (company_id, iccid, msisdn, profile, block_type)
      select company_id, iccid, msisdn, profile, 'violation' from sims where id in ${ids(0, 1)}
      union all select ${companyId}, '8970299999999999991', '79589999991', 'TC', 'violation'
      on conflict (iccid) do update set block_type = excluded.block_type`);
    let { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);

    // A change that moves no SIM between companies or block types adds no row.
    const [before] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sim_state_counts`);
    await db.execute(sql`update sims set name = 'renamed' where company_id = ${companyId}`);
    const [after] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sim_state_counts`);
    expect(after?.n).toBe(before?.n);

    await compactSimStateCounts(db, [companyId, otherId]);
    const [folded] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from sim_state_counts where company_id = ${companyId}`,
    );
    expect(folded?.n).toBeLessThanOrEqual(5);
    await compactSimStateCounts(db, null);
    ({ kept, counted } = await keptAndCounted());
    expect(kept).toEqual(counted);
  });
});
