// How the cards list grows with the SIMs (issue 26.5): the list and search shapes at 100,000 and at
// 1,000,000 SIMs (each its own database, seeded once with the same mix: 30% in one company), each
// through the product from its build, p50 and p95 (median of ROUNDS rounds, a client process of its
// own), and the ratio 1M ÷ 100k. Totals are checked against plain SQL as in bench/sims-list.ts.
// Run: npx tsx bench/growth.ts   (needs `npm run build`; BENCH_DATABASE_URL names the 1M database)
import { loginAs } from './support/bench-app.js';
import { BENCH_DATABASE_URL, openBenchDatabase } from './support/bench-db.js';
import { startBuiltServer } from './support/built-server.js';
import { listShapes, timeShapes, type ShapeFigures } from './support/list-shapes.js';
import { loadLine, median } from './support/load.js';
import { seedSims } from './support/sims-seed.js';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CALLS = Number(process.env.CALLS ?? 30);
const sizes: Array<[number, string]> = [
  [100_000, Object.assign(new URL(BENCH_DATABASE_URL), { pathname: '/cabinet_bench_100k' }).toString()],
  [1_000_000, BENCH_DATABASE_URL],
];

const results: ShapeFigures[][] = [];
for (const [sims, url] of sizes) {
  const database = await openBenchDatabase(url);
  const shapes = await listShapes(database, await seedSims(database, sims));
  const server = await startBuiltServer({ DATABASE_URL: url, ROLE: 'api', SEED_DEMO: '0', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42' });
  const tokens = { admin: await loginAs(server.address, 'admin@bench.local'), root: await loginAs(server.address, 'root@bench.local') };
  const chosen = shapes.filter((shape) => shape.search || !shape.name.startsWith('sort '));
  results.push(await timeShapes(database, server.address, tokens, chosen, { rounds: ROUNDS, calls: CALLS, warmup: 5 }));
  console.log(`${sims.toLocaleString('en')} SIMs timed; ${loadLine()}`);
  await server.stop();
  await database.close();
}

const [small, large] = results;
console.log(`\n${'shape'.padEnd(36)} ${'100k p50 / p95'.padEnd(16)} ${'1M p50 / p95'.padEnd(16)} p95 ratio`);
let wrong = 0;
for (const [index, figure] of (large ?? []).entries()) {
  const before = small?.[index];
  if (!before) continue;
  for (const f of [before, figure]) if (f.answered.length !== 1 || f.answered[0] !== f.expected) wrong++;
  const cell = (f: ShapeFigures) => `${median(f.p50).toFixed(1)} / ${median(f.p95).toFixed(1)}`.padEnd(16);
  console.log(`${figure.shape.name.padEnd(36)} ${cell(before)} ${cell(figure)} ${(median(figure.p95) / median(before.p95)).toFixed(2)}×`);
}
console.log(`\nwrong totals (against plain SQL): ${wrong}`);
