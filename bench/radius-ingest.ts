// RADIUS accounting ingestion on PostgreSQL (budget: ≥ 5,000 packets/s with p99 answer ≤ 100 ms,
// ARCHITECTURE §9). The product runs from its build as its own process (ROLE=all, RADIUS_ACCT_ADDR on
// the loopback, RADIUS_SECRET); a fresh database gets SIMS SIMs with an IMSI each; every round a
// sender process (support/radius-sender.ts) sends Start, Interim-Update and Stop of SESSIONS sessions
// over those SIMs at RATE packets/s. Each round is checked in plain SQL: every session it sent is
// one usage record, and the per-SIM daily rollups grew by exactly its sessions.
// Needs `npm run build`. Run: npx tsx bench/radius-ingest.ts   (SIMS=100000 SESSIONS=20000 RATE=6000 ROUNDS=3)
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { companies } from '../apps/server/src/db/schema.js';
import { insertSims, recreateBenchDatabase } from './support/bench-db.js';
import { runRadiusSender as runSender, spread, startRadiusServer, type RoundFigures } from './support/radius-bench.js';

const SIMS = Number(process.env.SIMS ?? 100_000);
const SESSIONS = Number(process.env.SESSIONS ?? 20_000);
const RATE = Number(process.env.RATE ?? 6000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DATABASE_URL = process.env.BENCH_RADIUS_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/cabinet_bench_radius';
const SECRET = 'bench-radius-secret';
const IMSI_PREFIX = '25099';

await recreateBenchDatabase(DATABASE_URL);
const server = await startRadiusServer(DATABASE_URL, SECRET);
const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: 'memory://' });
try {
  const [company] = await database.db.insert(companies).values({ name: `RADIUS bench ${Date.now()}` }).returning();
  if (!company) throw new Error('company not created');
  await insertSims(database, company.id, 1, SIMS, IMSI_PREFIX);
  await database.db.execute(sql`analyze`);
  console.log(`${SIMS} SIMs, ${SESSIONS} sessions (${SESSIONS * 3} packets) a round at ${RATE} packets/s, ${ROUNDS} rounds; RADIUS on port ${server.port}`);

  // A short round first, not counted: the server's database connections and caches warm up.
  const warm = await runSender({ ...senderEnv(server.port, 'warm', Math.min(SESSIONS, 2000)), FIRST_SIM: '1', SIM_COUNT: String(SIMS) });
  console.log(`warm-up (not counted): ${warm.packetsPerSecond} packets/s, p99 ${warm.p99} ms, answered ${warm.answered}/${warm.sent}`);
  const rounds: RoundFigures[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const tag = `r${round}`;
    const before = await rollupSessions(company.id);
    const figures = await runSender({ ...senderEnv(server.port, tag, SESSIONS), FIRST_SIM: '1', SIM_COUNT: String(SIMS) });
    // Plain SQL, not the product's code: one usage record per session sent, and the rollups agree.
    const [recorded] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from usage_sessions where company_id = ${company.id} and record_key like ${`radius:127.0.0.1:${tag}-%`}`,
    );
    const [stopped] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from radius_sessions where acct_session_id like ${`${tag}-%`} and stopped_at is not null`);
    const grown = (await rollupSessions(company.id)) - before;
    const ok = recorded?.n === SESSIONS && stopped?.n === SESSIONS && grown === SESSIONS && figures.answered === figures.sent;
    console.log(
      `round ${round}: ${figures.packetsPerSecond} packets/s answered (offered ${figures.offeredRate}), answered ${figures.answered}/${figures.sent} (${figures.retransmitted} sent again), ` +
        `latency p50 ${figures.p50} ms, p99 ${figures.p99} ms (Stop ${figures.p99Stop} ms), max ${figures.max} ms; usage_sessions ${recorded?.n}, stopped ${stopped?.n}, ` +
        `usage_daily +${grown} sessions: ${ok ? 'counts right' : 'COUNTS WRONG'}`,
    );
    if (!ok) process.exitCode = 1;
    rounds.push(figures);
  }
  console.log(`packets/s min / median / max: ${spread(rounds, (r) => r.packetsPerSecond)} (budget ≥ 5000)`);
  console.log(`p99 answer ms min / median / max: ${spread(rounds, (r) => r.p99)} (budget ≤ 100)`);
} finally {
  await database.close();
  await server.stop();
}

function senderEnv(port: number, round: string, sessions: number): Record<string, string> {
  return { RADIUS_PORT: String(port), RADIUS_SECRET: SECRET, ROUND: round, SESSIONS: String(sessions), RATE: String(RATE), IMSI_PREFIX };
}

async function rollupSessions(companyId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`select coalesce(sum(sessions), 0)::int as n from usage_daily where company_id = ${companyId}`);
  return row?.n ?? 0;
}
