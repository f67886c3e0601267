// The upgrade that partitions usage (issue 26.2, migrations 0037–0038) on an install with data, as a
// user runs it: the product from its build starts on a database at migration 0036 holding ROWS
// session records and ROWS/2 SMS records over 18 months, migrates and serves, while a writer of the
// previous version (its own process) records usage throughout. Prints, per round and as min / median
// / max over ROUNDS: the time from start to serving, the writer's longest wait, and checks with
// plain SQL that every row is there (seeded + written) and that the old rows sit in the legacy
// partition. Run: npx tsx bench/partition-upgrade.ts   (needs `npm run build` and pg_partman)
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { BENCH_DATABASE_URL, dropBenchDatabase, recreateBenchDatabase } from './support/bench-db.js';
import { startBuiltServer } from './support/built-server.js';
import { loadLine, median } from './support/load.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROWS = Number(process.env.ROWS ?? 2_000_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const FIRST_NEW_MIGRATION = 37;
const url = Object.assign(new URL(BENCH_DATABASE_URL), { pathname: '/cabinet_bench_upgrade' }).toString();

/** The migrations folder as it was before the partitioning (up to 0036). */
async function olderMigrations(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await cp(path.resolve(here, '../apps/server/drizzle'), dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(file, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx < FIRST_NEW_MIGRATION);
  await writeFile(file, JSON.stringify(journal));
  return dir;
}

async function count(pool: pg.Pool, query: string): Promise<number> {
  return Number((await pool.query<{ n: string }>(query)).rows[0]?.n ?? 0);
}

interface Round {
  upgradeMs: number;
  writerMaxMs: number;
  writerRows: number;
}

async function round(n: number): Promise<Round> {
  await recreateBenchDatabase(url);
  const older = await olderMigrations();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    await migrate(drizzle(pool), { migrationsFolder: older });
    // 18 months of records over 100,000 SIMs, in chunks so no statement runs for minutes.
    for (let from = 0; from < ROWS; from += 500_000) {
      const to = Math.min(ROWS, from + 500_000) - 1;
      await pool.query(`
        insert into usage_sessions (company_id, sim_id, record_key, started_at, ended_at, bytes_up, bytes_down, rat, operator, country, cost_cents)
        select 1 + i % 3, 1 + i % 100000, 'seed:' || i, t, t + interval '10 minutes', i % 7000, i % 90000, '4G', '250-01', 'RU', i % 9
        from (select i, now() - (i::float / ${ROWS}) * interval '540 days' as t from generate_series(${from}, ${to}) i) g`);
      if (from < ROWS / 2) {
        await pool.query(`
          insert into usage_events (company_id, sim_id, record_key, kind, direction, peer, started_at, operator, country)
          select 1 + i % 3, 1 + i % 100000, 'seed:' || i, 'sms', 'out', '79990000000', now() - (i::float / ${ROWS / 2}) * interval '540 days', '250-01', 'RU'
          from generate_series(${from}, ${Math.min(ROWS / 2, from + 500_000) - 1}) i`);
      }
    }
    await pool.query('vacuum analyze usage_sessions, usage_events');
    const seeded = await count(pool, 'select count(*) as n from usage_sessions');

    const writer = spawn(process.execPath, [path.join(here, 'support/insert-loop.mjs'), url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let writerOutput = '';
    writer.stdout.on('data', (chunk: Buffer) => (writerOutput += chunk.toString()));
    const writerDone = new Promise<void>((resolve) => writer.once('exit', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const started = Date.now();
    const server = await startBuiltServer(
      { DATABASE_URL: url, ROLE: 'api', SEED_DEMO: '0', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42' },
      { timeoutMs: 900_000 },
    );
    const upgradeMs = Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    writer.kill('SIGTERM');
    await writerDone;
    await server.stop();
    const written = JSON.parse(writerOutput) as { rows: number; failed: number; maxMs: number };
    if (written.failed > 0) throw new Error(`the writer had ${written.failed} failed inserts`);

    const kind = (await pool.query<{ relkind: string }>(`select relkind::text from pg_class where relname = 'usage_sessions'`)).rows[0]?.relkind;
    const total = await count(pool, 'select count(*) as n from usage_sessions');
    const inLegacy = await count(pool, `select count(*) as n from usage_sessions_legacy where record_key like 'seed:%'`);
    if (kind !== 'p') throw new Error(`usage_sessions is not partitioned (relkind ${kind})`);
    if (total !== seeded + written.rows) throw new Error(`rows: ${total}, expected ${seeded} seeded + ${written.rows} written`);
    if (inLegacy !== seeded) throw new Error(`legacy partition holds ${inLegacy} of the ${seeded} seeded rows`);
    console.log(`round ${n}: ${ROWS.toLocaleString('en')} sessions + ${(ROWS / 2).toLocaleString('en')} SMS; start to serving ${(upgradeMs / 1000).toFixed(1)} s; writer: ${written.rows} rows, longest wait ${written.maxMs} ms, none failed; counts match plain SQL; ${loadLine()}`);
    return { upgradeMs, writerMaxMs: written.maxMs, writerRows: written.rows };
  } finally {
    await pool.end();
    await rm(older, { recursive: true, force: true });
  }
}

const rounds: Round[] = [];
for (let n = 1; n <= ROUNDS; n++) rounds.push(await round(n));
await dropBenchDatabase(url);
const spread = (values: number[]) => `${Math.min(...values)} / ${median(values)} / ${Math.max(...values)}`;
console.log(`upgrade at ${ROWS.toLocaleString('en')} sessions, min / median / max of ${ROUNDS}: start to serving ${spread(rounds.map((r) => r.upgradeMs))} ms; the writer's longest wait ${spread(rounds.map((r) => r.writerMaxMs))} ms`);
