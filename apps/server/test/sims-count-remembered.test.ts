import type { SimListRequest } from '@cab/contract/sims';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestCachesOf } from '../src/auth/request-caches.js';
import { demoCompanies, listOk, sqlNumber, type DemoCompanies } from './support/sims.js';
import { createTestApp, login, type TestApp } from './support/test-app.js';

/**
 * The cards list keeps a filter's capped count until a SIM of its companies changes (migration 0040
 * announces it). Every change a count depends on is made here in plain SQL, as another process or a
 * job would make it, and the very next total must equal a count(*) written here by hand.
 */
let t: TestApp;
let admin: string;
let root: string;
let c: DemoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, 'admin@demo.local')).token;
  root = (await login(t.app, 'root@demo.local')).token;
  c = await demoCompanies(t.database.db);
});
afterAll(async () => t.close());

const remembered = () => requestCachesOf(t.database.db)?.sizes.simCounts ?? 0;
const total = async (filter: SimListRequest['filter'], token = admin) =>
  (await listOk(t, token, { page: 0, size: 5, filter })).total;
const plain = (where: SQL) => sqlNumber(t.database.db, sql`select count(*)::int as n from sims where ${where}`);
const run = (statement: SQL) => t.database.db.execute(statement);

describe('a remembered count of the cards list', () => {
  it('is kept between calls and follows every change of the SIMs it counts, at once', async () => {
    const search = { query: 'tracker' };
    const own = sql`company_id = ${c.demo} and lower(coalesce(name, '')) like '%tracker%'`;
    expect(await total(search)).toBe(await plain(own));
    const kept = remembered();
    expect(kept).toBeGreaterThan(0);
    // Asked again: answered from memory, the same figure.
    expect(await total(search)).toBe(await plain(own));
    expect(remembered()).toBe(kept);

    // A change no count sees (a balance) keeps the entry.
    await run(sql`update sims set balance_cents = coalesce(balance_cents, 0) + 1 where company_id = ${c.demo}`);
    expect(await total(search)).toBe(await plain(own));
    expect(remembered()).toBe(kept);

    // A name that now matches, a SIM added, one removed, one moved to the child company.
    const unnamed = sql`(select id from sims where company_id = ${c.demo} and name is null order by id limit 1)`;
    await run(sql`update sims set name = 'Tracker renamed' where id = ${unnamed}`);
    expect(await total(search)).toBe(await plain(own));
    await run(
      sql`insert into sims (company_id, iccid, msisdn, name, profile) values (${c.demo}, '8970199000000000017', '79990000017', 'TRACKER added', 'TC')`,
    );
    expect(await total(search)).toBe(await plain(own));
    await run(sql`delete from sims where iccid = '8970199000000000017'`);
    expect(await total(search)).toBe(await plain(own));
    const moved = sql`(select id from sims where company_id = ${c.demo} and name like 'Tracker%' order by id limit 1)`;
    const [childBefore, demoBefore] = [await total(search, root), await total(search)];
    await run(sql`update sims set company_id = ${c.child} where id = ${moved}`);
    expect(await total(search)).toBe(demoBefore - 1);
    expect(await total(search)).toBe(await plain(own));
    // Root's count over every company is dropped by a change in any of them.
    expect(await total(search, root)).toBe(childBefore);
    await run(
      sql`update sims set name = null where id = (select id from sims where company_id = ${c.child} and name like 'Tracker%' order by id limit 1)`,
    );
    expect(await total(search, root)).toBe(childBefore - 1);
    expect(await total(search, root)).toBe(await plain(sql`lower(coalesce(name, '')) like '%tracker%'`));
  });

  it('follows blocking and profile changes under the state filters', async () => {
    const filter = { query: 'tracker', blocked: 1, profile: 'TC' as const };
    const where = sql`company_id = ${c.demo} and lower(coalesce(name, '')) like '%tracker%' and block_type <> 'none' and profile = 'TC'`;
    expect(await total(filter)).toBe(await plain(where));
    const candidate = sql`(select id from sims where company_id = ${c.demo} and name like 'Tracker%' and block_type = 'none' order by id limit 3)`;
    await run(sql`update sims set block_type = 'voluntary', profile = 'TC' where id in ${candidate}`);
    expect(await total(filter)).toBe(await plain(where));
    await run(sql`update sims set block_type = 'none' where company_id = ${c.demo} and block_type = 'voluntary'`);
    expect(await total(filter)).toBe(await plain(where));
  });
});
