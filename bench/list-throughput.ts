// Throughput of POST /api/sims/list against a bare route running the same SQL (issue 26.4: ≥ 0.9×).
// Three processes besides this one: the product from its build (`npm run build`; ROLE=api), the
// bare route (bench/support/bare-list-route.mjs: Fastify and the product's list service from the
// build, same pool and session settings, no authentication, validation, hooks or response schema),
// and autocannon. Each round runs both sides back to back, in turn first; the figures are min /
// median / max over the rounds, the ratio taken within each round. Uses the 1M-SIM database of
// bench/sims-list.ts (run it once first).
// Run: npx tsx bench/list-throughput.ts   (DURATION=seconds per run, default 5; ROUNDS, default 3;
// WARMUP=untimed seconds per side before each shape's rounds, default 2)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.js';
import { BENCH_DATABASE_URL, openBenchDatabase } from './support/bench-db.js';
import { loginAs } from './support/bench-app.js';
import { startBuiltServer } from './support/built-server.js';
import { loadLine, median, spreadOf, throughput, type Throughput } from './support/load.js';

const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WARMUP = Number(process.env.WARMUP ?? 2);

const database = await openBenchDatabase();
const [big] = await queryRows<{ id: number; admin: number }>(database.db, sql`
  select c.id::int as id, u.id::int as admin from companies c join users u on u.company_id = c.id and u.email = 'admin@bench.local'
  where c.name = 'Bench Big'`);
if (!big) throw new Error('no bench data: run bench/sims-list.ts once first');
const [group] = await queryRows<{ id: number }>(database.db, sql`select id::int as id from sim_groups where company_id = ${big.id} limit 1`);
const csvSims = await queryRows<{ iccid: string }>(database.db, sql`select iccid from sims where company_id = ${big.id} order by id limit 1000 offset 5000`);
await database.close();

const product = await startBuiltServer({ DATABASE_URL: BENCH_DATABASE_URL, ROLE: 'api', SEED_DEMO: '0', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42' });
const bare = spawn(process.execPath, [path.join(path.dirname(fileURLToPath(import.meta.url)), 'support/bare-list-route.mjs')], {
  env: { ...process.env, DATABASE_URL: BENCH_DATABASE_URL, COMPANY_ID: String(big.id), USER_ID: String(big.admin) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const [firstLine] = (await once(bare.stdout, 'data')) as [Buffer];
const barePort = /listening (\d+)/.exec(firstLine.toString())?.[1];
if (!barePort) throw new Error(`the bare route did not start: ${firstLine.toString()}`);
const token = await loginAs(product.address, 'admin@bench.local');

/** Complete requests (every default given), so the bare route can use them as they are. */
const request = (filter: Record<string, unknown>, sort: Record<string, string> = {}) =>
  JSON.stringify({ page: 0, size: 25, childs: false, sort, filter: { blocked: 0, ...filter } });
const shapes: Array<[string, string]> = [
  ['no filter', request({})],
  ['blocked, by name desc', request({ blocked: 1 }, { name: 'desc' })],
  ['profile TC', request({ profile: 'TC' })],
  ['search "sensor"', request({ query: 'sensor' })],
  ['group (10k SIMs)', request({ group: group?.id })],
  ['CSV of 1,000 SIMs', request({ csv: csvSims.map((s) => s.iccid).join('\n') })],
];

console.log(`req/s over ${DURATION} s runs, ${ROUNDS} rounds (min / median / max); ratio = product ÷ bare within a round\n`);
console.log(`${'shape'.padEnd(24)} ${'conn'.padStart(4)}  ${'product req/s'.padEnd(20)} ${'bare req/s'.padEnd(20)} ${'ratio'.padEnd(20)} p99 product / bare (ms, median)`);
let worst = Infinity;
/** The lowest of the shapes' median ratios: what a shape gives typically, beside its worst round. */
let worstMedian = Infinity;
for (const connections of [10, 50]) {
  for (const [name, body] of shapes) {
    const ours: number[] = [];
    const theirs: number[] = [];
    const ratios: number[] = [];
    const p99s: { ours: number[]; theirs: number[] } = { ours: [], theirs: [] };
    const productRun = (seconds = DURATION) => throughput({ url: `${product.address}/api/sims/list?lang=en`, headers: { authorization: `Bearer ${token}` }, body }, connections, seconds);
    const bareRun = (seconds = DURATION) => throughput({ url: `http://127.0.0.1:${barePort}/list`, body }, connections, seconds);
    // Untimed, the same for both sides: each shape's code paths and plans are compiled and cached
    // before its rounds (without it the first shape of a run measured one side's warm-up).
    await productRun(WARMUP);
    await bareRun(WARMUP);
    for (let round = 0; round < ROUNDS; round++) {
      // Whichever runs second finds warmer caches: each side goes first in turn.
      let a: Throughput;
      let b: Throughput;
      if (round % 2 === 0) {
        a = await productRun();
        b = await bareRun();
      } else {
        b = await bareRun();
        a = await productRun();
      }
      ours.push(a.rps);
      theirs.push(b.rps);
      ratios.push(a.rps / b.rps);
      p99s.ours.push(a.p99);
      p99s.theirs.push(b.p99);
    }
    const ratio = spreadOf(ratios, 2);
    worst = Math.min(worst, ...ratios);
    worstMedian = Math.min(worstMedian, median(ratios));
    const p99 = `${median(p99s.ours)} / ${median(p99s.theirs)}`;
    console.log(`${name.padEnd(24)} ${String(connections).padStart(4)}  ${spreadOf(ours).padEnd(20)} ${spreadOf(theirs).padEnd(20)} ${ratio.padEnd(20)} ${p99}`);
  }
  console.log(loadLine());
}
console.log(`\nlowest median ratio of a shape: ${worstMedian.toFixed(2)}×`);
console.log(`lowest ratio of any round: ${worst.toFixed(2)}× (budget ≥ 0.90×) — ${worst >= 0.9 ? 'within budget' : 'UNDER BUDGET'}`);
bare.kill('SIGTERM');
await product.stop();
