// Generation of report files (issue 26.1: ≥ 50,000 rows/s to CSV, ≥ 20,000 to XLSX, constant
// memory): every kind — sessions, calls and SMS, day by SIM — over the whole 300,000-SIM company and
// over profile TC (a fifth of it), rows/s and the process's RSS growth while each file is written,
// through the same sources, writers and file store the worker uses, ROUNDS rounds each (min /
// median / max). The rows written are checked against a count in plain SQL. Needs the usage
// history bench/reports.ts seeds on the bench database.
// Run: npx tsx bench/generate-report.ts   (BENCH_DATABASE_URL, ROUNDS, DAYS to change them)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ReportRequest, type ReportKind } from '@cab/contract/reports';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.js';
import { USAGE_REPORT_SOURCES } from '../apps/server/src/modules/platform/generated-reports/usage-sources.js';
import { fileBody } from '../apps/server/src/modules/platform/generated-reports/writers.js';
import { resolveReportScope } from '../apps/server/src/modules/sims/reports/service.js';
import { LocalFileStore } from '../apps/server/src/storage/file-store.js';
import { openBenchDatabase } from './support/bench-db.js';
import { loadLine, spreadOf } from './support/load.js';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
/** Days of the range: 4 days of the 300k company are ~1.2M sessions, ~1.2M SIM-days. */
const DAYS = Number(process.env.DAYS ?? 4);

const database = await openBenchDatabase();
const db = database.db;
const [big] = await queryRows<{ id: number; last: string }>(db, sql`
  select c.id::int as id, (select to_char(max(day), 'YYYY-MM-DD') from usage_daily_company where company_id = c.id) as last
  from companies c where c.name = 'Bench Big'`);
if (!big?.last) throw new Error('no usage on the bench database: run bench/reports.ts first');
const to = big.last;
const from = new Date(Date.parse(`${to}T00:00:00Z`) - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
const principal = { kind: 'user', userId: 0, companyId: big.id, role: 'admin', sessionId: 'bench', apiTokenId: null, impersonatorId: null, companyBlocked: false, registrationComplete: true, lang: 'en' } as const;

const filters: Array<[string, Record<string, unknown>, SQL]> = [
  ['whole company', { company: [big.id] }, sql`true`],
  ['profile TC', { company: [big.id], profile: 'TC' }, sql`s.profile = 'TC'`],
];
const kinds: Array<[string, ReportKind, Record<string, unknown>, (where: SQL) => SQL]> = [
  ['sessions', 'sessions', {}, (where) => sql`select count(*) from usage_sessions u join sims s on s.company_id = u.company_id and s.id = u.sim_id
    where u.company_id = ${big.id} and ${where} and u.started_at >= ${from}::timestamptz and u.started_at < ${to}::date + 1`],
  ['calls and SMS', 'call_sms', {}, (where) => sql`select count(*) from usage_events u join sims s on s.company_id = u.company_id and s.id = u.sim_id
    where u.company_id = ${big.id} and ${where} and u.started_at >= ${from}::timestamptz and u.started_at < ${to}::date + 1`],
  ['day by SIM', 'day', { by_sim: true }, (where) => sql`select count(*) from usage_daily d join sims s on s.company_id = d.company_id and s.id = d.sim_id
    where d.company_id = ${big.id} and ${where} and d.day between ${from}::date and ${to}::date`],
];

const dir = await mkdtemp(path.join(tmpdir(), 'bench-generate-'));
const files = new LocalFileStore(dir);
console.log(`report files over ${from}..${to} (${DAYS} days), ${ROUNDS} rounds each: rows/s min / median / max; RSS growth (max of rounds)\n`);
for (const [filterName, filter, where] of filters) {
  for (const [kindName, kind, extra, countSql] of kinds) {
    const query = ReportRequest.parse({ kind, filter, from, to, ...extra });
    const scope = await resolveReportScope(db, principal, query);
    const [truth] = await queryRows<{ count: string }>(db, countSql(where));
    const source = USAGE_REPORT_SOURCES.find((s) => s.kind === kind);
    if (!source) throw new Error(`no ${kind} source`);
    for (const format of ['csv', 'xlsx'] as const) {
      const rates: number[] = [];
      let growth = 0;
      let rows = 0;
      for (let round = 0; round < ROUNDS; round++) {
        global.gc?.();
        const rssStart = process.memoryUsage().rss;
        let rssPeak = rssStart;
        const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 100);
        const started = performance.now();
        const body = fileBody(format, await source.open(db, { query, scope }, 'en'), 'en', () => Promise.resolve());
        await files.write(`1/reports/bench.${format}`, body.body);
        const seconds = (performance.now() - started) / 1000;
        clearInterval(sampler);
        rows = body.rows();
        rates.push(rows / seconds);
        growth = Math.max(growth, (Math.max(rssPeak, process.memoryUsage().rss) - rssStart) / 1024 / 1024);
      }
      const right = rows === Number(truth?.count);
      console.log(
        `${filterName.padEnd(14)} ${kindName.padEnd(14)} ${format.padEnd(5)} ${rows.toLocaleString('en').padStart(10)} rows ${spreadOf(rates).padStart(26)} rows/s  RSS +${growth.toFixed(0)} MB${right ? '' : `  WRONG (plain SQL ${truth?.count})`}`,
      );
    }
  }
}
console.log(`\n${loadLine()}`);
await rm(dir, { recursive: true, force: true });
await database.close();
