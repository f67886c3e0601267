// Throughput of POST /api/sims/list against a bare Fastify + pg route that runs the same list and
// count SQL for the same company (no authentication, no company scope, no schema validation),
// interleaved run by run, at 10 and 50 connections, for three filters. Prints req/s of both and
// the ratio (target ≥ 0.8×, ARCHITECTURE §9). Uses the 1M-SIM database of bench/sims-list.ts.
// Run: npx tsx --conditions=source bench/list-throughput.ts   (DURATION=seconds per run, default 5)
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, openDatabase } from '../apps/server/src/db/client.js';
import { countSimsCapped, listSims } from '../apps/server/src/modules/sims/list/repository.js';
import { simSort, simWhere } from '../apps/server/src/modules/sims/list/list-query.js';
import { BENCH_DATABASE_URL, openBenchDatabase } from './support/bench-db.js';
import { loginAs, startBenchApi } from './support/bench-app.js';

const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = 2;

const database = await openBenchDatabase();
const [big] = await queryRows<{ id: number }>(database.db, sql`select id::int as id from companies where name = 'Bench Big'`);
if (!big) throw new Error('no bench data: run bench/sims-list.ts once first');
const api = await startBenchApi(database);
const token = await loginAs(api.address, 'admin@bench.local');

// The bare route: its own pool, the product's SQL builders, nothing else.
const bareDatabase = await openDatabase({ databaseUrl: BENCH_DATABASE_URL, dataDir: 'memory://' });
const bare = Fastify();
bare.post('/list', async (request) => {
  const filter = (request.body as { filter?: { blocked?: number; query?: string } }).filter ?? {};
  const criteria = { scope: [big.id], filter: { blocked: filter.blocked ?? 0, ...(filter.query ? { query: filter.query } : {}) }, csv: null };
  const [items, count] = await Promise.all([
    listSims(bareDatabase.db, [simWhere(criteria)], simSort(undefined), 25, 0),
    countSimsCapped(bareDatabase.db, criteria),
  ]);
  return { result: { items, total: count.total, total_exact: count.exact } };
});
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

const shapes: Array<[string, Record<string, unknown>]> = [
  ['no filter', {}],
  ['blocked', { blocked: 1 }],
  ['search "sensor"', { query: 'sensor' }],
];

async function measure(url: string, headers: Record<string, string>, body: string, connections: number): Promise<number> {
  const result = await autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, connections, duration: DURATION });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

console.log(`req/s over ${DURATION} s runs, ${ROUNDS} interleaved rounds each (mean of rounds)\n`);
console.log(`${'shape'.padEnd(20)} ${'conn'.padStart(4)} ${'product'.padStart(9)} ${'bare'.padStart(9)}  ratio`);
for (const connections of [10, 50]) {
  for (const [name, filter] of shapes) {
    const body = JSON.stringify({ page: 0, size: 25, filter });
    let product = 0;
    let bareRate = 0;
    for (let round = 0; round < ROUNDS; round++) {
      product += await measure(`${api.address}/api/sims/list?lang=en`, { authorization: `Bearer ${token}` }, body, connections);
      bareRate += await measure(`${bareAddress}/list`, {}, body, connections);
    }
    product /= ROUNDS;
    bareRate /= ROUNDS;
    console.log(`${name.padEnd(20)} ${String(connections).padStart(4)} ${product.toFixed(0).padStart(9)} ${bareRate.toFixed(0).padStart(9)}  ${(product / bareRate).toFixed(2)}×`);
  }
}
await bare.close();
await bareDatabase.close();
await api.close();
await database.close();
