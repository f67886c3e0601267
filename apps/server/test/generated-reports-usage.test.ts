import { GENERATED_REPORTS_API } from '@cab/contract/generated-reports';
import { REPORTS_API } from '@cab/contract/reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { runGeneration } from '../src/modules/platform/generated-reports/runner.js';
import { recordUsage } from '../src/modules/sims/usage/records-repository.js';
import type { UsageEvent } from '../src/network/events.js';
import { parseCsv, parseXlsx } from './support/report-files.js';
import { demoSim, simIdOf } from './support/sims.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

/**
 * Generation from the real usage reports: a known dataset of sessions, SMS and calls on 20 demo
 * SIMs, then each report generated to a file and compared with what the on-screen report says.
 */
let t: TestApp;
let manager: string;
const DAY0 = Date.UTC(2031, 0, 10);
const SIMS = Array.from({ length: 20 }, (_, i) => i + 1);
const filter = { csv: SIMS.map((n) => demoSim(n).iccid).join('\n') };
const range = { from: '2031-01-10', to: '2031-01-16' };

function makeEvents(companyId: number, simIds: number[]): UsageEvent[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  return Array.from({ length: 900 }, (_, i): UsageEvent => {
    const simId = simIds[i % simIds.length] ?? 0;
    const at = new Date(DAY0 + Math.floor(random() * 5 * 86_400) * 1000);
    const base = {
      companyId,
      simId,
      at,
      key: `gen-${i}`,
      operator: random() < 0.3 ? '401-01' : '250-01',
      country: random() < 0.3 ? 'KZ' : 'RU',
    };
    const direction = random() < 0.5 ? ('in' as const) : ('out' as const);
    if (i % 3 !== 2) {
      const up = Math.floor(random() * 50_000);
      const down = Math.floor(random() * 500_000);
      return {
        ...base,
        type: 'data',
        bytes: up + down,
        bytesUp: up,
        bytesDown: down,
        endedAt: new Date(at.getTime() + Math.floor(random() * 3600) * 1000),
        rat: '4G',
        costCents: 1 + Math.floor(random() * 40),
      };
    }
    if (i % 2 === 0)
      return {
        ...base,
        type: 'sms',
        direction,
        peer: '79001112233',
        text: 'T',
        costCents: direction === 'out' ? 3 : 0,
      };
    const seconds = 5 + Math.floor(random() * 300);
    return { ...base, type: 'call', direction, peer: '79001112233', seconds, costCents: Math.ceil(seconds / 60) * 8 };
  });
}

async function generateAndDownload(
  kind: 'day' | 'sessions' | 'call_sms',
  format: 'csv' | 'xlsx',
  request: object,
  lang: 'ru' | 'en' = 'en',
) {
  const created = await post(
    t.app,
    GENERATED_REPORTS_API.create.path,
    { kind, format, request },
    { token: manager, lang },
  );
  expect(created.statusCode, created.body).toBe(200);
  const { id } = created.json<{ result: { id: number } }>().result;
  const [row] = await queryRows<{ company_id: number }>(
    t.database.db,
    sql`select company_id::int as company_id from generated_reports where id = ${id}`,
  );
  await runGeneration(
    { db: t.database.db, bus: t.bus, files: t.files, progressIntervalMs: 0, staleSeconds: 60 },
    { companyId: row?.company_id ?? 0, reportId: id },
  );
  const file = await t.app.inject({
    method: 'GET',
    url: `${GENERATED_REPORTS_API.download.path}?id=${id}`,
    headers: { authorization: `Bearer ${manager}` },
  });
  expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
  return file;
}

interface Totals {
  sessions: number;
  bytes: number;
  sms_in: number;
  sms_out: number;
  calls_in: number;
  calls_out: number;
  call_seconds: number;
  cost: number;
}

async function onScreen(path: string, request: object) {
  const response = await post(t.app, path, { ...request, page: 0, size: 25 }, { token: manager });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ result: { total: number; totals: Totals; chart: Array<Totals & { day: string }> } }>().result;
}

let sessionsCost = 0;
const sum = (values: unknown[]) => values.reduce<number>((s, v) => s + Number(v), 0);

beforeAll(async () => {
  t = await createTestApp();
  manager = (await login(t.app, 'manager@demo.local')).token;
  const simIds = await Promise.all(SIMS.map((n) => simIdOf(t.database.db, n)));
  const [sim] = await queryRows<{ company_id: number }>(
    t.database.db,
    sql`select company_id::int as company_id from sims where id = ${simIds[0] ?? 0}`,
  );
  await recordUsage(t.database.db, makeEvents(sim?.company_id ?? 0, simIds));
}, 60_000);
afterAll(async () => t.close());

describe('generated files equal the on-screen reports', () => {
  it('sessions to CSV: every session, the same traffic and cost totals', async () => {
    const request = { filter, ...range };
    const screen = await onScreen(REPORTS_API.sessions.path, request);
    expect(screen.total).toBe(600);
    const rows = parseCsv((await generateAndDownload('sessions', 'csv', request)).body);
    const header = rows[0] ?? [];
    expect(header.slice(0, 3)).toEqual(['ICCID', 'Number', 'Start']);
    const body = rows.slice(1);
    expect(body).toHaveLength(screen.total);
    const col = (name: string) => body.map((r) => r[header.indexOf(name)]);
    expect(sum(col('Traffic, bytes'))).toBe(screen.totals.bytes);
    sessionsCost = sum(col('Cost, EUR'));
    expect(new Set(col('ICCID'))).toEqual(new Set(SIMS.map((n) => demoSim(n).iccid)));
    const starts = col('Start').map(String);
    expect(starts).toEqual([...starts].sort());
  });

  it('day report to XLSX (Russian headers): one row per day equal to the chart, totals equal', async () => {
    const request = { filter, ...range };
    const screen = await onScreen(REPORTS_API.day.path, request);
    const rows = await parseXlsx((await generateAndDownload('day', 'xlsx', request, 'ru')).rawPayload);
    const header = rows[0] as string[];
    expect(header[0]).toBe('День');
    const body = rows.slice(1);
    expect(body.map((r) => r[0])).toEqual(screen.chart.map((p) => p.day));
    const col = (name: string) => body.map((r) => r[header.indexOf(name)]);
    expect(col('Трафик, байт')).toEqual(screen.chart.map((p) => p.bytes));
    expect(sum(col('Сессии'))).toBe(screen.totals.sessions);
    expect(sum(col('SMS входящие')) + sum(col('SMS исходящие'))).toBe(screen.totals.sms_in + screen.totals.sms_out);
    expect(sum(col('Длительность звонков, с'))).toBe(screen.totals.call_seconds);
    expect(sum(col('Стоимость, EUR'))).toBeCloseTo(screen.totals.cost, 6);
  });

  it('calls and SMS to XLSX: every record, call time and cost equal', async () => {
    const request = { filter, ...range };
    const screen = await onScreen(REPORTS_API.callSms.path, request);
    expect(screen.total).toBe(300);
    const rows = await parseXlsx((await generateAndDownload('call_sms', 'xlsx', request)).rawPayload);
    const header = rows[0] as string[];
    const body = rows.slice(1);
    expect(body).toHaveLength(300);
    const col = (name: string) => body.map((r) => r[header.indexOf(name)]);
    expect(sum(col('Duration, s'))).toBe(screen.totals.call_seconds);
    expect(col('Type').filter((v) => v === 'sms')).toHaveLength(screen.totals.sms_in + screen.totals.sms_out);
    // The on-screen totals are of all usage: sessions (previous file) and calls and SMS together.
    expect(sessionsCost + sum(col('Cost, EUR'))).toBeCloseTo(screen.totals.cost, 6);
    expect(col('Time').every((v) => v instanceof Date)).toBe(true);
  });

  it('the downloads list describes the filter and the period', async () => {
    const list = await post(t.app, GENERATED_REPORTS_API.list.path, { page: 0, size: 10 }, { token: manager });
    const items = list.json<{
      result: { items: Array<{ kind: string; filter: string; from: string; to: string; rows: number }> };
    }>().result.items;
    expect(items[0]).toMatchObject({
      kind: 'call_sms',
      filter: 'CSV: 20 SIMs',
      from: range.from,
      to: range.to,
      rows: 300,
    });
    expect(items[1]).toMatchObject({ kind: 'day', filter: 'CSV: 20 SIM', rows: 7 });
  });

  it('refuses what the on-screen report refuses, with the same texts, and creates nothing', async () => {
    const before = (
      await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from generated_reports`)
    )[0]?.n;
    for (const lang of ['ru', 'en'] as const) {
      const empty = await post(
        t.app,
        GENERATED_REPORTS_API.create.path,
        { kind: 'sessions', format: 'csv', request: { ...range } },
        { token: manager, lang },
      );
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({
        code: 'report_filter_empty',
        message: lang === 'ru' ? 'Пустой фильтр или поле дат' : 'Empty filter or dates field',
      });
    }
    const noDates = await post(
      t.app,
      GENERATED_REPORTS_API.create.path,
      { kind: 'day', format: 'xlsx', request: { filter } },
      { token: manager },
    );
    expect(noDates.json()).toMatchObject({ code: 'report_filter_empty' });
    const tooLong = await post(
      t.app,
      GENERATED_REPORTS_API.create.path,
      { kind: 'day', format: 'csv', request: { filter, from: '2030-01-01', to: '2031-06-01' } },
      { token: manager },
    );
    expect(tooLong.json()).toMatchObject({ code: 'report_range_too_long' });
    const badDate = await post(
      t.app,
      GENERATED_REPORTS_API.create.path,
      { kind: 'day', format: 'csv', request: { filter, from: '2031-02-30', to: '2031-03-01' } },
      { token: manager },
    );
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toMatchObject({ code: 'validation_failed', fields: { from: expect.any(String) as string } });
    const unknownField = await post(
      t.app,
      GENERATED_REPORTS_API.create.path,
      { kind: 'day', format: 'csv', request: { filter, ...range, drop: 1 } },
      { token: manager },
    );
    expect(unknownField.statusCode).toBe(400);
    const foreignGroup = await post(
      t.app,
      GENERATED_REPORTS_API.create.path,
      { kind: 'day', format: 'csv', request: { filter: { group: 999_999 }, ...range } },
      { token: manager },
    );
    expect(foreignGroup.statusCode).toBe(404);
    const after = (
      await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from generated_reports`)
    )[0]?.n;
    expect(after).toBe(before);
  });
});
