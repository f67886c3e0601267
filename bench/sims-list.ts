// The cards list at 1,000,000 SIMs on PostgreSQL (one company with 300,000; seeded once): p50 and
// p95 of POST /api/sims/list for every filter, search, deep page and sort, through the product
// started from its build (`npm run build` first), called from a client process of its own, over
// ROUNDS rounds (min / median / max of the rounds' p95). Every total the API answered is checked
// against a count(*) written in plain SQL here (bench/support/list-shapes.ts).
// Run: npx tsx bench/sims-list.ts   (BENCH_DATABASE_URL, SIMS, ROUNDS, CALLS to change them)
import { loginAs } from './support/bench-app.js';
import { BENCH_DATABASE_URL, openBenchDatabase } from './support/bench-db.js';
import { startBuiltServer } from './support/built-server.js';
import { listShapes, timeShapes } from './support/list-shapes.js';
import { loadLine, median, spreadOf } from './support/load.js';
import { seedSims } from './support/sims-seed.js';

const SIMS = Number(process.env.SIMS ?? 1_000_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CALLS = Number(process.env.CALLS ?? 40);
const BUDGET_MS = 50;

const database = await openBenchDatabase();
const seeded = await seedSims(database, SIMS);
const shapes = await listShapes(database, seeded);
const server = await startBuiltServer({ DATABASE_URL: BENCH_DATABASE_URL, ROLE: 'api', SEED_DEMO: '0', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42' });
const tokens = { admin: await loginAs(server.address, 'admin@bench.local'), root: await loginAs(server.address, 'root@bench.local') };

console.log(`\ncards list through the API: ${ROUNDS} rounds of ${CALLS} calls each (ms); totals exact up to 10,000, "10000+" beyond`);
console.log(`${'shape'.padEnd(36)} ${'p50'.padStart(6)}  ${'p95 min / median / max'.padEnd(24)} total (plain SQL)`);
const figures = await timeShapes(database, server.address, tokens, shapes, { rounds: ROUNDS, calls: CALLS, warmup: 5 });
let worst = 0;
let wrong = 0;
for (const { shape, p50, p95, answered, expected } of figures) {
  worst = Math.max(worst, ...p95);
  const right = answered.length === 1 && answered[0] === expected;
  if (!right) wrong++;
  console.log(`${shape.name.padEnd(36)} ${median(p50).toFixed(1).padStart(6)}  ${spreadOf(p95, 1).padEnd(24)} ${answered.join(' / ')}${right ? '' : `  WRONG (plain SQL: ${expected})`}`);
}
console.log(`\n${loadLine()}`);
console.log(`worst p95 of any round: ${worst.toFixed(1)} ms (budget ${BUDGET_MS} ms) — ${worst <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}; wrong totals: ${wrong}`);
await server.stop();
await database.close();
