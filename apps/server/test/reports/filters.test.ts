import { CallSmsReportResult, DayReportResult, SessionsReportResult, type ReportQuery, type UsageTotals } from '@cab/contract/reports';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import type { UsageEvent } from '../../src/network/events.js';
import { recordUsage } from '../../src/modules/sims/usage/records-repository.js';
import { reportCsvLines, reportRows } from '../../src/modules/sims/reports/rows.js';
import { prepareReport } from '../../src/modules/sims/reports/service.js';
import { seededRandom } from '../network/support.js';
import { demoCompanies, type DemoCompanies } from '../support/sims.js';
import { createTestApp, login, post, type TestApp } from '../support/test-app.js';

/*
 * Issue 26.1: every report filter answers what the raw records say. Random usage of 120 SIMs of a
 * company and its child over five days arrives out of order, some of it twice; then each filter's
 * figures (day chart and totals, rows by SIM, sessions and call/SMS totals) are compared with sums
 * over the raw records of the SIMs that filter picks, both written here in plain SQL. The coarse
 * rollups (company; company and profile) and the per-SIM ones must both agree.
 */

let t: TestApp;
let token: string;
let c: DemoCompanies;
let groupId: number;
let csv: string;
let changed = false;

const FROM = '2031-05-01';
const TO = '2031-05-05';

interface Sim {
  id: number;
  company_id: number;
  iccid: string;
  msisdn: string;
}

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, 'manager@demo.local')).token;
  c = await demoCompanies(t.database.db);
  const db = t.database.db;
  const sims = await queryRows<Sim>(db, sql`
    (select id::int as id, company_id::int as company_id, iccid, msisdn from sims where company_id = ${c.demo} order by id limit 100)
    union all (select id::int, company_id::int, iccid, msisdn from sims where company_id = ${c.child} order by id limit 20)`);
  const random = seededRandom(26);
  const events: UsageEvent[] = [];
  for (let i = 0; i < 1500; i++) {
    const sim = sims[Math.floor(random() * sims.length)] as Sim;
    const at = new Date(Date.parse(`${FROM}T00:00:00Z`) + Math.floor(random() * 5 * 86_400) * 1000);
    const base = { companyId: sim.company_id, simId: sim.id, at, key: `f${i}`, operator: '250-01', country: 'RU' };
    const kind = random();
    const direction = random() < 0.5 ? ('in' as const) : ('out' as const);
    if (kind < 0.5) {
      const up = Math.floor(random() * 5000);
      events.push({ ...base, type: 'data', bytes: up * 3, bytesUp: up, bytesDown: up * 2, endedAt: new Date(at.getTime() + 60_000), rat: '4G', costCents: 1 + (i % 7) });
    } else if (kind < 0.8) {
      events.push({ ...base, type: 'sms', direction, peer: '79001112233', text: 'T', costCents: direction === 'out' ? 3 : 0 });
    } else {
      events.push({ ...base, type: 'call', direction, peer: '79001112233', seconds: 5 + (i % 200), costCents: 8 });
    }
  }
  // Late and twice: newest days first, in batches, then a third of the batches again.
  const ordered = [...events].sort((a, b) => b.at.getTime() - a.at.getTime());
  const batches: UsageEvent[][] = [];
  for (let i = 0; i < ordered.length; i += 97) batches.push(ordered.slice(i, i + 97));
  for (const batch of batches) await recordUsage(db, batch);
  for (const batch of batches.filter((_, i) => i % 3 === 0)) expect(await recordUsage(db, batch)).toEqual([]);

  const [group] = await queryRows<{ id: number }>(db, sql`insert into sim_groups (company_id, name) values (${c.demo}, 'Filter test') returning id::int as id`);
  groupId = group?.id ?? 0;
  await db.execute(sql`insert into sim_group_members (company_id, group_id, sim_id) select ${c.demo}, ${groupId}, id from sims where company_id = ${c.demo} and id % 3 = 0`);
  await db.execute(sql`insert into sim_labels (company_id, label, sim_id) select ${c.demo}, 'north', id from sims where company_id = ${c.demo} and id % 4 = 1`);
  csv = sims.filter((_, i) => i % 5 === 0).map((s, i) => (i % 2 ? s.iccid : s.msisdn)).join('\n');
});
afterAll(async () => t.close());

/** Sums over the raw records of the SIMs `simsOf` picks (company_id, id), in the range. */
async function rawTotals(simsOf: SQL): Promise<{
  totals: UsageTotals;
  simDays: number;
  byDay: Record<string, number>;
  secondPage: string[];
  simDayKeys: string[];
  sessionKeys: string[];
  smsOutKeys: string[];
}> {
  const [row] = await queryRows<Record<string, string | number | null>>(t.database.db, sql`
    with picked as (${simsOf}),
    s as (select u.* from usage_sessions u join picked p on p.company_id = u.company_id and p.id = u.sim_id
          where u.started_at >= ${FROM}::timestamptz and u.started_at < ${TO}::date + 1),
    e as (select u.* from usage_events u join picked p on p.company_id = u.company_id and p.id = u.sim_id
          where u.started_at >= ${FROM}::timestamptz and u.started_at < ${TO}::date + 1),
    days as (select sim_id, (started_at at time zone 'UTC')::date as day, cost_cents from s
             union all select sim_id, (started_at at time zone 'UTC')::date, cost_cents from e)
    select (select count(*) from s) as sessions,
      (select coalesce(sum(extract(epoch from ended_at - started_at)), 0) from s) as session_seconds,
      (select coalesce(sum(bytes_up), 0) from s) as bytes_up, (select coalesce(sum(bytes_down), 0) from s) as bytes_down,
      (select count(*) from e where kind = 'sms' and direction = 'in') as sms_in, (select count(*) from e where kind = 'sms' and direction = 'out') as sms_out,
      (select count(*) from e where kind = 'call' and direction = 'in') as calls_in, (select count(*) from e where kind = 'call' and direction = 'out') as calls_out,
      (select coalesce(sum(seconds), 0) from e where kind = 'call') as call_seconds,
      (select coalesce(sum(cost_cents), 0) from days) as cost_cents,
      (select count(*) from (select distinct sim_id, day from days) x) as sim_days,
      (select json_agg(x.key) from (select distinct day::text || ' ' || sim_id as key, day, sim_id from days order by day desc, sim_id desc offset 7 limit 7) x) as second_page,
      (select json_agg(x.key order by x.company_id, x.day, x.sim_id) from (select distinct sims.company_id, d.day, d.sim_id, d.day::text || ' ' || sims.iccid as key from days d join sims on sims.id = d.sim_id) x) as sim_day_keys,
      (select json_object_agg(day, cost) from (select day::text, sum(cost_cents) as cost from days group by day) x) as by_day,
      (select json_agg(sims.iccid || ' ' || extract(epoch from s.started_at)::bigint order by s.company_id, s.started_at, s.id) from s join sims on sims.id = s.sim_id) as session_keys,
      (select json_agg(sims.iccid || ' ' || extract(epoch from e.started_at)::bigint order by e.company_id, e.started_at, e.id)
       from e join sims on sims.id = e.sim_id where e.kind = 'sms' and e.direction = 'out') as sms_out_keys`);
  const n = (key: string) => Number(row?.[key] ?? 0);
  const totals: UsageTotals = {
    sessions: n('sessions'),
    session_seconds: n('session_seconds'),
    bytes_up: n('bytes_up'),
    bytes_down: n('bytes_down'),
    bytes: n('bytes_up') + n('bytes_down'),
    sms_in: n('sms_in'),
    sms_out: n('sms_out'),
    calls_in: n('calls_in'),
    calls_out: n('calls_out'),
    call_seconds: n('call_seconds'),
    cost: n('cost_cents') / 100,
  };
  const byDay = (typeof row?.by_day === 'string' ? JSON.parse(row.by_day) : (row?.by_day ?? {})) as Record<string, number>;
  const list = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as string[];
  const secondPage = list(row?.second_page);
  return {
    totals,
    simDays: n('sim_days'),
    secondPage,
    simDayKeys: list(row?.sim_day_keys),
    sessionKeys: list(row?.session_keys),
    smsOutKeys: list(row?.sms_out_keys),
    byDay: Object.fromEntries(Object.entries(byDay).map(([day, cost]) => [day, Number(cost) / 100])) };
}

/** The manager of the demo company, as the gate would have found them. */
const principal = () => ({ kind: 'user', role: 'manager', companyId: c.demo, userId: 1, companyBlocked: false }) as never;

async function reportOf<T>(kind: 'day' | 'sessions' | 'call_sms', body: Record<string, unknown>): Promise<T> {
  const res = await post(t.app, `/api/reports/${kind}`, { from: FROM, to: TO, ...body }, { token, lang: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: T }>().result;
}

const demoSims = (where: SQL = sql`true`) => sql`select company_id, id from sims where company_id = ${c.demo} and ${where}`;

describe('report figures under every filter equal the raw records', () => {
  // Run twice: on the membership the usage arrived with, then after SIMs joined and left the group
  // and the label (the rollups by group and label move the SIMs' history with them).
  const shapes: Array<[string, () => Record<string, unknown>, () => SQL]> = [
    ['the company', () => ({ company: [c.demo] }), () => demoSims()],
    ['the company with its children', () => ({ company: [c.demo], childs: true }), () => sql`select company_id, id from sims where company_id in (${c.demo}, ${c.child})`],
    ['a profile', () => ({ company: [c.demo], profile: 'TD' }), () => demoSims(sql`profile = 'TD'`)],
    ['a profile with the children', () => ({ company: [c.demo], childs: true, profile: 'BK' }), () => sql`select company_id, id from sims where company_id in (${c.demo}, ${c.child}) and profile = 'BK'`],
    ['a group', () => ({ group: groupId }), () => demoSims(sql`id in (select sim_id from sim_group_members where group_id = ${groupId})`)],
    ['a label', () => ({ label: 'north' }), () => demoSims(sql`id in (select sim_id from sim_labels where label = 'north')`)],
    ['a group and a profile', () => ({ group: groupId, profile: 'TC' }), () => demoSims(sql`profile = 'TC' and id in (select sim_id from sim_group_members where group_id = ${groupId})`)],
    ['a CSV of SIMs', () => ({ csv }), () => demoSims(sql`(iccid = any(${`{${csv.split('\n').join(',')}}`}::text[]) or msisdn = any(${`{${csv.split('\n').join(',')}}`}::text[]))`)],
    ['a search', () => ({ query: 'tracker 00' }), () => demoSims(sql`strpos(lower(coalesce(name, '')), 'tracker 00') > 0`)],
  ];
  const changeMembership = async () => {
    const db = t.database.db;
    await db.execute(sql`delete from sim_group_members where group_id = ${groupId} and sim_id % 2 = 0`);
    await db.execute(sql`insert into sim_group_members (company_id, group_id, sim_id) select ${c.demo}, ${groupId}, id from sims where company_id = ${c.demo} and id % 7 = 0 on conflict do nothing`);
    await db.execute(sql`delete from sim_labels where label = 'north' and sim_id % 3 = 0`);
    await db.execute(sql`insert into sim_labels (company_id, label, sim_id) select ${c.demo}, 'north', id from sims where company_id = ${c.demo} and id % 11 = 0 on conflict do nothing`);
  };
  for (const [round, name, filterOf, simsOf] of [...shapes.map((s) => ['', ...s] as const), ...shapes.map((s) => ['after membership changes: ', ...s] as const)]) {
    it(`${round}${name}`, async () => {
      if (round && !changed) {
        changed = true;
        await changeMembership();
      }
      const filter = filterOf();
      const truth = await rawTotals(simsOf());
      expect(truth.totals.sessions + truth.totals.sms_in).toBeGreaterThan(0);
      const day = DayReportResult.parse(await reportOf('day', { filter }));
      expect(day.totals).toEqual(truth.totals);
      expect(Object.fromEntries(day.chart.filter((p) => p.cost > 0).map((p) => [p.day, p.cost]))).toEqual(truth.byDay);
      const bySim = DayReportResult.parse(await reportOf('day', { filter, by_sim: true }));
      expect(bySim.total).toBe(truth.simDays);
      // The second page by SIM, newest day first: the page is read from the days the daily sums place it on.
      const secondPage = DayReportResult.parse(await reportOf('day', { filter, by_sim: true, page: 1, size: 7 }));
      expect(secondPage.items.map((row) => `${row.day} ${row.sim_id}`)).toEqual(truth.secondPage);
      const sessions = SessionsReportResult.parse(await reportOf('sessions', { filter }));
      expect(sessions.total).toBe(truth.totals.sessions);
      const calls = CallSmsReportResult.parse(await reportOf('call_sms', { filter }));
      expect(calls.total).toBe(truth.totals.sms_in + truth.totals.sms_out + truth.totals.calls_in + truth.totals.calls_out);
      // A generated file's records: in small batches, so a filter's SIMs are kept across several;
      // every record of the filter's SIMs once, company after company, by start time (ICCID and
      // start of each row; ICCID of each CSV line).
      const fileKeys = async (request: ReportQuery) => {
        const { scope } = await prepareReport(t.database.db, principal(), request);
        const started = request.kind === 'sessions' ? 2 : 5;
        const rows: string[] = [];
        for await (const batch of reportRows(t.database.db, scope, request, 7)) rows.push(...batch.map((row) => `${String(row[0])} ${String(row[started])}`));
        const lines: string[] = [];
        for await (const batch of reportCsvLines(t.database.db, scope, request, 7)) lines.push(...batch.map((line) => line.split(',')[0] ?? ''));
        return { rows, lines };
      };
      const range = { from: FROM, to: TO, page: 0, size: 25 };
      const iccids = (keys: string[]) => keys.map((key) => key.split(' ')[0]);
      const sessionFile = await fileKeys({ kind: 'sessions', filter, ...range });
      expect(sessionFile.rows).toEqual(truth.sessionKeys);
      expect(sessionFile.lines).toEqual(iccids(truth.sessionKeys));
      const smsOutFile = await fileKeys({ kind: 'call_sms', type: 'sms', direction: 'out', filter, ...range });
      expect(truth.smsOutKeys.length).toBeGreaterThan(0);
      expect(smsOutFile.rows).toEqual(truth.smsOutKeys);
      expect(smsOutFile.lines).toEqual(iccids(truth.smsOutKeys));
      // The per-SIM day file: every (day, SIM) of the raw records once, company after company, by day then SIM, across batches.
      const bySimFile = { kind: 'day' as const, by_sim: true, filter, ...range };
      const { scope } = await prepareReport(t.database.db, principal(), bySimFile);
      const written: string[] = [];
      for await (const batch of reportRows(t.database.db, scope, bySimFile, 7)) written.push(...batch.map((row) => `${String(row[0])} ${String(row[1])}`));
      expect(written).toEqual(truth.simDayKeys);
    });
  }
});
