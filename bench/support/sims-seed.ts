import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../apps/server/src/db/client.js';
import { companies } from '../../apps/server/src/db/schema.js';
import { countRows, insertSims } from './bench-db.js';
import { createBenchUser } from './bench-app.js';

/** The SIMs' companies: "Bench Big" holds 30% of them, the rest are companies of 5,000. */
export interface SeededSims {
  bigId: number;
  parentId: number;
}

const SMALL = 5_000;

/**
 * Seeds `total` SIMs once (a re-run finds them and seeds nothing): "Bench Big" with 30% of them and
 * a group of every 30th of its SIMs, the rest in companies of 5,000, three of them children of
 * "Bench Parent"; root@bench.local and admin@bench.local (of Bench Big).
 */
export async function seedSims(database: Database, total: number): Promise<SeededSims> {
  const existing = await queryRows<{ id: number }>(database.db, sql`select id::int as id from companies where name = 'Bench Big' limit 1`);
  if ((await countRows(database, 'sims')) >= total && existing[0]) {
    const parent = await queryRows<{ id: number }>(database.db, sql`select id::int as id from companies where name = 'Bench Parent'`);
    return { bigId: existing[0].id, parentId: parent[0]?.id ?? 0 };
  }
  console.log(`seeding ${total.toLocaleString('en')} SIMs (once)…`);
  const big = Math.round(total * 0.3);
  await database.db.execute(sql`truncate sims, companies, users, refresh_tokens, sim_groups, sim_group_members, queue_items, queue_results restart identity`);
  const [root] = await database.db.insert(companies).values({ name: 'Bench Operator' }).returning();
  const [bigCompany] = await database.db.insert(companies).values({ name: 'Bench Big', billingType: 1 }).returning();
  const [parent] = await database.db.insert(companies).values({ name: 'Bench Parent' }).returning();
  if (!root || !bigCompany || !parent) throw new Error('seed failed');
  await createBenchUser(database, root.id, 'root@bench.local', 'root');
  await createBenchUser(database, bigCompany.id, 'admin@bench.local', 'admin');
  let serial = 1;
  const started = Date.now();
  for (let done = 0; done < big; done += 100_000) {
    const count = Math.min(100_000, big - done);
    await insertSims(database, bigCompany.id, serial, count);
    serial += count;
  }
  const smallCount = Math.floor((total - big) / SMALL);
  for (let i = 0; i < smallCount; i++) {
    const [c] = await database.db
      .insert(companies)
      .values({ name: `Bench Customer ${i + 1}`, parentId: i < 3 ? parent.id : null })
      .returning();
    if (!c) throw new Error('seed failed');
    await insertSims(database, c.id, serial, SMALL);
    serial += SMALL;
  }
  await database.db.execute(sql`
    with g as (insert into sim_groups (company_id, name) values (${bigCompany.id}, 'Bench group') returning company_id, id)
    insert into sim_group_members (company_id, group_id, sim_id)
    select g.company_id, g.id, s.id from g join sims s on s.company_id = g.company_id where s.id % 30 = 0`);
  // Fresh rows need the visibility map set for index-only scans, as autovacuum would do in time.
  await database.db.execute(sql`vacuum analyze`);
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { bigId: bigCompany.id, parentId: parent.id };
}
