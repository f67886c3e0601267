import { QueueCreateResult } from '@cab/contract/queue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSealer } from '../src/auth/sealing.js';
import { queryRows } from '../src/db/client.js';
import { runQueueItem, type QueueRunnerDeps } from '../src/modules/platform/queue/runner.js';
import type { NetworkAdapter } from '../src/network/adapter.js';
import { createNetwork, type NetworkRuntime } from '../src/network/create-adapter.js';
import { provisionSims } from '../src/network/hlr/provision-sims.js';
import { lastReconcileRecord } from '../src/network/hlr/reconcile-repository.js';
import { HlrCtrlError } from '../src/network/hlr/ctrl-types.js';
import type { HlrSubscribers } from '../src/network/hlr/hlr-subscribers.js';
import { reconcileHlr } from '../src/network/hlr/reconcile.js';
import { TEST_SIM_KEYS_SECRET } from './support/database-snapshot.js';
import { OsmoHlr, osmoHlrMissingReason } from './support/osmo-hlr.js';
import { companyIdByName, DEMO_COMPANY } from './support/db.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';

// Its own loopback address, so this HLR never meets the CTRL client test's (127.0.0.1) or a browser flow's.
const HLR_HOST = '127.0.0.3';
/** SIMs of the demo that keep their IMSI here: enough for batches, few enough for a quick reconcile. */
const SIMS_IN_HLR = 240;

const missing = osmoHlrMissingReason();
const describeHlr = missing ? describe.skip : describe;

describeHlr(`osmo-hlr adapter against a real osmo-hlr${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let hlr: OsmoHlr;
  let t: TestApp;
  let network: NetworkRuntime;
  let demo: number;
  let admin: string;
  let root: string;

  const ctrl = () => {
    if (!network.hlr) throw new Error('no HLR link');
    return network.hlr.client;
  };
  const access = async (imsi: string) => ({
    ps: await ctrl().get(`subscriber.by-imsi-${imsi}.ps-enabled`),
    cs: await ctrl().get(`subscriber.by-imsi-${imsi}.cs-enabled`),
  });
  const reconcileDeps = () => {
    if (!network.hlr) throw new Error('no HLR link');
    const { subscribers, provisioning, records } = network.hlr;
    return { db: t.database.db, subscribers, provisioning, records };
  };
  const runner = (adapter: NetworkAdapter = network.adapter): QueueRunnerDeps => ({
    db: t.database.db,
    network: adapter,
    bus: t.bus,
    batchSize: 40,
    staleSeconds: 60,
    progressIntervalMs: 0,
  });
  const openSims = (count: number) =>
    queryRows<{ id: number; imsi: string }>(
      t.database.db,
      sql`select id::int as id, imsi from sims where company_id = ${demo} and imsi is not null and block_type = 'none' order by id limit ${count}`,
    );
  const createOperation = async (reason: string, ids: number[]) => {
    const answer = await post(t.app, '/api/queue/create', { reason, selection: { ids } }, { token: admin });
    expect(answer.statusCode).toBe(200);
    return QueueCreateResult.parse(answer.json<{ result: unknown }>().result).qid;
  };
  const results = (qid: number) =>
    queryRows<{ sim_id: number; status: string; reason: string | null }>(
      t.database.db,
      sql`select sim_id::int as sim_id, status, reason from queue_results where queue_id = ${qid} order by sim_id`,
    );

  beforeAll(async () => {
    hlr = await OsmoHlr.start(HLR_HOST);
    t = await createTestApp({ env: { NETWORK_ADAPTER: 'osmo-hlr', HLR_CTRL_ADDR: `${HLR_HOST}:4259` } });
    demo = await companyIdByName(t.database.db, DEMO_COMPANY);
    // Only the first SIMs stay in the HLR's scope: a reconcile of all 5,000 demo SIMs would take a minute.
    await t.database.db.execute(sql`
      update sims set imsi = null
       where imsi is not null and id not in (select id from sims where company_id = ${demo} and imsi is not null order by id limit ${SIMS_IN_HLR})`);
    network = createNetwork({ config: t.config, db: t.database.db, sealer: createSealer(TEST_SIM_KEYS_SECRET), log: () => undefined });
    await ctrl().connect();
    admin = (await login(t.app, 'admin@demo.local')).token;
    root = (await login(t.app, 'root@demo.local')).token;
  });
  afterAll(async () => {
    await network?.close();
    await t?.close();
    await hlr?.dispose();
  });

  it('a reconcile provisions every SIM with its MSISDN and access by block state; a second one changes nothing', async () => {
    await reconcileHlr(reconcileDeps(), 'tools');
    const first = await lastReconcileRecord(t.database.db);
    expect(first).toMatchObject({ trigger: 'tools', checked: SIMS_IN_HLR, created: SIMS_IN_HLR, corrected: 0, failed: 0, error: null });
    expect(first?.finishedAt).toBeInstanceOf(Date);

    const sims = await queryRows<{ imsi: string; msisdn: string; blocked: boolean }>(
      t.database.db,
      sql`select imsi, msisdn, block_type <> 'none' as blocked from sims where imsi is not null order by id`,
    );
    const blocked = sims.filter((sim) => sim.blocked);
    expect(blocked.length).toBeGreaterThan(0);
    for (const sim of [...sims.slice(0, 5), ...blocked.slice(0, 5)]) {
      expect(await ctrl().get(`subscriber.by-imsi-${sim.imsi}.msisdn`)).toBe(sim.msisdn);
      expect(await access(sim.imsi)).toEqual(sim.blocked ? { ps: '0', cs: '0' } : { ps: '1', cs: '1' });
    }
    // The keys went in too; info-all shows them to this test only (the adapter never asks for it).
    const keys = await ctrl().get(`subscriber.by-imsi-${sims[0]?.imsi}.info-all`);
    expect(keys).toMatch(/(ki|k)\t[0-9a-f]{32}/);

    // The HLR drifts: a subscriber deleted, an open SIM's voice cut, a blocked SIM's data given back.
    const [gone, cut] = sims.filter((sim) => !sim.blocked);
    await ctrl().set('subscriber.delete', gone?.imsi ?? '');
    await ctrl().set(`subscriber.by-imsi-${cut?.imsi}.cs-enabled`, '0');
    await ctrl().set(`subscriber.by-imsi-${blocked[0]?.imsi}.ps-enabled`, '1');
    await reconcileHlr(reconcileDeps(), 'tools');
    const second = await lastReconcileRecord(t.database.db);
    expect(second).toMatchObject({ checked: SIMS_IN_HLR, created: 1, corrected: 2, failed: 0 });
    expect(second?.changes.map((line) => line.imsi).sort()).toEqual([gone?.imsi, cut?.imsi, blocked[0]?.imsi].sort());
    expect(await access(cut?.imsi ?? '')).toEqual({ ps: '1', cs: '1' });
    expect(await access(blocked[0]?.imsi ?? '')).toEqual({ ps: '0', cs: '0' });

    await reconcileHlr(reconcileDeps(), 'tools');
    expect(await lastReconcileRecord(t.database.db)).toMatchObject({ created: 0, corrected: 0, failed: 0 });
  });

  it('a reconcile asks again the SIMs the HLR answered too late; an HLR that stays silent ends it with its error', async () => {
    const deps = reconcileDeps();
    const late = (imsi: string) => new HlrCtrlError('timeout', `GET subscriber.by-imsi-${imsi}.info: no answer from the HLR within 5000 ms`);
    // Every SIM's first question goes unanswered, as when osmo-hlr falls seconds behind on a loaded machine.
    const askedOnce = new Set<string>();
    const slowOnce: HlrSubscribers = Object.assign(Object.create(deps.subscribers) as HlrSubscribers, {
      info: async (imsi: string) => {
        if (askedOnce.has(imsi)) return deps.subscribers.info(imsi);
        askedOnce.add(imsi);
        throw late(imsi);
      },
    });
    await reconcileHlr({ ...deps, subscribers: slowOnce }, 'tools');
    expect(askedOnce.size).toBe(SIMS_IN_HLR);
    expect(await lastReconcileRecord(t.database.db)).toMatchObject({ checked: SIMS_IN_HLR, failed: 0, error: null });

    const silent: HlrSubscribers = Object.assign(Object.create(deps.subscribers) as HlrSubscribers, {
      info: (imsi: string) => Promise.reject(late(imsi)),
    });
    await reconcileHlr({ ...deps, subscribers: silent }, 'tools');
    expect(await lastReconcileRecord(t.database.db)).toMatchObject({ checked: SIMS_IN_HLR, failed: SIMS_IN_HLR, error: 'the HLR stopped answering' });
  });

  it('a bulk block sets PS and CS off in the HLR for every SIM; unblock gives both back; disconnect takes data only', async () => {
    const sims = await openSims(100);
    const blockId = await createOperation('queue_block', sims.map((sim) => sim.id));
    await runQueueItem(runner(), { companyId: demo, queueId: blockId });
    expect((await results(blockId)).every((row) => row.status === 'ok')).toBe(true);
    for (const sim of sims) expect(await access(sim.imsi)).toEqual({ ps: '0', cs: '0' });

    const unblockId = await createOperation('queue_unblock', sims.map((sim) => sim.id));
    await runQueueItem(runner(), { companyId: demo, queueId: unblockId });
    expect((await results(unblockId)).every((row) => row.status === 'ok')).toBe(true);
    for (const sim of sims) expect(await access(sim.imsi)).toEqual({ ps: '1', cs: '1' });

    const [one] = sims;
    const answers = await network.adapter.execute({ operation: 'disconnect', params: {}, sims: [{ companyId: demo, simId: one?.id ?? 0, iccid: '', msisdn: '', profile: 'MS', imsi: one?.imsi ?? null }], idempotencyPrefix: 'test:disconnect' });
    expect(answers).toEqual([{ simId: one?.id, ok: true }]);
    expect(await access(one?.imsi ?? '')).toEqual({ ps: '0', cs: '1' });
  });

  it('answers each SIM: the HLR text for its refusal, sim_offline for a ping of a detached SIM, sim_without_imsi', async () => {
    const [sim] = await openSims(1);
    const ref = { companyId: demo, iccid: '', msisdn: '', profile: 'MS' as const };
    const answers = await network.adapter.execute({
      operation: 'ping',
      params: {},
      sims: [
        { ...ref, simId: sim?.id ?? 0, imsi: sim?.imsi ?? null },
        { ...ref, simId: -1, imsi: '001019999999999' },
        { ...ref, simId: -2, imsi: null },
      ],
      idempotencyPrefix: 'test:ping',
    });
    expect(answers).toEqual([
      { simId: sim?.id, ok: false, reason: 'sim_offline' },
      { simId: -1, ok: false, reason: 'hlr_error No such subscriber.' },
      { simId: -2, ok: false, reason: 'sim_without_imsi' },
    ]);
  });

  it('the HLR stopped in the middle of a bulk block: the rest fail as hlr_unreachable, nothing throws; once it is back, retry completes them', async () => {
    const sims = await openSims(200);
    const qid = await createOperation('queue_block', sims.map((sim) => sim.id));
    let batches = 0;
    const stopsAfterFirstBatch: NetworkAdapter = {
      execute: async (request) => {
        const answers = await network.adapter.execute(request);
        if (++batches === 1) await hlr.stop();
        return answers;
      },
      getState: (sim) => network.adapter.getState(sim),
    };
    await runQueueItem(runner(stopsAfterFirstBatch), { companyId: demo, queueId: qid });
    const after = await results(qid);
    const ok = after.filter((row) => row.status === 'ok');
    const failed = after.filter((row) => row.status === 'fail');
    expect(ok.length).toBe(40);
    expect(failed.length).toBe(160);
    expect(new Set(failed.map((row) => row.reason))).toEqual(new Set(['hlr_unreachable']));

    await hlr.resume();
    // The client reconnects by itself, with backoff (at most 5 s apart).
    await waitFor(() => ctrl().state === 'open', 15_000, 'the CTRL client to reconnect');
    const retried = await post(t.app, '/api/operations/retry', { qid }, { token: admin });
    expect(retried.statusCode).toBe(200);
    const retryId = QueueCreateResult.parse(retried.json<{ result: unknown }>().result).qid;
    await runQueueItem(runner(), { companyId: demo, queueId: retryId });
    expect((await results(retryId)).every((row) => row.status === 'ok')).toBe(true);
    for (const sim of sims) expect(await access(sim.imsi)).toEqual({ ps: '0', cs: '0' });
  });

  it('completing an order queues its SIMs for the HLR; the worker provisioning puts each in with its MSISDN', async () => {
    const created = await post(t.app, '/api/orders/create', { company_id: demo, count: 50, contact: 'Anna', address: 'Moscow' }, { token: admin });
    expect(created.statusCode).toBe(200);
    const orderId = created.json<{ result: { id: number } }>().result.id;
    // Paid and in work (the bill's payment is the orders tests' business).
    await t.database.db.execute(sql`update orders set status = 2 where id = ${orderId}`);
    const completed = await post(t.app, '/api/orders/status', { id: orderId, status: 3 }, { token: root });
    expect(completed.statusCode).toBe(200);

    const [job] = await queryRows<{ data: { simIds: number[] } }>(t.database.db, sql`select data from pgboss.job where name = 'hlr-provision'`);
    const simIds = job?.data.simIds ?? [];
    expect(simIds).toHaveLength(50);
    const issued = await queryRows<{ imsi: string; msisdn: string }>(
      t.database.db,
      sql`select imsi, msisdn from sims where id = any(${`{${simIds.join(',')}}`}::bigint[]) and company_id = ${demo}`,
    );
    expect(issued).toHaveLength(50);
    for (const sim of issued.slice(0, 3)) await expect(ctrl().get(`subscriber.by-imsi-${sim.imsi}.info`)).rejects.toThrow('No such subscriber.');

    if (!network.hlr) throw new Error('no HLR link');
    expect(await provisionSims(network.hlr, simIds)).toEqual({ provisioned: 50, failed: 0 });
    for (const sim of issued) {
      expect(await ctrl().get(`subscriber.by-imsi-${sim.imsi}.msisdn`)).toBe(sim.msisdn);
      expect(await access(sim.imsi)).toEqual({ ps: '1', cs: '1' });
    }
  });

  it('the SIM page shows what the HLR holds: provisioned, attached or not, data and voice access', async () => {
    const [sim] = await openSims(1);
    const read = async () => {
      const answer = await post(t.app, '/api/sims/get', { id: sim?.id }, { token: admin });
      expect(answer.statusCode).toBe(200);
      return answer.json<{ result: { imsi: string; network: { hlr: unknown } } }>().result;
    };
    expect(await read()).toMatchObject({
      imsi: sim?.imsi,
      network: { hlr: { provisioned: true, attached: false, vlr_number: null, sgsn_number: null, ps_enabled: true, cs_enabled: true } },
    });
    await ctrl().set(`subscriber.by-imsi-${sim?.imsi}.ps-enabled`, '0');
    expect((await read()).network.hlr).toMatchObject({ ps_enabled: false, cs_enabled: true });
    await ctrl().set('subscriber.delete', sim?.imsi ?? '');
    expect((await read()).network.hlr).toMatchObject({ provisioned: false });
  });

  it('Tools → Network tells root the adapter, the HLR connection and its round trip; ten reconcile asks queue one', async () => {
    const status = await post(t.app, '/api/network/status', {}, { token: root });
    expect(status.statusCode).toBe(200);
    const body = status.json<{ result: { adapter: string; hlr: { address: string; state: string; round_trip_ms: number | null } } }>().result;
    expect(body.adapter).toBe('osmo-hlr');
    expect(body.hlr).toMatchObject({ address: `${HLR_HOST}:4259`, state: 'open' });
    expect(body.hlr.round_trip_ms).toBeGreaterThan(0);
    expect((await post(t.app, '/api/network/status', {}, { token: admin })).statusCode).toBe(403);

    const asks = await Promise.all(Array.from({ length: 10 }, () => post(t.app, '/api/network/reconcile', {}, { token: root })));
    expect(asks.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const queued = asks.filter((answer) => answer.json<{ result: { queued: boolean } }>().result.queued);
    expect(queued).toHaveLength(1);
  });
});
