// Imports a 100,000-row SIM vendor file into the stock through the real API: the built server
// (apps/server/dist/main.js) runs as its own process on PostgreSQL, this script generates the file,
// sends it (mode import_valid) and times the answer; 3 rounds, each into an empty stock, the count
// checked with plain SQL after each. Budget (ARCHITECTURE §9): ≤ 30 s.
// Needs `npm run build` first. Run: npx tsx --conditions=source bench/stock-import.ts
// (STOCK_BENCH_DATABASE_URL, default postgres://root@127.0.0.1:5432/cabinet_bench_stock, made afresh and dropped)
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/auth/passwords.js';
import { luhnDigit } from '@cab/contract/luhn';
import { dropBenchDatabase, recreateBenchDatabase } from './support/bench-db.js';
import { startBuiltServer } from './support/built-server.js';

const ROWS = 100_000;
const ROUNDS = 3;
const PASSWORD = 'bench-stock-password';
const DATABASE_URL = process.env.STOCK_BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/cabinet_bench_stock';

async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Half MILENAGE, half COMP128, every card unique and valid (ICCID with its Luhn digit). */
function vendorFile(rows: number): string {
  const key = () => randomBytes(16).toString('hex').toUpperCase();
  const lines = ['ICCID,IMSI,MSISDN,KI,K,OPC'];
  for (let n = 0; n < rows; n++) {
    const body = `8970177${String(n).padStart(12, '0')}`;
    const card = `${body}${luhnDigit(body)},00103${String(n).padStart(10, '0')},7977${String(n).padStart(8, '0')}`;
    lines.push(n % 2 ? `${card},${key()},,` : `${card},,${key()},${key()}`);
  }
  return lines.join('\r\n') + '\r\n';
}

await recreateBenchDatabase(DATABASE_URL);
const server = await startBuiltServer({
  DATABASE_URL,
  ROLE: 'api',
  SEED_DEMO: '0',
  JWT_SECRET: 'bench-stock-secret-bench-stock-secret-42',
  SIM_KEYS_SECRET: 'bench-stock-sim-keys-secret-of-32-chars',
  WEB_DIST: '/nonexistent',
});
const base = server.address;
try {
  // The server migrated the database; root signs in like any operator.
  await onDatabase(DATABASE_URL, async (db) => {
    const company = await db.query<{ id: string }>(`insert into companies (name) values ('Bench operator') returning id`);
    await db.query(`insert into users (company_id, email, role, first_name, last_name, password_hash) values ($1, 'root@bench.local', 'root', 'Bench', 'Root', $2)`, [
      company.rows[0]?.id,
      await hashPassword(PASSWORD),
    ]);
  });
  const login = await fetch(`${base}/api/login?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'root@bench.local', password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token } = ((await login.json()) as { result: { token: string } }).result;

  const file = vendorFile(ROWS);
  console.log(`stock import over HTTP on PostgreSQL: ${ROWS.toLocaleString('en')} rows, ${(file.length / 1e6).toFixed(1)} MB, ${ROUNDS} rounds\n`);
  const send = async (mode: 'check' | 'import_valid') => {
    const started = performance.now();
    const res = await fetch(`${base}/api/tools/sim_stock/import?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ mode, file }),
    });
    const answer = (await res.json()) as { result?: { valid: number; imported: number }; message?: string };
    const seconds = (performance.now() - started) / 1000;
    if (!answer.result) throw new Error(`${mode}: ${res.status} ${answer.message ?? ''}`);
    return { seconds, ...answer.result };
  };

  const check = await send('check');
  if (check.valid !== ROWS) throw new Error(`check found ${check.valid} valid rows of ${ROWS}`);
  console.log(`check (validate only):  ${check.seconds.toFixed(2)} s`);
  const times: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await onDatabase(DATABASE_URL, (db) => db.query('truncate sim_stock'));
    const imported = await send('import_valid');
    const [counted] = await onDatabase(DATABASE_URL, async (db) => (await db.query<{ n: number }>('select count(*)::int as n from sim_stock')).rows);
    if (imported.imported !== ROWS || counted?.n !== ROWS) throw new Error(`round ${round}: answered ${imported.imported}, counted ${counted?.n}`);
    times.push(imported.seconds);
    console.log(`import round ${round}:        ${imported.seconds.toFixed(2)} s (${Math.round(ROWS / imported.seconds).toLocaleString('en')} rows/s), ${counted.n} rows counted`);
  }
  times.sort((a, b) => a - b);
  const [min, median, max] = [times[0] ?? 0, times[Math.floor(times.length / 2)] ?? 0, times.at(-1) ?? 0];
  console.log(`\nimport of ${ROWS.toLocaleString('en')} rows: min ${min.toFixed(2)} s, median ${median.toFixed(2)} s, max ${max.toFixed(2)} s (budget 30 s)`);
} finally {
  await server.stop();
  await dropBenchDatabase(DATABASE_URL);
}
