import type { SmsInboxItem, SmsInboxResult } from '@cab/contract/sms-inbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { applyNetworkEvents } from '../src/modules/sims/usage/service.js';
import { runQueueItem } from '../src/modules/platform/queue/runner.js';
import { NetworkSimulator } from '../src/network/simulator.js';
import { startSmppSms } from '../src/network/smpp/index.js';
import { AGENT_COMPANY, companyIdByName, DEMO_COMPANY } from './support/db.js';
import { parseXlsx } from './support/report-files.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';
import { startTestSmsc } from './support/test-smsc.js';
import { waitFor, waitForValue } from './support/wait.js';

/**
 * The SMS inbox (issue 25.7): the company's messages in and out from one table, sms_messages,
 * whatever wrote them (SMPP, the simulator's SMS operation, the simulator's device messages).
 */
let t: TestApp;
let manager: string;
let root: string;
let demoId: number;
let sims: Array<{ id: number; iccid: string; msisdn: string }>;
let foreign: { id: number; company_id: number; iccid: string };

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);
const day = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

async function insertMessage(m: { company: number; sim: number; direction: 'in' | 'out'; status: string; text: string; at: number; peer?: string; detail?: string }) {
  await t.database.db.execute(sql`
    insert into sms_messages (company_id, sim_id, direction, peer, text, status, detail, created_at, updated_at)
    values (${m.company}, ${m.sim}, ${m.direction}, ${m.peer ?? null}, ${m.text}, ${m.status}, ${m.detail ?? null},
            to_timestamp(${m.at}), to_timestamp(${m.at}))`);
}

async function list(body: Record<string, unknown>, token = manager): Promise<SmsInboxResult> {
  const res = await post(t.app, '/api/sms/list', { size: 100, ...body }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: SmsInboxResult }>().result;
}
const texts = (items: SmsInboxItem[]) => items.map((m) => m.text);

beforeAll(async () => {
  t = await createTestApp();
  manager = (await login(t.app, 'manager@demo.local')).token;
  root = (await login(t.app, 'root@demo.local')).token;
  demoId = await companyIdByName(t.database.db, DEMO_COMPANY);
  sims = await queryRows(t.database.db, sql`select id::int as id, iccid, msisdn from sims where company_id = ${demoId} order by id limit 3`);
  // A SIM of a company outside the demo's tree (the agent's own company).
  const agency = await companyIdByName(t.database.db, AGENT_COMPANY);
  foreign = (await queryRows<typeof foreign>(t.database.db, sql`
    insert into sims (company_id, iccid, msisdn, profile) values (${agency}, '8970199990000000017', '79990000017', 'BK')
    returning id::int as id, company_id::int as company_id, iccid`))[0] ?? { id: 0, company_id: 0, iccid: '' };
  await t.database.db.execute(sql`delete from sms_messages`);
  const [a, b] = sims;
  await insertMessage({ company: demoId, sim: a?.id ?? 0, direction: 'in', status: 'received', text: 'inbox: temp 21C', at: now - 60, peer: '4242' });
  await insertMessage({ company: demoId, sim: a?.id ?? 0, direction: 'out', status: 'delivered', text: 'inbox: status?', at: now - 120, detail: 'DELIVRD' });
  await insertMessage({ company: demoId, sim: b?.id ?? 0, direction: 'out', status: 'failed', text: 'inbox: reboot 100%', at: now - 180, detail: 'UNDELIV err:001' });
  await insertMessage({ company: demoId, sim: b?.id ?? 0, direction: 'out', status: 'queued', text: 'inbox: ping', at: now - 240 });
  await insertMessage({ company: demoId, sim: b?.id ?? 0, direction: 'in', status: 'received', text: 'inbox: old alarm', at: now - 40 * DAY, peer: '4242' });
  await insertMessage({ company: foreign.company_id, sim: foreign.id, direction: 'in', status: 'received', text: 'inbox: foreign secret', at: now - 30 });
});
afterAll(async () => {
  await t?.close();
});

describe('the SMS inbox list', () => {
  it("lists the company's messages in and out with their states, newest first, the last 30 days by default", async () => {
    const page = await list({});
    expect(texts(page.items)).toEqual(['inbox: temp 21C', 'inbox: status?', 'inbox: reboot 100%', 'inbox: ping']);
    expect(page.items.map((m) => [m.direction, m.status])).toEqual([
      ['in', 'received'],
      ['out', 'delivered'],
      ['out', 'failed'],
      ['out', 'queued'],
    ]);
    expect(page.items[0]).toMatchObject({ iccid: sims[0]?.iccid, msisdn: sims[0]?.msisdn, sim_id: sims[0]?.id, company_id: demoId, peer: '4242' });
    expect(page.items[2]?.detail).toBe('UNDELIV err:001');
    expect(page).toMatchObject({ next: null, to: day(now), from: day(now - 29 * DAY) });
  });

  it('pages by keyset without losing or repeating a message', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      const page = await list({ size: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...texts(page.items));
      if (!page.next) break;
      cursor = page.next;
    }
    expect(seen).toEqual(['inbox: temp 21C', 'inbox: status?', 'inbox: reboot 100%', 'inbox: ping']);
  });

  it('filters by SIM (ICCID or number), direction, status, text and date range', async () => {
    expect(texts((await list({ sim: sims[1]?.iccid })).items)).toEqual(['inbox: reboot 100%', 'inbox: ping']);
    expect(texts((await list({ sim: `+${sims[0]?.msisdn}` })).items)).toEqual(['inbox: temp 21C', 'inbox: status?']);
    expect(texts((await list({ direction: 'in' })).items)).toEqual(['inbox: temp 21C']);
    expect(texts((await list({ status: 'failed' })).items)).toEqual(['inbox: reboot 100%']);
    expect(texts((await list({ q: 'STATUS' })).items)).toEqual(['inbox: status?']);
    // LIKE's own characters match themselves: '100%' finds the one text with it, '_' none.
    expect(texts((await list({ q: '100%' })).items)).toEqual(['inbox: reboot 100%']);
    expect((await list({ q: '_' })).items).toEqual([]);
    expect(texts((await list({ q: '4242' })).items)).toEqual(['inbox: temp 21C']);
    const old = await list({ from: day(now - 45 * DAY), to: day(now - 35 * DAY) });
    expect(texts(old.items)).toEqual(['inbox: old alarm']);
    // One end alone: the default length from it.
    expect(await list({ from: day(now - 41 * DAY) })).toMatchObject({ to: day(now - 12 * DAY) });
  });

  it("never shows another company's messages: not in the list, not by its ICCID, and its company answers 404", async () => {
    expect(texts((await list({})).items)).not.toContain('inbox: foreign secret');
    expect((await list({ sim: foreign.iccid })).items).toEqual([]);
    const other = await post(t.app, '/api/sms/list', { size: 10, company: foreign.company_id }, { token: manager });
    expect(other.statusCode, other.body).toBe(404);
    // Root sees every company, or one.
    expect(texts((await list({}, root)).items)).toContain('inbox: foreign secret');
    expect(texts((await list({ company: foreign.company_id }, root)).items)).toEqual(['inbox: foreign secret']);
  });

  it('refuses unbounded or malformed searches with a localized error', async () => {
    const tooLong = await post(t.app, '/api/sms/list', { size: 10, from: '2025-01-01', to: '2026-06-01' }, { token: manager, lang: 'ru' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'sms_range_too_long', message: 'Период поиска SMS не может быть длиннее 366 дней' });
    const reversed = await post(t.app, '/api/sms/list', { size: 10, from: '2026-02-01', to: '2026-01-01' }, { token: manager });
    expect(reversed.json()).toMatchObject({ code: 'report_range_invalid', message: 'The start date is after the end date' });
    for (const body of [{ size: 101 }, { size: 10, q: 'x'.repeat(101) }, { size: 10, sim: 'abc' }, { size: 10, cursor: 'x' }, { size: 10, from: '2026-02-30' }, { size: 10, status: 'lost' }]) {
      const res = await post(t.app, '/api/sms/list', body, { token: manager });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post(t.app, '/api/sms/list', { size: 10 })).statusCode).toBe(401);
  });
});

describe('the SMS inbox export', () => {
  const download = (query: string, token = manager) =>
    t.app.inject({ method: 'GET', url: `/api/sms/export?${query}`, headers: { authorization: `Bearer ${token}` } });

  it('writes the filtered messages as CSV in the caller language, texts guarded against formulas', async () => {
    await insertMessage({ company: demoId, sim: sims[2]?.id ?? 0, direction: 'in', status: 'received', text: '=HYPERLINK("x")', at: now - 300 });
    const en = await download('lang=en&direction=out');
    expect(en.statusCode, en.body).toBe(200);
    expect(en.headers['content-type']).toContain('text/csv');
    expect(en.headers['x-export-rows']).toBe('3');
    const lines = en.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('Time (UTC),ICCID,Number,SIM name,Direction,Other party,Text,Status,Details,Operation');
    expect(lines.slice(1).map((line) => line.split(',')[7])).toEqual(['delivered', 'failed', 'queued']);
    const ru = await download(`lang=ru&sim=${sims[2]?.iccid}`);
    const ruLines = ru.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(ruLines[0]?.startsWith('Время (UTC),ICCID,Номер')).toBe(true);
    expect(ruLines[1]).toContain("'=HYPERLINK");
    expect(ruLines[1]).toContain('получено');
  });

  it('writes XLSX, keeps to the company and refuses a bad filter', async () => {
    const xlsx = await download('format=xlsx&lang=en');
    expect(xlsx.statusCode).toBe(200);
    const rows = await parseXlsx(xlsx.rawPayload);
    expect(rows[0]?.[6]).toBe('Text');
    const sheetTexts = rows.slice(1).map((r) => r[6]);
    expect(sheetTexts).not.toContain('inbox: foreign secret');
    expect(sheetTexts).toContain('inbox: temp 21C');
    const otherCompany = await download(`company=${foreign.company_id}`);
    expect(otherCompany.statusCode, otherCompany.body).toBe(404);
    const bad = await download('from=2020-01-01&to=2026-01-01&lang=en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'sms_range_too_long' });
  });
});

describe('what writes the inbox', () => {
  it("stores a simulated device's message once as received, however often its batch arrives", async () => {
    const sim = sims[2] ?? { id: 0, iccid: '', msisdn: '' };
    const event = {
      type: 'sms' as const,
      companyId: demoId,
      simId: sim.id,
      key: `inbox-test:${sim.id}:1`,
      at: new Date((now - 90) * 1000),
      direction: 'out' as const,
      peer: '79001234567',
      text: 'device: door open',
      costCents: 3,
      operator: '250-01',
      country: 'RU',
    };
    const incoming = { ...event, key: `inbox-test:${sim.id}:2`, direction: 'in' as const, text: 'to the device from elsewhere' };
    const bus = { publish: () => Promise.resolve() };
    await applyNetworkEvents(t.database.db, bus, [event, incoming]);
    await applyNetworkEvents(t.database.db, bus, [event, incoming]);
    const page = await list({ sim: sim.iccid, q: 'device' });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ direction: 'in', status: 'received', peer: '79001234567', created: now - 90 });
    expect((await list({ q: 'from elsewhere' })).items).toEqual([]);
  });

  it("records the simulator's SMS operation per SIM: delivered, or failed with the network's reason, once", async () => {
    const [a, b] = sims;
    const simulator = new NetworkSimulator({ db: t.database.db, latencyMs: 0, failureRate: 0.5, random: (() => { let i = 0; return () => [0.9, 0.1][i++ % 2] ?? 0; })() });
    const deps = { db: t.database.db, network: simulator, bus: t.bus, batchSize: 50, staleSeconds: 60, progressIntervalMs: 0 };
    const created = await post(t.app, '/api/queue/create', { reason: 'queue_sms', selection: { ids: [a?.id, b?.id] }, params: { text: 'sim-op: hello' } }, { token: manager });
    expect(created.statusCode, created.body).toBe(200);
    const qid = created.json<{ result: { qid: number } }>().result.qid;
    await runQueueItem(deps, { companyId: demoId, queueId: qid });
    await runQueueItem(deps, { companyId: demoId, queueId: qid });
    const page = await list({ q: 'sim-op' });
    expect(page.items).toHaveLength(2);
    const bySim = Object.fromEntries(page.items.map((m) => [m.sim_id, m]));
    expect(bySim[a?.id ?? 0]).toMatchObject({ direction: 'out', status: 'delivered', qid });
    expect(bySim[b?.id ?? 0]).toMatchObject({ direction: 'out', status: 'failed', detail: 'network_timeout', qid });
  });

  it('shows a message a device sent through the SMSC (SMPP deliver_sm) in the inbox', async () => {
    const smsc = await startTestSmsc({ systemId: 'cabinet', password: 'secret', undeliveredDigit: '9' });
    const sms = startSmppSms({ url: smsc.url, db: t.database.db, log: () => undefined });
    try {
      await waitFor(async () => (await queryRows<{ state: string }>(t.database.db, sql`select state from network_links where link = 'smpp'`))[0]?.state === 'up', 10_000, 'the SMPP bind');
      const sim = sims[0] ?? { msisdn: '', iccid: '' };
      expect(await smsc.sendMo(sim.msisdn, '4242', 'smpp: battery low')).toBe(0);
      const found = await waitForValue(async () => (await list({ q: 'smpp: battery' })).items[0]);
      expect(found).toMatchObject({ iccid: sim.iccid, direction: 'in', status: 'received', peer: '4242', qid: null });
    } finally {
      await sms.close();
      await smsc.stop();
    }
  });
});
