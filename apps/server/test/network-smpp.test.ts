import type { OperationResultRow } from '@cab/contract/operations';
import type { SimMessage } from '@cab/contract/sms-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { runQueueItem, type QueueRunnerDeps } from '../src/modules/platform/queue/runner.js';
import type { NetworkAdapter } from '../src/network/adapter.js';
import { NetworkSimulator } from '../src/network/simulator.js';
import { startSmppSms, type SmppSms } from '../src/network/smpp/index.js';
import { SmppLink, type LinkState } from '../src/network/smpp/smpp-link.js';
import { parseSmppUrl } from '../src/network/smpp/smpp-url.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';
import { startTestSmsc, type TestSmsc } from './support/test-smsc.js';
import { waitFor, waitForValue } from './support/wait.js';

/**
 * SMS over SMPP end to end: operations created through the API, run by the real queue runner over
 * a network adapter that sends 'sms' to the SMSC (the test SMSC, npm smpp's server) and everything
 * else to the simulator — the composition create-adapter.ts makes when SMPP_URL is set.
 */
let t: TestApp;
let smsc: TestSmsc;
let sms: SmppSms;
let deps: QueueRunnerDeps;
let manager: string;
let companyId: number;
const logs: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  manager = (await login(t.app, 'manager@demo.local')).token;
  companyId = (await queryRows<{ id: number }>(t.database.db, sql`select id::int as id from companies where name = 'Demo Logistics LLC'`))[0]?.id ?? 0;
  smsc = await startTestSmsc({ systemId: 'cabinet', password: 'secret', undeliveredDigit: '9' });
  sms = startSmppSms({ url: smsc.url, db: t.database.db, log: (message) => logs.push(message) });
  const simulator = new NetworkSimulator({ db: t.database.db, latencyMs: 0, failureRate: 0 });
  const network: NetworkAdapter = {
    execute: (request) => (request.operation === 'sms' ? sms.execute(request) : simulator.execute(request)),
    getState: (sim) => simulator.getState(sim),
  };
  deps = { db: t.database.db, network, bus: t.bus, batchSize: 50, staleSeconds: 60, progressIntervalMs: 0 };
  await waitFor(async () => (await linkState()) === 'up', 10_000, 'the SMPP bind');
});
afterAll(async () => {
  await sms?.close();
  await smsc?.stop();
  await t?.close();
});

async function linkState(): Promise<string | undefined> {
  return (await queryRows<{ state: string }>(t.database.db, sql`select state from network_links where link = 'smpp'`))[0]?.state;
}

/** Open SIMs of the demo company whose number does (or does not) end in 9, none used by an earlier test. */
const used = new Set<number>();
async function openSims(endsInNine: boolean, count: number): Promise<Array<{ id: number; msisdn: string }>> {
  const rows = await queryRows<{ id: number; msisdn: string }>(t.database.db, sql`
    select id::int as id, msisdn from sims
    where company_id = ${companyId} and block_type = 'none' and (msisdn like '%9') = ${endsInNine}
    order by id limit ${count + used.size}`);
  const fresh = rows.filter((r) => !used.has(r.id)).slice(0, count);
  for (const r of fresh) used.add(r.id);
  return fresh;
}

async function runSms(ids: number[], text: string): Promise<number> {
  const created = await post(t.app, '/api/queue/create', { reason: 'queue_sms', selection: { ids }, params: { text } }, { token: manager });
  expect(created.statusCode, created.body).toBe(200);
  const qid = created.json<{ result: { qid: number } }>().result.qid;
  await runQueueItem(deps, { companyId, queueId: qid });
  return qid;
}

async function results(qid: number): Promise<OperationResultRow[]> {
  const res = await post(t.app, '/api/operations/results', { qid, page: 0, size: 100 }, { token: manager });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: { items: OperationResultRow[] } }>().result.items;
}

/** The results once no message waits for its receipt any more. */
async function finalResults(qid: number): Promise<OperationResultRow[]> {
  return waitForValue(async () => {
    const rows = await results(qid);
    return rows.some((r) => r.delivery === 'queued') ? undefined : rows;
  }, 10_000);
}

const submittedTo = (msisdn: string) => smsc.submitted.filter((m) => m.destination === msisdn);

describe('SMS over SMPP', () => {
  it('sends one submit_sm per SIM and shows each receipt per SIM: delivered, or failed for an undeliverable number', async () => {
    const [good, bad] = [await openSims(false, 2), await openSims(true, 2)];
    const qid = await runSms([...good, ...bad].map((s) => s.id), 'Status check {ok}');
    const rows = await finalResults(qid);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.status === 'ok')).toBe(true);
    const delivery = Object.fromEntries(rows.map((r) => [r.sim_id, r.delivery]));
    for (const sim of good) expect(delivery[sim.id]).toBe('delivered');
    for (const sim of bad) expect(delivery[sim.id]).toBe('failed');
    for (const sim of [...good, ...bad]) {
      // GSM 7-bit text goes in the default alphabet (data_coding 0), braces through its extension table.
      expect(submittedTo(sim.msisdn)).toEqual([expect.objectContaining({ dataCoding: 0, text: 'Status check {ok}' })]);
    }
    // The results download carries it too.
    const csv = await t.app.inject({ method: 'GET', url: `/api/operations/results_csv?qid=${qid}&lang=en`, headers: { authorization: `Bearer ${manager}` } });
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('ICCID,Number,Status,Result,Delivery');
    const csvDelivery = new Map(lines.slice(1).map((line): [string, string] => [line.split(',')[1] ?? '', line.split(',')[4] ?? '']));
    for (const sim of good) expect(csvDelivery.get(sim.msisdn)).toBe('delivered');
    for (const sim of bad) expect(csvDelivery.get(sim.msisdn)).toBe('failed');
    // Other operations' result pages carry no delivery column.
    const block = await post(t.app, '/api/queue/create', { reason: 'queue_block', selection: { ids: [good[0]?.id ?? 0] } }, { token: manager });
    const blockQid = block.json<{ result: { qid: number } }>().result.qid;
    await runQueueItem(deps, { companyId, queueId: blockQid });
    expect((await results(blockQid))[0]).not.toHaveProperty('delivery');
  });

  it('sends Cyrillic as UCS-2 (data_coding 8) and the SMSC reads the text intact', async () => {
    const [sim] = await openSims(false, 1);
    const text = 'Проверка связи: ёЁ, 70 символов — не больше!';
    const qid = await runSms([sim?.id ?? 0], text);
    expect((await finalResults(qid))[0]?.delivery).toBe('delivered');
    expect(submittedTo(sim?.msisdn ?? '')).toEqual([expect.objectContaining({ dataCoding: 8, text })]);
  });

  it('never sends twice: a repeated batch answers the first outcomes, and a message cut off before the SMSC answered is reported, not resent', async () => {
    const sims = await openSims(false, 3);
    const qid = await runSms(sims.map((s) => s.id), 'Once only');
    await finalResults(qid);
    const before = smsc.submitted.length;
    // The runner's retry of an interrupted batch: same operation, same SIMs.
    const refs = sims.map((s) => ({ companyId, simId: s.id, iccid: '', msisdn: s.msisdn, profile: 'BK' as const }));
    const again = await deps.network.execute({ operation: 'sms', params: { text: 'Once only' }, sims: refs, idempotencyPrefix: `queue:${qid}` });
    expect(again.map((o) => o.ok)).toEqual([true, true, true]);
    expect(smsc.submitted.length).toBe(before);

    // A worker that stopped between recording a message and the SMSC's answer left it queued without an id.
    const [cut, whole] = await openSims(false, 2);
    const created = await post(t.app, '/api/queue/create', { reason: 'queue_sms', selection: { ids: [cut?.id, whole?.id] }, params: { text: 'Cut off' } }, { token: manager });
    const cutQid = created.json<{ result: { qid: number } }>().result.qid;
    await t.database.db.execute(sql`
      insert into sms_messages (company_id, sim_id, direction, queue_id, text, status) values (${companyId}, ${cut?.id}, 'out', ${cutQid}, 'Cut off', 'queued')`);
    await runQueueItem(deps, { companyId, queueId: cutQid });
    const rows = await finalResults(cutQid);
    expect(rows.find((r) => r.sim_id === cut?.id)).toMatchObject({ status: 'fail', reason: 'smsc_unknown', delivery: 'failed' });
    expect(rows.find((r) => r.sim_id === whole?.id)).toMatchObject({ status: 'ok', delivery: 'delivered' });
    expect(submittedTo(cut?.msisdn ?? '')).toEqual([]);
  });

  it("stores a mobile-originated message on its SIM (the SIM page's messages), and drops one from an unknown number", async () => {
    const [sim] = await openSims(false, 1);
    const id = sim?.id ?? 0;
    await runSms([id], 'Ping');
    expect(await smsc.sendMo(sim?.msisdn ?? '', '4242', 'Привет от устройства')).toBe(0);
    const messages = await waitForValue(async () => {
      const res = await post(t.app, '/api/sims/messages', { id, page: 0, size: 10 }, { token: manager });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{ result: { items: SimMessage[]; total: number } }>().result;
      return page.total === 2 && page.items[1]?.status === 'delivered' ? page : undefined;
    });
    expect(messages.items[0]).toMatchObject({ direction: 'in', status: 'received', text: 'Привет от устройства', peer: '4242', qid: null });
    expect(messages.items[1]).toMatchObject({ direction: 'out', status: 'delivered', text: 'Ping', detail: 'DELIVRD' });

    const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sms_messages where direction = 'in'`))[0]?.n;
    const stored = await count();
    expect(await smsc.sendMo('100000000000001', '4242', 'who am I')).toBe(0);
    expect(await count()).toBe(stored);
    expect(logs.some((line) => line.includes('no SIM has that number'))).toBe(true);
  });

  it('fails each SIM with smsc_unavailable while the SMSC is down, without a crash, and rebinds when it is back', async () => {
    const bindsBefore = smsc.binds;
    await smsc.stop();
    await waitFor(async () => (await linkState()) !== 'up', 5000, 'the link to drop');
    const down = await openSims(false, 2);
    const qid = await runSms(down.map((s) => s.id), 'Anyone there?');
    const rows = await results(qid);
    expect(rows.map((r) => [r.status, r.reason, r.delivery])).toEqual([
      ['fail', 'smsc_unavailable', null],
      ['fail', 'smsc_unavailable', null],
    ]);
    const link = (await queryRows<{ detail: Record<string, unknown> }>(t.database.db, sql`select detail from network_links where link = 'smpp'`))[0];
    expect(link?.detail).toMatchObject({ address: smsc.url.replace(/^.*@/, ''), system_id: 'cabinet' });
    expect(JSON.stringify(link?.detail)).not.toContain('secret');

    await smsc.start();
    await waitFor(async () => (await linkState()) === 'up' && smsc.binds > bindsBefore, 15_000, 'the rebind');
    const [back] = await openSims(false, 1);
    const again = await runSms([back?.id ?? 0], 'Back again');
    expect((await finalResults(again))[0]).toMatchObject({ status: 'ok', delivery: 'delivered' });
  });
});

describe('the SMPP link', () => {
  it('notices a hung SMSC by its unanswered enquire_link and binds again', async () => {
    const states: LinkState[] = [];
    const link = new SmppLink({
      address: parseSmppUrl(smsc.url),
      onState: (state) => states.push(state),
      onDeliverSm: (_pdu, respond) => respond(0),
      log: () => undefined,
      timings: { enquireLinkMs: 100, responseTimeoutMs: 300, backoffInitialMs: 50 },
    });
    try {
      link.start();
      expect(await link.waitBound(5000)).toBe(true);
      const binds = smsc.binds;
      smsc.silence();
      await waitFor(() => states.includes('down'), 5000, 'the keepalive to drop the hung session');
      await waitFor(() => link.bound && smsc.binds > binds, 5000, 'a new bind');
      expect(states).toEqual(['connecting', 'up', 'down', 'connecting', 'up']);
    } finally {
      await link.close();
    }
  });

  it('is refused with a wrong password: never bound, the reason logged', async () => {
    const wrong = new SmppLink({
      address: parseSmppUrl(smsc.url.replace(':secret@', ':wrong@')),
      onState: () => undefined,
      onDeliverSm: (_pdu, respond) => respond(0),
      log: (message) => logs.push(message),
      timings: { backoffInitialMs: 50, backoffMaxMs: 100 },
    });
    try {
      wrong.start();
      expect(await wrong.waitBound(500)).toBe(false);
      expect(logs.some((line) => line.includes('bind_transceiver refused (0x0000000d)'))).toBe(true);
    } finally {
      await wrong.close();
    }
  });
});
