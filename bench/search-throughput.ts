// Searches per second for terms the product has not seen (issue 26.3: ≥ 500 req/s at 10
// connections). The product runs from its build (`npm run build`; ROLE=api); the load comes from
// bench/support/term-cannon.mjs in a process of its own, each request the next term of a list in
// which no term repeats across the whole run, so every count is taken afresh, never remembered.
// Terms mix what users type, in strict turn: 4 or 5 digits (of a number or an ICCID), "sensor"
// or "meter" with a few digits (from a handful to a thousand matches). Then, for a sample of the
// terms, the total the API answers is checked against plain SQL written here. Prints min / median /
// max over the rounds and the load average. Uses the 1M-SIM database of bench/sims-list.ts.
// Run: npx tsx bench/search-throughput.ts   (ROUNDS, default 3; DURATION seconds, default 5; CONNECTIONS,
// default 10; SEED of the terms, new each run by default; ONLY=sensor for one kind of term)
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIM_COUNT_CAP } from '@cab/contract/sims';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.js';
import { BENCH_DATABASE_URL, openBenchDatabase } from './support/bench-db.js';
import { loginAs } from './support/bench-app.js';
import { startBuiltServer } from './support/built-server.js';
import { searched } from './support/list-shapes.js';
import { loadLine, run, spreadOf } from './support/load.js';
import { cpuSecondsOf, cpuSecondsOfAll } from './support/process-cpu.js';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DURATION = Number(process.env.DURATION ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
/** Only the kinds of term whose name holds this ("4 digits", "5 digits", "sensor", "meter"); all when unset. */
const ONLY = process.env.ONLY ?? '';
/** A new seed each run: the same terms again would find their pages in PostgreSQL's cache. */
const SEED = Number(process.env.SEED ?? Date.now() % 2 ** 31);
const BUDGET_RPS = 500;
/**
 * More terms than a round can use at 800 req/s (it makes about 250), so a round ends by its clock; a
 * product that got past 800 would stop the bench with "ran out of terms" (then raise this).
 */
const TERMS_PER_ROUND = DURATION * 800;
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * `count` terms, the kinds strictly in turn (so every round gets the same mix), none twice. Each kind
 * has at least 10,000 distinct terms: enough for the default run (16,000 terms in all), or for one
 * kind alone with ROUNDS=1.
 */
function termList(count: number): string[] {
  let seed = SEED;
  // mulberry32: 32-bit integer steps, exact in JavaScript.
  const random = (below: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % below;
  };
  const digits = (n: number) => String(random(10 ** n)).padStart(n, '0');
  const every: Record<string, () => string> = {
    '4 digits': () => digits(4),
    '5 digits': () => digits(5),
    sensor: () => `sensor ${digits(2 + random(3))}`,
    meter: () => `meter ${digits(2 + random(3))}`,
  };
  const kinds = Object.entries(every)
    .filter(([name]) => name.includes(ONLY))
    .map(([, kind]) => kind);
  if (kinds.length === 0) throw new Error(`no kind of term is named like ONLY=${ONLY}`);
  const seen = new Set<string>();
  const terms: string[] = [];
  for (let i = 0; terms.length < count; i++) {
    const kind = kinds[i % kinds.length]!;
    // Bounded: a kind with no unseen term left after 1,000 draws stops the bench.
    let term = kind();
    for (let draws = 0; seen.has(term); draws++) {
      if (draws > 1_000) throw new Error(`too few distinct terms of kind ${i % kinds.length} for ${count}: lower ROUNDS or DURATION`);
      term = kind();
    }
    seen.add(term);
    terms.push(term);
  }
  return terms;
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  sent: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function cannon(url: string, token: string, terms: string[]): Promise<Load> {
  const termsFile = path.join(tmpdir(), `search-terms-${process.pid}.json`);
  writeFileSync(termsFile, JSON.stringify(terms));
  try {
    const env = { URL: url, TOKEN: token, TERMS_FILE: termsFile, CONNECTIONS: String(CONNECTIONS), SECONDS: String(DURATION) };
    return JSON.parse(await run(process.execPath, [path.join(here, 'support/term-cannon.mjs')], env)) as Load;
  } finally {
    rmSync(termsFile, { force: true });
  }
}

const database = await openBenchDatabase();
const [big] = await queryRows<{ id: number }>(database.db, sql`select id::int as id from companies where name = 'Bench Big'`);
if (!big) throw new Error('no bench data: run bench/sims-list.ts once first');
const product = await startBuiltServer({ DATABASE_URL: BENCH_DATABASE_URL, ROLE: 'api', SEED_DEMO: '0', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42' });
const productPid = product.child.pid ?? 0;
const url = `${product.address}/api/sims/list?lang=en`;
const terms = termList(TERMS_PER_ROUND * (ROUNDS + 1));
const rounds: Array<Load & { productUs: number; postgresUs: number }> = [];
let wrong = 0;
let checked = 0;
try {
  const token = await loginAs(product.address, 'admin@bench.local');
  console.log(`cards search, a new term per request (${ONLY || 'every kind'}), ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s (SEED=${SEED})\n`);
  // Untimed: the product's code paths and plans compile on terms no round uses.
  await cannon(url, token, terms.slice(0, TERMS_PER_ROUND));
  for (let round = 1; round <= ROUNDS; round++) {
    const cpuBefore = { product: cpuSecondsOf(productPid), postgres: cpuSecondsOfAll('postgres') };
    const load = await cannon(url, token, terms.slice(round * TERMS_PER_ROUND, (round + 1) * TERMS_PER_ROUND));
    if (load.non2xx || load.errors || load.timeouts) throw new Error(`round ${round}: ${JSON.stringify(load)}`);
    if (load.sent > TERMS_PER_ROUND) throw new Error(`round ${round} ran out of terms: a term was sent twice`);
    // CPU per request (µs), the product's process and every PostgreSQL process.
    const perRequest = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, load.sent));
    const figures = {
      ...load,
      productUs: perRequest(cpuSecondsOf(productPid) - cpuBefore.product),
      postgresUs: perRequest(cpuSecondsOfAll('postgres') - cpuBefore.postgres),
    };
    rounds.push(figures);
    console.log(`round ${round}: ${load.rps.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.sent} terms; CPU per request: product ${figures.productUs} µs, PostgreSQL ${figures.postgresUs} µs — ${loadLine()}`);
  }

  // The answers' totals against plain SQL, for a sample of every kind of term.
  for (const term of terms.filter((_, i) => i % 997 === 0).slice(0, 40)) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ page: 0, size: 25, filter: { query: term } }),
    });
    const { result } = (await res.json()) as { result: { total: number; total_exact: boolean } };
    const [truth] = await queryRows<{ n: string }>(database.db, sql`select count(*) as n from sims where company_id = ${big.id} and ${searched(term)}`);
    const n = Number(truth?.n ?? -1);
    const expected = n > SIM_COUNT_CAP ? `${SIM_COUNT_CAP}+` : String(n);
    const answered = `${result.total}${result.total_exact ? '' : '+'}`;
    checked++;
    if (answered !== expected) {
      wrong++;
      console.log(`  wrong total for "${term}": API ${answered}, SQL ${expected}`);
    }
  }
} finally {
  await product.stop();
  await database.close();
}

const rps = rounds.map((r) => r.rps);
console.log(`\nreq/s min / median / max: ${spreadOf(rps)}; p99 (ms): ${spreadOf(rounds.map((r) => r.p99))}`);
console.log(`CPU per request (µs): product ${spreadOf(rounds.map((r) => r.productUs))}; PostgreSQL ${spreadOf(rounds.map((r) => r.postgresUs))}`);
console.log(`totals checked against SQL: ${checked}, wrong: ${wrong}`);
console.log(`lowest round: ${Math.min(...rps).toFixed(0)} req/s (budget ≥ ${BUDGET_RPS}) — ${Math.min(...rps) >= BUDGET_RPS ? 'within budget' : 'UNDER BUDGET'}`);
