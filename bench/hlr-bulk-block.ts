// Bulk block and unblock of 10,000 SIMs on a real osmo-hlr (budget: ≥ 500 SIMs/s, ARCHITECTURE §9).
// The product runs from its build as its own process (NETWORK_ADAPTER=osmo-hlr, PostgreSQL); this
// process is the client: it fills a fresh database with SIMs and their stock keys, has the product
// provision them (a reconcile from Tools), then blocks and unblocks all of them ROUNDS times through
// the API, timing each from the request to the item's end. Every round is checked twice: the ok count
// in plain SQL, and every SIM's PS/CS flags read back from the HLR over a CTRL connection of its own.
// Needs `npm run build` and osmo-hlr. Run: npx tsx bench/hlr-bulk-block.ts   (SIMS=10000 ROUNDS=3)
import { sql } from 'drizzle-orm';
import { createSealer } from '../apps/server/src/auth/sealing.js';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { simStock } from '../apps/server/src/db/schema-network.js';
import { companies } from '../apps/server/src/db/schema.js';
import { CtrlClient } from '../apps/server/src/network/hlr/ctrl-client.js';
import { HlrSubscribers } from '../apps/server/src/network/hlr/hlr-subscribers.js';
import { mapLimited } from '../apps/server/src/network/hlr/hlr-outcomes.js';
import { OsmoHlr, osmoHlrMissingReason } from '../apps/server/test/support/osmo-hlr.js';
import { createBenchUser, loginAs } from './support/bench-app.js';
import { recreateBenchDatabase } from './support/bench-db.js';
import { startBuiltServer } from './support/built-server.js';

const SIMS = Number(process.env.SIMS ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const ROUND_TIMEOUT_MS = 300_000;
const HLR_HOST = '127.0.0.5';
const DATABASE_URL = process.env.BENCH_HLR_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/cabinet_bench_hlr';
const SIM_KEYS_SECRET = 'bench-sim-keys-secret-of-at-least-32-characters';

const missing = osmoHlrMissingReason();
if (missing) throw new Error(missing);

await recreateBenchDatabase(DATABASE_URL);
const hlr = await OsmoHlr.start(HLR_HOST);
const server = await startBuiltServer({
  DATABASE_URL,
  SEED_DEMO: '0',
  NETWORK_ADAPTER: 'osmo-hlr',
  HLR_CTRL_ADDR: `${HLR_HOST}:4259`,
  SIM_KEYS_SECRET,
});
const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: 'memory://' });
const ctrl = new CtrlClient({ host: HLR_HOST, port: 4259, maxInFlight: 20 });
const subscribers = new HlrSubscribers(ctrl);

try {
  // The start's reconcile first (over no SIMs yet), so the one asked below is queued, not merged into it.
  await waitFor(async () => {
    const [row] = await queryRows<{ id: number }>(database.db, sql`select id from hlr_reconciles where trigger = 'start' and finished_at is not null`);
    return row ?? null;
  }, 60_000);
  const [company] = await database.db.insert(companies).values({ name: `HLR bench ${Date.now()}` }).returning();
  if (!company) throw new Error('company not created');
  await createBenchUser(database, company.id, 'admin@hlr-bench.local', 'admin');
  await createBenchUser(database, company.id, 'root@hlr-bench.local', 'root');
  const ids = await insertSimsWithKeys(company.id, SIMS);
  const admin = await loginAs(server.address, 'admin@hlr-bench.local');
  const root = await loginAs(server.address, 'root@hlr-bench.local');

  const provisionStart = performance.now();
  const asked = (await call(root, '/api/network/reconcile', {})) as { queued: boolean };
  if (!asked.queued) throw new Error('the reconcile was not queued');
  const reconcile = await waitFor(async () => {
    const [row] = await queryRows<{ checked: number; created: number; failed: number; error: string | null }>(
      database.db,
      sql`select checked, created, failed, error from hlr_reconciles where trigger = 'tools' and finished_at is not null order by id desc limit 1`,
    );
    return row ?? null;
  }, 600_000);
  const provisionSeconds = (performance.now() - provisionStart) / 1000;
  if (reconcile.created !== SIMS || reconcile.failed !== 0) throw new Error(`reconcile: ${JSON.stringify(reconcile)}`);
  console.log(`provisioned ${SIMS} SIMs (create, MSISDN, keys, access) by a reconcile: ${provisionSeconds.toFixed(1)} s, ${Math.round(SIMS / provisionSeconds)} SIMs/s`);

  await ctrl.connect();
  const rates: Record<'queue_block' | 'queue_unblock', number[]> = { queue_block: [], queue_unblock: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const reason of ['queue_block', 'queue_unblock'] as const) {
      const started = performance.now();
      const { qid } = (await call(admin, '/api/queue/create', { reason, selection: { ids } })) as { qid: number };
      const item = await waitFor(async () => {
        const [row] = await queryRows<{ state: string; ok: number; fail: number }>(
          database.db,
          sql`select state, ok, fail from queue_items where id = ${qid} and state <> 'running'`,
        );
        return row ?? null;
      }, ROUND_TIMEOUT_MS);
      const seconds = (performance.now() - started) / 1000;
      const [counted] = await queryRows<{ ok: number }>(database.db, sql`select count(*)::int as ok from queue_results where queue_id = ${qid} and status = 'ok'`);
      if (item.state !== 'done' || counted?.ok !== SIMS) throw new Error(`${reason} round ${round}: ${JSON.stringify(item)}, ${counted?.ok} ok in SQL`);
      const wrong = await wrongInHlr(reason === 'queue_block' ? false : true);
      if (wrong > 0) throw new Error(`${reason} round ${round}: ${wrong} SIMs not right in the HLR`);
      rates[reason].push(SIMS / seconds);
      console.log(`round ${round} ${reason}: ${SIMS} SIMs in ${seconds.toFixed(2)} s = ${Math.round(SIMS / seconds)} SIMs/s (SQL: ${counted.ok} ok; HLR: all ${SIMS} right)`);
    }
  }
  for (const [reason, values] of Object.entries(rates)) {
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    console.log(`${reason} SIMs/s over ${ROUNDS} rounds: min ${Math.round(sorted[0] ?? 0)} / median ${Math.round(median)} / max ${Math.round(sorted.at(-1) ?? 0)} (budget for block ≥ 500)`);
  }
} finally {
  await ctrl.close();
  await server.stop();
  await database.close();
  await hlr.dispose();
}

/** Counts SIMs whose PS or CS flag in the HLR is not `enabled`, reading each subscriber's info. */
async function wrongInHlr(enabled: boolean): Promise<number> {
  const rows = await queryRows<{ imsi: string }>(database.db, sql`select imsi from sims where imsi is not null`);
  const right = await mapLimited(rows, 64, async ({ imsi }) => {
    const info = await subscribers.info(imsi);
    return info.psEnabled === enabled && info.csEnabled === enabled;
  });
  return right.filter((ok) => !ok).length;
}

async function insertSimsWithKeys(companyId: number, count: number): Promise<number[]> {
  const rows = await queryRows<{ id: number; iccid: string; imsi: string; msisdn: string }>(
    database.db,
    sql`insert into sims (company_id, iccid, msisdn, imsi, profile)
        select ${companyId}, '8970299' || lpad(n::text, 12, '0'), '88299' || lpad(n::text, 8, '0'), '00101' || lpad(n::text, 10, '0'), 'MS'
          from generate_series(1, ${count}) n
        returning id::int as id, iccid, imsi, msisdn`,
  );
  const sealer = createSealer(SIM_KEYS_SECRET);
  const hex = (n: number, salt: string) => (salt + n.toString(16)).padStart(32, '0').slice(-32).toUpperCase();
  for (let start = 0; start < rows.length; start += 1000) {
    await database.db.insert(simStock).values(
      rows.slice(start, start + 1000).map((row) => ({
        iccid: row.iccid,
        imsi: row.imsi,
        msisdn: row.msisdn,
        auth: row.id % 2 === 0 ? 'milenage' : 'comp128',
        keysSealed: sealer.seal(JSON.stringify(row.id % 2 === 0 ? { k: hex(row.id, 'a1'), opc: hex(row.id, 'b2') } : { ki: hex(row.id, 'c3') })),
        simId: row.id,
        allocatedAt: new Date(),
      })),
    );
  }
  return rows.map((row) => row.id);
}

async function call(token: string, url: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${server.address}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: unknown }).result;
}

async function waitFor<T>(probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
