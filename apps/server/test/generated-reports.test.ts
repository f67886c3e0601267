import { QUEUE_API } from '@cab/contract/queue';
import { GENERATED_REPORTS_API, GeneratedReportsListResult } from '@cab/contract/generated-reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { AppError } from '../src/http/errors.js';
import { expireGeneratedReports } from '../src/modules/platform/generated-reports/jobs.js';
import { runGeneration, type ReportRunnerDeps } from '../src/modules/platform/generated-reports/runner.js';
import {
  registerReportSource,
  type ReportCell,
  type ReportColumn,
  type ReportSource,
} from '../src/modules/platform/generated-reports/sources.js';
import type { EventBus } from '../src/realtime/bus.js';
import { parseCsv, parseXlsx } from './support/report-files.js';
import { createTestApp, get, login, post, type TestApp } from './support/test-app.js';

/**
 * A source standing for a usage report: `rows` rows made from their index, in batches of 500, with
 * text that needs quoting (commas, quotes, Cyrillic, a formula) and every column type.
 */
const COLUMNS: ReportColumn[] = [
  { key: 'id', header: { ru: 'Номер', en: 'No.' }, type: 'integer' },
  { key: 'started', header: { ru: 'Начало', en: 'Started' }, type: 'datetime' },
  { key: 'day', header: { ru: 'День', en: 'Day' }, type: 'date' },
  { key: 'name', header: { ru: 'Название, "SIM"', en: 'Name, "SIM"' }, type: 'text' },
  { key: 'bytes', header: { ru: 'Байты', en: 'Bytes' }, type: 'integer' },
  { key: 'cost', header: { ru: 'Стоимость', en: 'Cost' }, type: 'decimal' },
];
const BASE = Date.UTC(2026, 10, 1) / 1000;
const NAMES = ['Трекер, склад', 'say "hi"', '=HYPERLINK("x")', '+79001234567', 'plain'];
function makeRow(i: number): ReportCell[] {
  return [
    i + 1,
    BASE + i * 61,
    '2026-11-01',
    NAMES[i % NAMES.length] ?? '',
    i * 1000 + 7,
    Math.round(i * 1.37 * 100) / 100,
  ];
}

let sourceRows = 1234;
/** Pause after each batch (ms): lets a test cancel in the middle. */
let batchPause = 0;
let failAfter: number | null = null;

const testSource: ReportSource = {
  kind: 'sessions',
  fileStem: 'sessions',
  title: { ru: 'Сессии', en: 'Sessions' },
  check: (_db, _principal, request) => {
    const body = request as { from?: unknown; to?: unknown };
    if (typeof body.from !== 'string' || typeof body.to !== 'string')
      throw new AppError('validation_failed', { from: 'required' });
    return Promise.resolve({
      params: { rows: sourceRows, from: body.from, to: body.to },
      filter: 'ICCID 8970…',
      from: body.from,
      to: body.to,
    });
  },
  open: (_db, params) => {
    const total = Number(params.rows);
    return Promise.resolve({
      columns: COLUMNS,
      count: () => Promise.resolve(total),
      rows: async function* () {
        for (let start = 0; start < total; start += 500) {
          if (failAfter !== null && start >= failAfter) throw new Error('usage store unavailable');
          yield Array.from({ length: Math.min(500, total - start) }, (_, k) => makeRow(start + k));
          if (batchPause > 0) await new Promise((resolve) => setTimeout(resolve, batchPause));
        }
      },
    });
  },
};

let t: TestApp;
let manager: string;
let viewer: string;
let otherAdmin: string;
const published: Array<{ type: string; data: unknown }> = [];
let deps: ReportRunnerDeps;

const request = { from: '2026-11-01', to: '2026-11-30' };

async function generate(format: 'csv' | 'xlsx', token = manager) {
  const response = await post(
    t.app,
    GENERATED_REPORTS_API.create.path,
    { kind: 'sessions', format, request },
    { token },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ result: { id: number; qid: number } }>().result;
}

async function companyOf(id: number): Promise<number> {
  const [row] = await queryRows<{ company_id: number }>(
    t.database.db,
    sql`select company_id::int as company_id from generated_reports where id = ${id}`,
  );
  return row?.company_id ?? 0;
}

async function run(id: number) {
  await runGeneration(deps, { companyId: await companyOf(id), reportId: id });
}

async function list(token = manager) {
  const response = await post(t.app, GENERATED_REPORTS_API.list.path, { page: 0, size: 50 }, { token });
  expect(response.statusCode, response.body).toBe(200);
  return GeneratedReportsListResult.parse(response.json<{ result: unknown }>().result);
}

async function download(id: number, token = manager, lang: 'ru' | 'en' = 'en') {
  return t.app.inject({
    method: 'GET',
    url: `${GENERATED_REPORTS_API.download.path}?id=${id}&lang=${lang}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

async function fileKey(id: number): Promise<string> {
  const [row] = await queryRows<{ file_key: string }>(
    t.database.db,
    sql`select file_key from generated_reports where id = ${id}`,
  );
  return row?.file_key ?? '';
}

let restoreSources: () => void = () => undefined;

beforeAll(async () => {
  restoreSources = registerReportSource(testSource);
  t = await createTestApp();
  manager = (await login(t.app, 'manager@demo.local')).token;
  viewer = (await login(t.app, 'viewer@demo.local')).token;
  const [otherCompany] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into companies (name, tax_number, billing_type) values ('Other Files Ltd', 'OTHER-FILES-1', 1) returning id::int as id`,
  );
  const { hashPassword } = await import('../src/auth/passwords.js');
  await t.database.db.execute(sql`
    insert into users (company_id, email, password_hash, first_name, last_name, role)
    values (${otherCompany?.id ?? 0}, 'admin@other-files.example', ${await hashPassword('other-password-1')}, 'Other', 'Admin', 'admin')`);
  otherAdmin = (await login(t.app, 'admin@other-files.example', 'other-password-1')).token;
  const spy = {
    publish: (_target: unknown, event: { type: string; data: unknown }) => {
      published.push(event);
      return Promise.resolve();
    },
  };
  deps = { db: t.database.db, bus: spy as unknown as EventBus, files: t.files, progressIntervalMs: 0, staleSeconds: 60 };
}, 60_000);
afterAll(async () => {
  restoreSources();
  await t.close();
});

describe('report generation (queue_report_generate)', () => {
  it('writes a CSV whose rows and totals are the source rows, with progress to 100% and the author told', async () => {
    sourceRows = 1234;
    const { id, qid } = await generate('csv');
    const queue = (await get(t.app, QUEUE_API.list.path, { token: manager })).json<{
      result: { items: Array<{ qid: number; queue: string }> };
    }>();
    expect(queue.result.items).toContainEqual(expect.objectContaining({ qid, queue: 'queue_report_generate' }));
    const before = await list();
    expect(before.items.find((f) => f.id === id)).toMatchObject({
      state: 'writing',
      qid,
      kind: 'sessions',
      format: 'csv',
      from: '2026-11-01',
      to: '2026-11-30',
    });

    published.length = 0;
    await run(id);
    const changes = published
      .filter((e) => e.type === 'queue_change')
      .map((e) => (e.data as { status: { percentage: number } }).status.percentage);
    expect(changes.length).toBeGreaterThan(1);
    expect(changes.at(-1)).toBe(100);
    expect(changes).toEqual([...changes].sort((a, b) => a - b));
    expect(published).toContainEqual({ type: 'queue_del', data: { qid } });
    const notify = published.find((e) => e.type === 'notify')?.data as
      { text: string; popup?: { show: boolean } } | undefined;
    expect(notify?.text).toContain('1,234');
    expect(notify?.popup?.show).toBe(true);

    const listed = (await list()).items.find((f) => f.id === id);
    expect(listed).toMatchObject({ state: 'ready', rows: 1234, qid: null, filter: 'ICCID 8970…' });
    expect(listed?.expires).toBeGreaterThan(listed?.created ?? 0);
    expect(listed?.expires ?? 0).toBe((listed?.created ?? 0) + 30 * 86_400);

    const response = await download(id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="sessions-2026-11-01_2026-11-30-${id}.csv"; filename*=UTF-8''sessions-2026-11-01_2026-11-30-${id}.csv`,
    );
    expect(Number(listed?.bytes)).toBe(response.rawPayload.length);
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(COLUMNS.map((c) => c.header.en));
    expect(rows).toHaveLength(1235);
    expect(rows[1]).toEqual(['1', '2026-11-01 00:00:00', '2026-11-01', 'Трекер, склад', '7', '0']);
    expect(rows[3]?.[3]).toBe(`'=HYPERLINK("x")`);
    expect(rows[4]?.[3]).toBe('+79001234567');
    const expected = Array.from({ length: 1234 }, (_, i) => makeRow(i));
    const sum = (cells: Array<number | string>) => cells.reduce<number>((s, v) => s + Number(v), 0);
    expect(sum(rows.slice(1).map((r) => r[4] ?? ''))).toBe(sum(expected.map((r) => r[4] as number)));
    expect(sum(rows.slice(1).map((r) => r[5] ?? ''))).toBeCloseTo(sum(expected.map((r) => r[5] as number)), 6);
  });

  it('writes an XLSX in the requested language that parses back to the same rows and totals', async () => {
    sourceRows = 2100;
    const created = await post(
      t.app,
      GENERATED_REPORTS_API.create.path,
      { kind: 'sessions', format: 'xlsx', request },
      { token: manager, lang: 'ru' },
    );
    const { id } = created.json<{ result: { id: number } }>().result;
    await run(id);
    const response = await download(id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain(`filename="sessions-2026-11-01_2026-11-30-${id}.xlsx"`);
    const rows = await parseXlsx(response.rawPayload);
    expect(rows[0]).toEqual(COLUMNS.map((c) => c.header.ru));
    expect(rows).toHaveLength(2101);
    expect(rows[1]).toEqual([1, new Date(BASE * 1000), '2026-11-01', 'Трекер, склад', 7, 0]);
    expect(rows[3]?.[3]).toBe('=HYPERLINK("x")');
    const expected = Array.from({ length: 2100 }, (_, i) => makeRow(i));
    const total = (cells: unknown[]) => cells.reduce<number>((s, v) => s + Number(v), 0);
    expect(total(rows.slice(1).map((r) => r[4]))).toBe(total(expected.map((r) => r[4])));
    expect(total(rows.slice(1).map((r) => r[5]))).toBeCloseTo(total(expected.map((r) => r[5])), 6);
    expect(rows.slice(1).map((r) => r[0])).toEqual(expected.map((r) => r[0]));
  });

  it('an empty report is a file with its header only, at 100%', async () => {
    sourceRows = 0;
    const { id } = await generate('xlsx');
    await run(id);
    expect((await list()).items.find((f) => f.id === id)).toMatchObject({ state: 'ready', rows: 0 });
    expect(await parseXlsx((await download(id)).rawPayload)).toHaveLength(1);
  });

  it('refuses a request its source refuses, and an unknown kind, with field errors and nothing created', async () => {
    const before = (await list()).total;
    const bad = await post(
      t.app,
      GENERATED_REPORTS_API.create.path,
      { kind: 'sessions', format: 'csv', request: {} },
      { token: manager, lang: 'ru' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', fields: { from: 'Заполните данные' } });
    const unknownKind = await post(
      t.app,
      GENERATED_REPORTS_API.create.path,
      { kind: 'calls_and_coffee', format: 'csv', request: {} },
      { token: manager },
    );
    expect(unknownKind.statusCode).toBe(400);
    const badFormat = await post(
      t.app,
      GENERATED_REPORTS_API.create.path,
      { kind: 'sessions', format: 'pdf', request },
      { token: manager },
    );
    expect(badFormat.statusCode).toBe(400);
    expect((await list()).total).toBe(before);
  });
});

describe('cancel, delete, expiry and failed downloads', () => {
  it('a download of a file still being written answers a clear error in ru and en', async () => {
    sourceRows = 10;
    const { id } = await generate('csv');
    const en = await download(id, manager, 'en');
    expect(en.statusCode).toBe(409);
    expect(en.json()).toEqual({
      code: 'report_not_ready',
      message: 'The file is still being generated: download it once its queue operation reaches 100%',
    });
    const ru = await download(id, manager, 'ru');
    expect(ru.json<{ message: string }>().message).toContain('Файл ещё формируется');
    await run(id);
  });

  it('cancel in the middle stops the writing and leaves no file (own route and the queue route)', async () => {
    for (const route of ['own', 'queue'] as const) {
      sourceRows = 50_000;
      batchPause = 20;
      const { id, qid } = await generate(route === 'own' ? 'csv' : 'xlsx');
      const running = run(id);
      for (let i = 0; i < 200; i++) {
        const [item] = await queryRows<{ ok: number }>(
          t.database.db,
          sql`select ok from queue_items where id = ${qid}`,
        );
        if ((item?.ok ?? 0) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const cancel =
        route === 'own'
          ? await post(t.app, GENERATED_REPORTS_API.cancel.path, { qid }, { token: manager })
          : await post(t.app, QUEUE_API.cancel.path, { qid }, { token: manager });
      expect(cancel.statusCode, cancel.body).toBe(200);
      await running;
      batchPause = 0;
      expect(await t.files.size(await fileKey(id))).toBeNull();
      expect((await list()).items.map((f) => f.id)).not.toContain(id);
      const [item] = await queryRows<{ state: string; ok: number }>(
        t.database.db,
        sql`select state, ok from queue_items where id = ${qid}`,
      );
      expect(item?.state).toBe('cancelled');
      expect(item?.ok).toBeLessThan(50_000);
      const gone = await download(id);
      expect(gone.statusCode).toBe(410);
      expect(gone.json()).toMatchObject({ code: 'report_cancelled' });
    }
  });

  it('a generation cancelled before a worker took it writes nothing', async () => {
    sourceRows = 10;
    const { id, qid } = await generate('csv');
    expect((await post(t.app, GENERATED_REPORTS_API.cancel.path, { qid }, { token: manager })).statusCode).toBe(200);
    await run(id);
    expect(await t.files.size(await fileKey(id))).toBeNull();
    expect((await post(t.app, GENERATED_REPORTS_API.cancel.path, { qid }, { token: manager })).statusCode).toBe(409);
  });

  it('a source failing in the middle leaves a failed entry, no file, and a failed queue item', async () => {
    sourceRows = 3000;
    failAfter = 1000;
    const { id, qid } = await generate('csv');
    published.length = 0;
    await expect(run(id)).rejects.toThrow('usage store unavailable');
    failAfter = null;
    expect(await t.files.size(await fileKey(id))).toBeNull();
    expect((await list()).items.find((f) => f.id === id)).toMatchObject({ state: 'failed' });
    const [item] = await queryRows<{ state: string; fail: number }>(
      t.database.db,
      sql`select state, fail from queue_items where id = ${qid}`,
    );
    expect(item).toEqual({ state: 'done', fail: 1 });
    expect(published.find((e) => e.type === 'notify')?.data).toMatchObject({ type: 'error' });
    expect((await download(id)).json()).toMatchObject({ code: 'report_failed' });
  });

  it('delete asks nothing of a viewer, removes the file, and a later download says it was deleted', async () => {
    sourceRows = 5;
    const { id } = await generate('csv');
    await run(id);
    const key = await fileKey(id);
    expect(await t.files.size(key)).toBeGreaterThan(0);
    expect((await post(t.app, GENERATED_REPORTS_API.delete.path, { id }, { token: viewer })).statusCode).toBe(403);
    expect((await post(t.app, GENERATED_REPORTS_API.delete.path, { id }, { token: otherAdmin })).statusCode).toBe(404);
    const deleted = await post(t.app, GENERATED_REPORTS_API.delete.path, { id }, { token: manager });
    expect(deleted.statusCode).toBe(200);
    expect(await t.files.size(key)).toBeNull();
    expect((await list()).items.map((f) => f.id)).not.toContain(id);
    const gone = await download(id, manager, 'ru');
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ code: 'report_deleted', message: 'Этот файл отчёта удалён' });
    expect((await post(t.app, GENERATED_REPORTS_API.delete.path, { id }, { token: manager })).statusCode).toBe(404);
    const [audit] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'report_delete' and details->>'id' = ${String(id)}`,
    );
    expect(audit?.n).toBe(1);
  });

  it('the expiry job removes files past their time; their download says so, and old tombstones go', async () => {
    sourceRows = 5;
    const { id } = await generate('csv');
    await run(id);
    const { id: fresh } = await generate('csv');
    await run(fresh);
    const key = await fileKey(id);
    await t.database.db.execute(
      sql`update generated_reports set expires_at = now() - interval '1 minute' where id = ${id}`,
    );
    // Past its time, a file is not served even before the job has run.
    expect((await download(id)).json()).toMatchObject({ code: 'report_expired' });
    const { expired } = await expireGeneratedReports(t.database.db, t.files);
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(await t.files.size(key)).toBeNull();
    expect(await t.files.size(await fileKey(fresh))).toBeGreaterThan(0);
    expect((await list()).items.map((f) => f.id)).not.toContain(id);
    const gone = await download(id);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({
      code: 'report_expired',
      message: 'This file has expired and was removed. Please generate the report again',
    });
    await t.database.db.execute(sql`update generated_reports set gone_at = now() - interval '8 days' where id = ${id}`);
    const { purged } = await expireGeneratedReports(t.database.db, t.files);
    expect(purged).toBeGreaterThanOrEqual(1);
    expect((await download(id)).statusCode).toBe(404);
    expect((await download(fresh)).statusCode).toBe(200);
  });
});

describe('who may generate and read files', () => {
  it('a viewer lists and downloads the company’s files but may not generate, cancel or delete', async () => {
    sourceRows = 3;
    const { id, qid } = await generate('csv');
    expect((await post(t.app, GENERATED_REPORTS_API.cancel.path, { qid }, { token: viewer })).statusCode).toBe(403);
    await run(id);
    const refused = await post(
      t.app,
      GENERATED_REPORTS_API.create.path,
      { kind: 'sessions', format: 'csv', request },
      { token: viewer },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    expect((await list(viewer)).items.map((f) => f.id)).toContain(id);
    expect((await download(id, viewer)).statusCode).toBe(200);
  });

  it('another company sees none of these files: list empty, download, delete and cancel answer 404', async () => {
    sourceRows = 3;
    const { id, qid } = await generate('csv');
    expect((await list(otherAdmin)).total).toBe(0);
    expect((await download(id, otherAdmin)).statusCode).toBe(404);
    expect((await post(t.app, GENERATED_REPORTS_API.cancel.path, { qid }, { token: otherAdmin })).statusCode).toBe(404);
    expect((await post(t.app, GENERATED_REPORTS_API.delete.path, { id }, { token: otherAdmin })).statusCode).toBe(404);
    await run(id);
    expect((await download(id, otherAdmin)).statusCode).toBe(404);
    expect((await download(id)).statusCode).toBe(200);
  });

  it('a generation is one of the company’s running operations but its rows are not SIMs in flight', async () => {
    sourceRows = 200_000;
    const { id } = await generate('csv');
    await t.database.db.execute(
      sql`update queue_items set count = 200000 where id = (select queue_id from generated_reports where id = ${id})`,
    );
    const sims = await post(
      t.app,
      QUEUE_API.create.path,
      { reason: 'queue_ping', selection: { filter: {} } },
      { token: manager },
    );
    expect(sims.statusCode, sims.body).toBe(200);
  });
});
