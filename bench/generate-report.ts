// Generation of a ~1,000,000-row sessions report (issue 9): rows/s to CSV and to XLSX and the
// process's RSS growth while each file is written, through the same source, writers and file store
// the worker uses. Needs the usage history bench/reports.ts seeds on the bench database.
// Run: npx tsx --conditions=source bench/generate-report.ts   (BENCH_DATABASE_URL to change the database)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ReportRequest } from '@cab/contract/reports';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.js';
import { USAGE_REPORT_SOURCES } from '../apps/server/src/modules/platform/generated-reports/usage-sources.js';
import { fileBody } from '../apps/server/src/modules/platform/generated-reports/writers.js';
import { countReportRows, type ReportScope } from '../apps/server/src/modules/sims/reports/rows.js';
import { LocalFileStore } from '../apps/server/src/storage/file-store.js';
import { openBenchDatabase } from './support/bench-db.js';

const TARGET_ROWS = 1_000_000;

const database = await openBenchDatabase();
const db = database.db;
const [biggest] = await queryRows<{ company_id: number; last: string }>(
  db,
  sql`select company_id::int as company_id, to_char(max(day), 'YYYY-MM-DD') as last from usage_daily_company
      group by company_id order by sum(sessions) desc limit 1`,
);
if (!biggest) throw new Error('no usage on the bench database: run bench/reports.ts first');
const scope: ReportScope = { scope: [biggest.company_id], filter: { blocked: 0 }, csv: null };

// The shortest range ending on the last day with at least TARGET_ROWS sessions.
let query = ReportRequest.parse({ kind: 'sessions', filter: { company: [biggest.company_id] }, from: biggest.last, to: biggest.last });
let rows = 0;
for (let days = 1; days <= 60; days++) {
  const from = new Date(Date.parse(`${biggest.last}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  query = ReportRequest.parse({ kind: 'sessions', filter: { company: [biggest.company_id] }, from, to: biggest.last });
  rows = await countReportRows(db, scope, query);
  if (rows >= TARGET_ROWS) break;
}
console.log(`sessions report: company ${biggest.company_id}, ${query.from}..${query.to}, ${rows.toLocaleString('en-GB')} rows`);

const source = USAGE_REPORT_SOURCES.find((s) => s.kind === 'sessions');
if (!source) throw new Error('no sessions source');
const dir = await mkdtemp(path.join(tmpdir(), 'bench-generate-'));
const files = new LocalFileStore(dir);

// CSV twice: with the lines the database composes (what the worker does) and from the cells (the writer's own path).
const runs = [
  { format: 'csv', label: 'CSV', databaseLines: true },
  { format: 'csv', label: 'CSV from cells', databaseLines: false },
  { format: 'xlsx', label: 'XLSX', databaseLines: false },
] as const;
for (const { format, label, databaseLines } of runs) {
  global.gc?.();
  const rssStart = process.memoryUsage().rss;
  let rssPeak = rssStart;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 100);
  const started = performance.now();
  const opened = await source.open(db, { query, scope }, 'en');
  if (!databaseLines) delete opened.csvLines;
  const body = fileBody(format, opened, 'en', () => Promise.resolve());
  const { bytes } = await files.write(`1/reports/bench.${format}`, body.body);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  console.log(
    `${label.padEnd(15)} ${body.rows().toLocaleString('en-GB')} rows in ${seconds.toFixed(1)} s: ` +
      `${Math.round(body.rows() / seconds).toLocaleString('en-GB')} rows/s, file ${(bytes / 1024 / 1024).toFixed(1)} MB, ` +
      `RSS ${(rssStart / 1024 / 1024).toFixed(0)} MB -> peak ${(rssPeak / 1024 / 1024).toFixed(0)} MB (growth ${((rssPeak - rssStart) / 1024 / 1024).toFixed(0)} MB)`,
  );
}
await rm(dir, { recursive: true, force: true });
await database.close();
