import { GENERATED_REPORTS_API } from '@cab/contract/generated-reports';
import { sql } from 'drizzle-orm';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { sweepStalledReports } from '../src/modules/platform/generated-reports/jobs.js';
import { claimReport } from '../src/modules/platform/generated-reports/lease-repository.js';
import { fileKeyOf } from '../src/modules/platform/generated-reports/repository.js';
import { runGeneration, type ReportRunnerDeps } from '../src/modules/platform/generated-reports/runner.js';
import { registerReportSource, type ReportSource } from '../src/modules/platform/generated-reports/sources.js';
import { parseCsv } from './support/report-files.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';

/**
 * Who writes a generated file: one worker at a time under a lease. A worker killed mid-write is
 * played here by what it leaves behind (a claim nobody renews and a partial file), so these run on
 * PGlite too; test/report-crash.test.ts kills a real worker process on PostgreSQL.
 */
let rows = 3000;
let batchPause = 0;
const source: ReportSource = {
  kind: 'sessions',
  fileStem: 'sessions',
  title: { ru: 'Сессии', en: 'Sessions' },
  check: () => Promise.resolve({ params: {}, filter: '', from: null, to: null }),
  open: () => {
    const total = rows;
    return Promise.resolve({
      columns: [{ key: 'n', header: { ru: 'Номер', en: 'No.' }, type: 'integer' }],
      count: () => Promise.resolve(total),
      rows: async function* () {
        for (let start = 0; start < total; start += 500) {
          yield Array.from({ length: Math.min(500, total - start) }, (_, k) => [start + k + 1]);
          if (batchPause > 0) await new Promise((resolve) => setTimeout(resolve, batchPause));
        }
      },
    });
  },
};

let t: TestApp;
let manager: string;
let root: string;
let deps: ReportRunnerDeps;
const sent: Array<{ data: { reportId: number }; options: { singletonKey?: string } }> = [];
const fakeBoss = {
  send: (_name: string, data: { reportId: number }, options: { singletonKey?: string }) => {
    sent.push({ data, options });
    return Promise.resolve('job');
  },
} as unknown as PgBoss;

let restoreSources: () => void = () => undefined;

beforeAll(async () => {
  restoreSources = registerReportSource(source);
  t = await createTestApp();
  manager = (await login(t.app, 'manager@demo.local')).token;
  // The test app's store is a fresh folder under its own filesDir (fileStoreFor), made by its first write.
  await t.files.write('probe/probe.txt', Readable.from(['probe']));
  const folders = await readdir(t.filesDir);
  expect(folders).toHaveLength(1);
  root = path.join(t.filesDir, folders[0] ?? '');
  deps = { db: t.database.db, bus: t.bus, files: t.files, progressIntervalMs: 0, staleSeconds: 60 };
}, 60_000);
afterAll(async () => {
  restoreSources();
  await t.close();
});

interface FileRow {
  company_id: number;
  state: string;
  rows: number | null;
  attempts: number;
  claimed_by: string | null;
  file_key: string;
  queue_id: number;
}

async function report(id: number): Promise<FileRow> {
  const [row] = await queryRows<FileRow>(t.database.db, sql`
    select company_id::int as company_id, state, rows::int as rows, attempts, claimed_by, file_key, queue_id::int as queue_id
    from generated_reports where id = ${id}`);
  if (!row) throw new Error(`no report ${id}`);
  return row;
}

async function item(qid: number) {
  const [row] = await queryRows<{ state: string; ok: number; fail: number }>(
    t.database.db,
    sql`select state, ok, fail from queue_items where id = ${qid}`,
  );
  return row;
}

async function generate(): Promise<{ id: number; qid: number; companyId: number; job: { companyId: number; reportId: number } }> {
  const created = await post(t.app, GENERATED_REPORTS_API.create.path, { kind: 'sessions', format: 'csv', request: {} }, { token: manager });
  expect(created.statusCode, created.body).toBe(200);
  const { id, qid } = created.json<{ result: { id: number; qid: number } }>().result;
  const companyId = (await report(id)).company_id;
  return { id, qid, companyId, job: { companyId, reportId: id } };
}

/** Files of a report in the store's folder, partial ones included. */
async function filesOf(companyId: number, id: number): Promise<string[]> {
  const names = await readdir(path.join(root, String(companyId), 'reports')).catch(() => []);
  return names.filter((n) => n.startsWith(`${id}.`) || n.startsWith(`${id}-`)).sort();
}

/** What a worker killed while writing attempt `attempt` leaves: a claim nobody renews and a partial file. */
async function leaveDeadAttempt(companyId: number, id: number, attempt: number): Promise<void> {
  const key = fileKeyOf(companyId, id, 'csv', attempt);
  expect(await claimReport(t.database.db, { companyId, id, attempts: attempt - 1 }, 'dead-host:4242:x', key, 60)).toBe(true);
  await writeFile(path.join(root, `${key}.partial-4242-1`), 'No.\r\n1\r\n2\r\n');
}

async function readyNotices(since: number): Promise<string[]> {
  const found = await queryRows<{ text: string }>(t.database.db, sql`
    select texts->>'en' as text from notifications where id > ${since} and texts->>'en' like 'The report “Sessions”%'`);
  return found.map((n) => n.text);
}

async function lastNotification(): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`select coalesce(max(id), 0)::int as id from notifications`);
  return row?.id ?? 0;
}

async function fileLines(key: string): Promise<number> {
  const body = await t.files.read(key);
  if (!body) throw new Error(`no file ${key}`);
  return parseCsv(await text(body)).length;
}

describe('generated report leases', () => {
  it('a second worker leaves a file alone while its writer is alive and renewing the lease', async () => {
    rows = 20_000;
    batchPause = 15;
    const since = await lastNotification();
    const { id, qid, job } = await generate();
    const first = runGeneration(deps, job);
    await waitFor(async () => ((await item(qid))?.ok ?? 0) > 0, 10_000, 'the first worker to write');
    const owner = (await report(id)).claimed_by;
    await runGeneration(deps, job);
    expect(await report(id)).toMatchObject({ state: 'writing', attempts: 1, claimed_by: owner });
    await first;
    batchPause = 0;
    expect(await report(id)).toMatchObject({ state: 'ready', rows: 20_000, attempts: 1 });
    expect(await readyNotices(since)).toEqual(['The report “Sessions” (CSV) is ready, rows: 20,000. Download it under Downloads.']);
  });

  it('a dead worker’s file is taken over once its lease is stale: its partial file goes, the file is written once', async () => {
    rows = 3000;
    const since = await lastNotification();
    const { id, qid, companyId, job } = await generate();
    await leaveDeadAttempt(companyId, id, 1);
    // Within QUEUE_STALE_SECONDS the lease may be a live worker's: nobody touches it.
    await runGeneration(deps, job);
    expect(await report(id)).toMatchObject({ state: 'writing', attempts: 1, claimed_by: 'dead-host:4242:x' });
    expect(await filesOf(companyId, id)).toEqual([`${id}.csv.partial-4242-1`]);

    await t.database.db.execute(sql`update generated_reports set claimed_at = now() - interval '61 seconds' where id = ${id}`);
    await runGeneration(deps, job);
    const done = await report(id);
    expect(done).toMatchObject({ state: 'ready', rows: 3000, attempts: 2, file_key: fileKeyOf(companyId, id, 'csv', 2) });
    expect(await filesOf(companyId, id)).toEqual([`${id}-2.csv`]);
    expect(await fileLines(done.file_key)).toBe(3001);
    expect(await item(qid)).toEqual({ state: 'done', ok: 3000, fail: 0 });
    await runGeneration(deps, job);
    expect(await readyNotices(since)).toHaveLength(1);
  });

  it('a worker whose lease was taken over neither ends the file nor removes its successor’s file', async () => {
    rows = 24_000;
    batchPause = 10;
    const since = await lastNotification();
    const { id, qid, companyId, job } = await generate();
    // No heartbeat comes within this test: only the final state move can tell the first it lost.
    const slow = { ...deps, staleSeconds: 3600 };
    const first = runGeneration(slow, job);
    await waitFor(async () => ((await item(qid))?.ok ?? 0) > 0, 10_000, 'the first worker to write');
    await t.database.db.execute(sql`update generated_reports set claimed_at = now() - interval '2 hours' where id = ${id}`);
    const second = runGeneration(slow, job);
    await Promise.all([first, second]);
    batchPause = 0;
    const done = await report(id);
    expect(done).toMatchObject({ state: 'ready', rows: 24_000, attempts: 2 });
    expect(await filesOf(companyId, id)).toEqual([`${id}-2.csv`]);
    expect(await fileLines(done.file_key)).toBe(24_001);
    expect(await item(qid)).toEqual({ state: 'done', ok: 24_000, fail: 0 });
    expect(await readyNotices(since)).toHaveLength(1);
  });

  it('a writer hears from its heartbeat that it lost the lease and stops, ending nothing', async () => {
    rows = 50_000;
    batchPause = 20;
    const since = await lastNotification();
    const { id, qid, companyId, job } = await generate();
    const first = runGeneration({ ...deps, staleSeconds: 1 }, job);
    await waitFor(async () => ((await item(qid))?.ok ?? 0) > 0, 10_000, 'the worker to write');
    await t.database.db.execute(sql`update generated_reports set claimed_by = 'successor' where id = ${id}`);
    await first;
    batchPause = 0;
    expect(await report(id)).toMatchObject({ state: 'writing', claimed_by: 'successor' });
    expect((await item(qid))?.ok).toBeLessThan(50_000);
    expect(await filesOf(companyId, id)).toEqual([]);
    expect(await readyNotices(since)).toEqual([]);
    await post(t.app, GENERATED_REPORTS_API.cancel.path, { qid }, { token: manager });
  });

  it('a file whose every attempt killed its worker fails, and its author is told', async () => {
    rows = 10;
    const since = await lastNotification();
    const { id, qid, companyId, job } = await generate();
    for (const attempt of [1, 2, 3]) {
      await leaveDeadAttempt(companyId, id, attempt);
      await t.database.db.execute(sql`update generated_reports set claimed_at = now() - interval '61 seconds' where id = ${id}`);
    }
    await runGeneration(deps, job);
    expect(await report(id)).toMatchObject({ state: 'failed', attempts: 4 });
    expect(await filesOf(companyId, id)).toEqual([]);
    expect(await item(qid)).toMatchObject({ state: 'done', fail: 1 });
    expect(await readyNotices(since)).toEqual(['The report “Sessions” (CSV) could not be generated. Please try again.']);
  });

  it('a file stuck before leases existed is taken over too, and its partial file goes', async () => {
    rows = 700;
    const { id, qid, companyId, job } = await generate();
    // As migration 0022 finds a file whose worker was killed: no claim, an old row, a partial file.
    await t.database.db.execute(sql`update generated_reports set created_at = now() - interval '3 hours' where id = ${id}`);
    await writeFile(path.join(root, `${fileKeyOf(companyId, id, 'csv')}.partial-4242-1`), 'No.\r\n1\r\n');
    await runGeneration(deps, job);
    expect(await report(id)).toMatchObject({ state: 'ready', rows: 700, attempts: 1 });
    expect(await filesOf(companyId, id)).toEqual([`${id}.csv`]);
    expect(await item(qid)).toEqual({ state: 'done', ok: 700, fail: 0 });
  });

  it('cancelling a file whose writer died removes the partial file it left', async () => {
    const { id, qid, companyId } = await generate();
    await leaveDeadAttempt(companyId, id, 1);
    expect((await post(t.app, GENERATED_REPORTS_API.cancel.path, { qid }, { token: manager })).statusCode).toBe(200);
    expect(await filesOf(companyId, id)).toEqual([]);
  });

  it('the sweep sends a job for a stale or never-taken file only, one per stale period', async () => {
    const live = await generate();
    await claimReport(t.database.db, { companyId: live.companyId, id: live.id, attempts: 0 }, 'alive', 'k', 60);
    const stale = await generate();
    await leaveDeadAttempt(stale.companyId, stale.id, 1);
    await t.database.db.execute(sql`update generated_reports set claimed_at = now() - interval '61 seconds' where id = ${stale.id}`);
    const lost = await generate();
    await t.database.db.execute(sql`update generated_reports set created_at = now() - interval '61 seconds' where id = ${lost.id}`);
    const fresh = await generate();
    sent.length = 0;
    await sweepStalledReports(fakeBoss, t.database.db, 60);
    const ids = [live.id, stale.id, lost.id, fresh.id];
    const swept = sent.filter((s) => ids.includes(s.data.reportId));
    expect(swept.map((s) => s.data.reportId).sort()).toEqual([stale.id, lost.id].sort());
    expect(swept.map((s) => s.options.singletonKey).sort()).toEqual([`report-${stale.id}`, `report-${lost.id}`].sort());
  });
});
