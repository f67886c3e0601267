import { CallSmsReportResult, DayReportResult, SessionsReportResult, type UsageTotals } from '@cab/contract/reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import type { UsageEvent } from '../../src/network/events.js';
import { recordUsage } from '../../src/modules/sims/usage/records-repository.js';
import { reportColumns, reportRows, countReportRows } from '../../src/modules/sims/reports/rows.js';
import { prepareReport } from '../../src/modules/sims/reports/service.js';
import { makeIccid } from '../../src/seed/iccid.js';
import { StrictErrorBody, demoCompanies, demoSim, simIdOf, type DemoCompanies } from '../support/sims.js';
import { createTestApp, login, post, type TestApp } from '../support/test-app.js';

/*
 * A known dataset on three days of March 2031, read back through every report: the figures, the
 * rows, sorting, paging, the per-SIM day report, the spec's validation texts and tenant isolation.
 */

let t: TestApp;
let manager: string;
let viewer: string;
let c: DemoCompanies;
let simA: number;
let simB: number;
let simChild: number;
let foreignIccid: string;

const D1 = '2031-03-01';
const D2 = '2031-03-02';
const D3 = '2031-03-03';
const at = (day: string, time: string) => new Date(`${day}T${time}Z`);
const net = { operator: '250-01', country: 'RU' };
const kz = { operator: '401-01', country: 'KZ' };

beforeAll(async () => {
  t = await createTestApp();
  manager = (await login(t.app, 'manager@demo.local')).token;
  viewer = (await login(t.app, 'viewer@demo.local')).token;
  c = await demoCompanies(t.database.db);
  simA = await simIdOf(t.database.db, 0);
  simB = await simIdOf(t.database.db, 1);
  simChild = await simIdOf(t.database.db, 4999);
  foreignIccid = makeIccid(990_001);
  const [foreign] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into sims (company_id, iccid, msisdn, profile) values (${c.operator}, ${foreignIccid}, '79580999001', 'TC') returning id::int as id`,
  );
  if (!foreign) throw new Error('no foreign sim');
  const demo = { companyId: c.demo };
  const events: UsageEvent[] = [
    { ...demo, ...net, simId: simA, key: 'a1', type: 'data', at: at(D1, '10:00:00'), endedAt: at(D1, '10:01:40'), bytes: 4000, bytesUp: 1000, bytesDown: 3000, rat: '4G', costCents: 5 },
    { ...demo, ...net, simId: simA, key: 'a2', type: 'sms', at: at(D1, '11:00:00'), direction: 'out', peer: '79001112233', text: 'PING', costCents: 3 },
    { ...demo, ...kz, simId: simA, key: 'a3', type: 'data', at: at(D2, '08:00:00'), endedAt: at(D2, '08:01:00'), bytes: 1000, bytesUp: 500, bytesDown: 500, rat: 'LTE-M', costCents: 2 },
    { ...demo, ...kz, simId: simA, key: 'a4', type: 'call', at: at(D2, '09:00:00'), direction: 'in', peer: '77011234567', seconds: 61, costCents: 16 },
    { ...demo, ...net, simId: simB, key: 'b1', type: 'data', at: at(D1, '12:00:00'), endedAt: at(D1, '12:00:10'), bytes: 1000, bytesUp: 200, bytesDown: 800, rat: 'NB-IoT', costCents: 1 },
    { ...demo, ...net, simId: simB, key: 'b2', type: 'sms', at: at(D1, '13:00:00'), direction: 'in', peer: '79001112233', text: 'OK', costCents: 0 },
    { companyId: c.child, ...net, simId: simChild, key: 'c1', type: 'data', at: at(D3, '01:00:00'), endedAt: at(D3, '01:00:05'), bytes: 100, bytesUp: 10, bytesDown: 90, rat: '2G', costCents: 1 },
    { companyId: c.child, ...net, simId: simChild, key: 'c2', type: 'call', at: at(D3, '02:00:00'), direction: 'out', peer: '79001112233', seconds: 30, costCents: 8 },
    { companyId: c.operator, ...net, simId: foreign.id, key: 'f1', type: 'data', at: at(D1, '10:00:00'), endedAt: at(D1, '11:00:00'), bytes: 9_999_999, bytesUp: 9_999_999, bytesDown: 0, rat: '4G', costCents: 999 },
  ];
  await recordUsage(t.database.db, events);
});
afterAll(async () => t.close());

const report = (kind: 'day' | 'sessions' | 'call_sms', body: unknown, token = manager, lang: 'en' | 'ru' = 'en') =>
  post(t.app, `/api/reports/${kind}`, body, { token, lang });

async function ok<T>(kind: 'day' | 'sessions' | 'call_sms', body: unknown, token = manager): Promise<T> {
  const res = await report(kind, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: T }>().result;
}

const range = { from: D1, to: D3 };
const zero: UsageTotals = { sessions: 0, session_seconds: 0, bytes_up: 0, bytes_down: 0, bytes: 0, sms_in: 0, sms_out: 0, calls_in: 0, calls_out: 0, call_seconds: 0, cost: 0 };

describe('day report', () => {
  it('sums the whole company per day (child companies only when asked), every day of the range present', async () => {
    const result = DayReportResult.parse(await ok('day', { filter: { company: [c.demo] }, ...range, sort: { column: 'day', direction: 'asc' } }));
    expect(result.chart.map((p) => p.day)).toEqual([D1, D2, D3]);
    expect(result.chart[0]).toEqual({ ...zero, day: D1, sessions: 2, session_seconds: 110, bytes_up: 1200, bytes_down: 3800, bytes: 5000, sms_in: 1, sms_out: 1, cost: 0.09 });
    expect(result.chart[1]).toEqual({ ...zero, day: D2, sessions: 1, session_seconds: 60, bytes_up: 500, bytes_down: 500, bytes: 1000, calls_in: 1, call_seconds: 61, cost: 0.18 });
    expect(result.chart[2]).toEqual({ ...zero, day: D3 });
    expect(result.totals).toEqual({ ...zero, sessions: 3, session_seconds: 170, bytes_up: 1700, bytes_down: 4300, bytes: 6000, sms_in: 1, sms_out: 1, calls_in: 1, call_seconds: 61, cost: 0.27 });
    expect(result.total).toBe(3);
    expect(result.items.map((r) => [r.day, r.sim_id])).toEqual([[D1, null], [D2, null], [D3, null]]);

    const withChildren = DayReportResult.parse(await ok('day', { filter: { company: [c.demo], childs: true }, ...range }));
    expect(withChildren.totals).toMatchObject({ sessions: 4, bytes: 6100, calls_out: 1, call_seconds: 91, cost: 0.36 });
    // Default sort: newest day first.
    expect(withChildren.items[0]?.day).toBe(D3);
  });

  it('narrows to a CSV of SIMs through the per-SIM rollups', async () => {
    const result = DayReportResult.parse(await ok('day', { filter: { csv: demoSim(0).iccid }, ...range }));
    expect(result.totals).toEqual({ ...zero, sessions: 2, session_seconds: 160, bytes_up: 1500, bytes_down: 3500, bytes: 5000, sms_out: 1, calls_in: 1, call_seconds: 61, cost: 0.26 });
  });

  it('per SIM: one row per SIM and day, sortable and paged', async () => {
    const body = { filter: { company: [c.demo] }, ...range, by_sim: true, sort: { column: 'bytes', direction: 'desc' }, size: 2 };
    const first = DayReportResult.parse(await ok('day', body));
    expect(first.total).toBe(3);
    expect(first.items.map((r) => [r.day, r.iccid, r.bytes])).toEqual([
      [D1, demoSim(0).iccid, 4000],
      // Equal traffic: the later day first (ties follow the sort direction).
      [D2, demoSim(0).iccid, 1000],
    ]);
    const second = DayReportResult.parse(await ok('day', { ...body, page: 1 }));
    expect(second.items.map((r) => [r.day, r.sim_id, r.bytes, r.sms_in])).toEqual([[D1, simB, 1000, 1]]);
  });
});

describe('sessions report', () => {
  it('lists each data session with its network, newest first, and totals from the rollups', async () => {
    const result = SessionsReportResult.parse(await ok('sessions', { filter: { company: [c.demo] }, ...range }));
    expect(result.total).toBe(3);
    expect(result.totals.sessions).toBe(3);
    expect(result.items.map((r) => r.iccid)).toEqual([demoSim(0).iccid, demoSim(1).iccid, demoSim(0).iccid]);
    expect(result.items[0]).toMatchObject({
      sim_id: simA,
      msisdn: demoSim(0).msisdn,
      started: at(D2, '08:00:00').getTime() / 1000,
      ended: at(D2, '08:01:00').getTime() / 1000,
      duration: 60,
      bytes_up: 500,
      bytes_down: 500,
      bytes: 1000,
      rat: 'LTE-M',
      operator: '401-01',
      country: 'KZ',
      cost: 0.02,
    });
    const byDuration = SessionsReportResult.parse(await ok('sessions', { filter: { company: [c.demo] }, ...range, sort: { column: 'duration', direction: 'asc' } }));
    expect(byDuration.items.map((r) => r.duration)).toEqual([10, 60, 100]);
  });
});

describe('call_sms report', () => {
  it('lists SMS and calls in and out, narrowed by type and direction', async () => {
    const all = CallSmsReportResult.parse(await ok('call_sms', { filter: { company: [c.demo], childs: true }, ...range, sort: { column: 'started', direction: 'asc' } }));
    expect(all.total).toBe(4);
    expect(all.items.map((r) => [r.kind, r.direction, r.peer, r.seconds, r.cost])).toEqual([
      ['sms', 'out', '79001112233', 0, 0.03],
      ['sms', 'in', '79001112233', 0, 0],
      ['call', 'in', '77011234567', 61, 0.16],
      ['call', 'out', '79001112233', 30, 0.08],
    ]);
    const sms = CallSmsReportResult.parse(await ok('call_sms', { filter: { company: [c.demo], childs: true }, ...range, type: 'sms' }));
    expect([sms.total, sms.items.length]).toEqual([2, 2]);
    const incoming = CallSmsReportResult.parse(await ok('call_sms', { filter: { company: [c.demo], childs: true }, ...range, direction: 'in' }));
    expect([incoming.total, incoming.items.map((r) => r.kind).sort()]).toEqual([2, ['call', 'sms']]);
    // The totals row follows the filter: no call time under SMS only, one direction's calls alone.
    const totalsOf = (r: typeof all) => [r.totals.sms_in, r.totals.sms_out, r.totals.calls_in, r.totals.calls_out, r.totals.call_seconds];
    expect(totalsOf(all)).toEqual([1, 1, 1, 1, 91]);
    expect(totalsOf(sms)).toEqual([1, 1, 0, 0, 0]);
    expect(totalsOf(incoming)).toEqual([1, 0, 1, 0, 61]);
    const outgoingCalls = CallSmsReportResult.parse(await ok('call_sms', { filter: { company: [c.demo], childs: true }, ...range, type: 'call', direction: 'out' }));
    expect([outgoingCalls.total, ...totalsOf(outgoingCalls)]).toEqual([1, 0, 0, 0, 1, 30]);
  });
});

describe("the Group filter's choices", () => {
  const groups = (company: number, token = manager) => post(t.app, '/api/reports/groups', { company }, { token });

  it("lists the groups of the company the filter names: the own company's, a child's, never another's", async () => {
    await queryRows(
      t.database.db,
      sql`insert into sim_groups (company_id, name) values (${c.demo}, 'Report trackers'), (${c.child}, 'Child meters')`,
    );
    const own = await groups(c.demo);
    expect(own.statusCode, own.body).toBe(200);
    const ownNames = own.json<{ result: { items: { id: number; name: string }[] } }>().result.items.map((g) => g.name);
    expect(ownNames).toContain('Report trackers');
    expect(ownNames).not.toContain('Child meters');
    const child = await groups(c.child);
    expect(child.json<{ result: { items: { name: string }[] } }>().result.items.map((g) => g.name)).toEqual(['Child meters']);
    // The child's group is a filter the child's report takes.
    const [childGroup] = await queryRows<{ id: number }>(t.database.db, sql`select id::int as id from sim_groups where name = 'Child meters'`);
    expect((await report('day', { filter: { company: [c.child], group: childGroup?.id }, ...range })).statusCode).toBe(200);

    const foreign = await groups(c.operator);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('validation', () => {
  const empty = { en: 'Empty filter or dates field', ru: 'Пустой фильтр или поле дат' };
  for (const lang of ['en', 'ru'] as const) {
    it(`an empty filter or a missing date gives the spec's text (${lang})`, async () => {
      for (const body of [{ ...range }, { filter: {}, ...range }, { filter: { query: '  ' }, ...range }, { filter: { company: [c.demo] }, from: D1 }, { filter: { company: [c.demo] } }]) {
        const res = await report('day', body, manager, lang);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(StrictErrorBody.parse(res.json())).toMatchObject({ code: 'report_filter_empty', message: empty[lang] });
      }
    });
  }

  it('refuses a range over 366 days, a reversed range, a bad date, sort column or page size', async () => {
    const filter = { company: [c.demo] };
    const long = await report('sessions', { filter, from: '2030-01-01', to: '2031-01-02' }, manager, 'ru');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'report_range_too_long', message: 'Период отчёта не может быть длиннее 366 дней' });
    expect((await report('sessions', { filter, from: '2030-01-01', to: '2031-01-01' })).statusCode).toBe(200);
    expect((await report('day', { filter, from: D3, to: D1 })).json()).toMatchObject({ code: 'report_range_invalid' });
    for (const body of [
      { filter, from: '2031-02-30', to: D3 },
      { filter, from: '01.03.2031', to: D3 },
      { filter, ...range, sort: { column: 'password', direction: 'asc' } },
      { filter, ...range, size: 201 },
      { filter, ...range, size: 0 },
      { filter, ...range, page: -1 },
      { filter: { ...filter, unknown: 1 }, ...range },
    ]) {
      const res = await report('day', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('gives the cards list CSV errors', async () => {
    const bad = await report('day', { filter: { csv: 'x123' }, ...range }, manager, 'ru');
    expect(bad.json()).toMatchObject({ code: 'csv_invalid', message: 'CSV-файл, строка 1: ожидается ICCID, номер или пара ICCID;номер' });
    const header = await report('day', { filter: { csv: 'iccid\n' }, ...range });
    expect(header.json()).toMatchObject({ code: 'csv_empty' });
  });
});

describe('tenant isolation', () => {
  it("another company's SIM in a CSV filter is simply not there; its company or group answers 404", async () => {
    const result = DayReportResult.parse(await ok('day', { filter: { csv: foreignIccid }, ...range }));
    expect(result.totals).toEqual(zero);
    const sessions = SessionsReportResult.parse(await ok('sessions', { filter: { csv: `${foreignIccid}\n${demoSim(1).iccid}` }, ...range }));
    expect(sessions.items.map((r) => r.iccid)).toEqual([demoSim(1).iccid]);
    expect((await report('day', { filter: { company: [c.operator] }, ...range })).statusCode).toBe(404);
    const [group] = await queryRows<{ id: number }>(t.database.db, sql`insert into sim_groups (company_id, name) values (${c.operator}, 'Foreign') returning id::int as id`);
    expect((await report('call_sms', { filter: { group: group?.id }, ...range })).statusCode).toBe(404);
  });

  it('a viewer reads reports', async () => {
    expect((await report('day', { filter: { company: [c.demo] }, ...range }, viewer)).statusCode).toBe(200);
  });
});

describe('row stream for generation', () => {
  it('streams the same rows the pages show, in batches, with a count known in advance', async () => {
    const principal = { kind: 'user' as const, role: 'manager' as const, companyId: c.demo, userId: 1, companyBlocked: false };
    const request = { kind: 'sessions' as const, filter: { company: [c.demo], childs: true }, ...range, page: 0, size: 25 };
    const { scope } = await prepareReport(t.database.db, principal as never, request);
    const batches: unknown[][][] = [];
    for await (const batch of reportRows(t.database.db, scope, request, 2)) batches.push(batch);
    // Company after company (each in start-time order), at most two rows a batch.
    expect(batches.map((b) => b.length)).toEqual([2, 1, 1]);
    expect(await countReportRows(t.database.db, scope, request)).toBe(4);
    const columns = reportColumns('sessions').map((col) => col.key);
    const rows = batches.flat().map((row) => Object.fromEntries(columns.map((key, i) => [key, row[i]])));
    expect(rows.map((r) => [r.iccid, r.bytes, r.country])).toEqual([
      [demoSim(0).iccid, 4000, 'RU'],
      [demoSim(1).iccid, 1000, 'RU'],
      [demoSim(0).iccid, 1000, 'KZ'],
      [demoSim(4999).iccid, 100, 'RU'],
    ]);
    expect(rows[0]?.started).toBe(at(D1, '10:00:00').getTime() / 1000);

    // A filter beyond companies reads the records joined to the matching SIMs: the same rows.
    const csv = [demoSim(0).iccid, demoSim(1).iccid, demoSim(4999).iccid].join('\n');
    const filtered = { ...request, filter: { company: [c.demo], childs: true, csv } };
    const { scope: csvScope } = await prepareReport(t.database.db, principal as never, filtered);
    const joined: unknown[][] = [];
    for await (const batch of reportRows(t.database.db, csvScope, filtered, 2)) joined.push(...batch);
    expect(joined).toEqual(batches.flat());

    const dayRequest = { kind: 'day' as const, filter: { company: [c.demo] }, ...range, page: 0, size: 25, by_sim: false };
    const days: unknown[][] = [];
    for await (const batch of reportRows(t.database.db, scope, dayRequest)) days.push(...batch);
    expect(days.map((row) => row[0])).toEqual([D1, D2, D3]);
    expect(await countReportRows(t.database.db, scope, dayRequest)).toBe(3);
  });
});
