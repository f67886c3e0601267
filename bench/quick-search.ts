// The header's quick search over a 300,000-SIM company on PostgreSQL: prints p50/p95 of the service
// call for ICCID and number fragments, names, external ids and IMEI prefixes, and the plans used.
// Run: BENCH_DATABASE_URL=postgres://… npx tsx --conditions=source bench/quick-search.ts
import { sql } from 'drizzle-orm';
import type { Principal } from '../apps/server/src/auth/principal.js';
import { queryRows } from '../apps/server/src/db/client.js';
import { companies } from '../apps/server/src/db/schema.js';
import { quickSearch } from '../apps/server/src/modules/sims/tools/quick-search.js';
import { insertSims, openBenchDatabase, percentile } from './support/bench-db.js';

const SIMS = 300_000;
const ROUNDS = 40;

const database = await openBenchDatabase();
const [company] = await database.db.insert(companies).values({ name: `Quick search ${Date.now()}` }).returning();
if (!company) throw new Error('company not created');
const first = 70_000_000 + (company.id % 1000) * 1_000_000;
await insertSims(database, company.id, first, SIMS);
// Every SIM gets a network state with an IMEI (the simulator writes one once a SIM attaches).
await database.db.execute(sql`
  insert into sim_network_state (company_id, sim_id, imei)
  select company_id, id, '35' || lpad((id * 7919 % 10000000000000)::text, 13, '0') from sims where company_id = ${company.id}
  on conflict do nothing`);
await database.db.execute(sql`vacuum analyze sims`);
await database.db.execute(sql`vacuum analyze sim_network_state`);

const principal: Principal = {
  kind: 'user', userId: 0, companyId: company.id, role: 'admin', sessionId: 'bench', apiTokenId: null,
  impersonatorId: null, companyBlocked: false, registrationComplete: true, lang: 'en',
};
const sample = await queryRows<{ iccid: string; msisdn: string; imei: string }>(database.db, sql`
  select s.iccid, s.msisdn, n.imei from sims s join sim_network_state n on n.sim_id = s.id
  where s.company_id = ${company.id} order by random() limit ${ROUNDS}`);

const kinds: Record<string, (row: { iccid: string; msisdn: string; imei: string }, i: number) => string> = {
  'ICCID tail (8)': (row) => row.iccid.slice(-8),
  'full ICCID': (row) => row.iccid,
  'number part (7)': (row) => row.msisdn.slice(3, 10),
  'name (no match)': (_row, i) => `Sensor 12${i}x`,
  'name ("Sensor <n>")': (_row, i) => `Sensor ${first + 1 + 3 * i - ((first + 1 + 3 * i) % 3) + 1}`,
  'external id': (_row, i) => `EXT-${first + 5 * (i + 100)}`,
  'IMEI prefix (10)': (row) => row.imei.slice(0, 10),
};

console.log(`quick search, ${SIMS.toLocaleString('en')} SIMs in one company, ${ROUNDS} queries per kind (load: ${(await import('node:os')).loadavg()[0]?.toFixed(1)})`);
for (const [kind, make] of Object.entries(kinds)) {
  const times: number[] = [];
  let found = 0;
  for (const [i, row] of sample.entries()) {
    const started = performance.now();
    const result = await quickSearch(database.db, principal, make(row, i));
    times.push(performance.now() - started);
    if (result.items.length > 0) found++;
  }
  times.sort((a, b) => a - b);
  console.log(`${kind.padEnd(22)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  found ${found}/${ROUNDS}`);
}
await database.close();
