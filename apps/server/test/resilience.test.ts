import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { startDbGate, terminateOtherBackends, type DbGate } from './support/db-gate.js';
import { freePort, startServer, stopServer, waitUntilServing, type ServerProcess } from './support/processes.js';
import { DEMO_PASSWORD, JWT_SECRET, resetPostgres, testDatabaseUrl } from './support/test-app.js';
import { callProcess, runListTraffic } from './support/traffic.js';
import { expectEverySimOnce } from './support/bulk-checks.js';
import { waitFor } from './support/wait.js';
import { openAuthedSocket, type TestSocket } from './support/ws-client.js';

const BULK_SIMS = 2000;
const OUTAGE_MS = 3000;
const UNAVAILABLE = {
  code: 'service_unavailable',
  message: 'The service is temporarily unavailable, please try again in a few seconds',
};

/**
 * Two API processes and a worker on one PostgreSQL lose every database connection (all backends
 * terminated, new connections refused for OUTAGE_MS) while list traffic and a bulk operation run.
 * Nobody exits, callers get 503 at worst, and everything recovers by itself.
 */
describe.skipIf(!testDatabaseUrl)('a database outage under load, several processes (PostgreSQL only: needs TEST_DATABASE_URL)', () => {
  let admin: Database;
  let gate: DbGate;
  let apiA: ServerProcess;
  let apiB: ServerProcess;
  let worker: ServerProcess;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    admin = await openDatabase({ databaseUrl: testDatabaseUrl, dataDir: 'memory://' });
    await resetPostgres(admin);
    gate = await startDbGate(testDatabaseUrl ?? '');
    const env = {
      SEED_DEMO: '1',
      JWT_SECRET,
      DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      NETWORK_LATENCY_MS: '250',
      NETWORK_FAILURE_RATE: '0.1',
      NETWORK_ACTIVITY_SIMS: '0',
      BILLING_CRON: 'off',
      QUEUE_BATCH_SIZE: '50',
      QUEUE_CONCURRENCY: '2',
      // Far beyond the test's waits: the bulk run must resume because the worker noticed the
      // database came back, not because a stale claim was swept up.
      QUEUE_STALE_SECONDS: '300',
    };
    const [portA, portB, portW] = await Promise.all([freePort(), freePort(), freePort()]);
    // Each process names its connections, so the test can tell every one of them lost its own.
    const named = (name: string) => {
      const url = new URL(gate.url);
      url.searchParams.set('application_name', name);
      return url.toString();
    };
    apiA = startServer(portA, { ...env, DATABASE_URL: named('api-a'), ROLE: 'api' });
    apiB = startServer(portB, { ...env, DATABASE_URL: named('api-b'), ROLE: 'api' });
    worker = startServer(portW, { ...env, DATABASE_URL: named('worker'), ROLE: 'worker' });
    await Promise.all([waitUntilServing(apiA), waitUntilServing(apiB)]);
  }, 150_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    const exits = await Promise.all([apiA, apiB, worker].filter(Boolean).map((p) => stopServer(p)));
    gate?.dispose();
    await admin?.close();
    // Even after the outage each process shuts down cleanly on SIGTERM.
    expect(exits).toEqual(exits.map(() => ({ code: 0, signal: null })));
  }, 60_000);

  async function loginVia(proc: ServerProcess, email: string): Promise<string> {
    const res = await callProcess(proc, '/api/login', { email, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    return (res.body as { result: { token: string } }).result.token;
  }

  async function item(qid: number) {
    const rows = await queryRows<{ state: string; count: number; ok: number; fail: number }>(
      admin.db,
      sql`select state, count, ok, fail from queue_items where id = ${qid}`,
    );
    return rows[0];
  }

  it('keeps every process up, answers 503 during the gap and recovers everything by itself', async () => {
    onTestFailed(() => {
      for (const proc of [apiA, apiB, worker]) console.error(`--- process on ${proc.port}, exit ${JSON.stringify(proc.exit)}:\n${proc.output.join('')}`);
    });
    const adminToken = await loginVia(apiA, 'admin@demo.local');
    const viewerToken = await loginVia(apiB, 'viewer@demo.local');
    const socket = await openAuthedSocket(`ws://127.0.0.1:${apiA.port}/ws`, adminToken);
    const viewerSocket = await openAuthedSocket(`ws://127.0.0.1:${apiA.port}/ws`, viewerToken);
    const managerToken = await loginVia(apiB, 'manager@demo.local');
    const managerSocket = await openAuthedSocket(`ws://127.0.0.1:${apiA.port}/ws`, managerToken);
    sockets.push(socket, viewerSocket, managerSocket);

    const simIds = (
      await queryRows<{ id: number }>(admin.db, sql`
        select s.id::int as id from sims s join users u on u.company_id = s.company_id
        where u.email = 'admin@demo.local' and s.block_type = 'none' order by s.id limit ${BULK_SIMS + 1}`)
    ).map((r) => r.id);
    const lateSim = simIds.pop() ?? 0;
    const created = await callProcess(apiB, '/api/queue/create', { reason: 'queue_block', selection: { ids: simIds } }, { token: adminToken });
    expect(created.status).toBe(200);
    const { qid, count } = (created.body as { result: { qid: number; count: number } }).result;
    expect(count).toBe(BULK_SIMS);
    await waitFor(async () => {
      const row = await item(qid);
      return (row?.ok ?? 0) + (row?.fail ?? 0) >= 300;
    }, 40_000, 'the bulk run to be under way');

    const traffic = runListTraffic([apiA, apiB], adminToken);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const eventsBefore = socket.events.length;

    // The outage: no new connections, every existing one terminated.
    gate.shut();
    const outageStart = Date.now();
    const terminated = await terminateOtherBackends(admin);
    expect(terminated).toEqual(expect.arrayContaining(['api-a', 'api-b', 'worker']));
    expect((await item(qid))?.state).toBe('running');
    // A sign-out whose session_revoked event falls into the gap (no process hears it).
    await admin.db.execute(sql`
      update refresh_tokens set revoked_at = now()
      where revoked_at is null and user_id = (select id from users where email = 'viewer@demo.local')`);
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await gate.open();
    const outageEnd = Date.now();

    // Calls succeed again on both API processes within a bounded time, without a restart.
    await waitFor(async () => {
      const answers = await Promise.all([apiA, apiB].map((p) => callProcess(p, '/api/sims/list', { page: 0, size: 25 }, { token: adminToken })));
      return answers.every((a) => a.status === 200);
    }, 15_000, 'both API processes to answer again');
    const recoveredAfterMs = Date.now() - outageEnd;
    traffic.stop();
    const outcomes = await traffic.done;

    // During the gap: 503 with the localized body, or success; never a 500 or a dropped connection.
    const failures = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
    expect(failures).toEqual([]);
    const unavailable = outcomes.filter((o) => o.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const o of unavailable) expect(o.body).toEqual(UNAVAILABLE);
    expect(unavailable.every((o) => o.at >= outageStart - 1000)).toBe(true);

    // Websocket: the gap is announced (refetch), the session that ended in the gap is closed, and
    // events and sign-outs through process B reach sockets held by process A again.
    await waitFor(() => socket.events.slice(eventsBefore).some((e) => e.type === 'portal_update'), 20_000, 'portal_update after the gap');
    expect(await viewerSocket.closed(10_000)).toBe(4001);
    const late = await callProcess(apiB, '/api/queue/create', { reason: 'queue_ping', selection: { ids: [lateSim] } }, { token: adminToken });
    expect(late.status).toBe(200);
    const lateQid = (late.body as { result: { qid: number } }).result.qid;
    await socket.next((e) => e.type === 'queue_add' && e.data.qid === lateQid, 10_000);
    expect((await callProcess(apiB, '/api/logout', {}, { token: managerToken })).status).toBe(200);
    expect(await managerSocket.closed(10_000)).toBe(4001);

    // The bulk run finishes with every SIM's outcome recorded once and applied by the network once.
    await waitFor(async () => (await item(qid))?.state === 'done', 40_000, 'the bulk run to finish');
    await expectEverySimOnce(admin.db, qid, BULK_SIMS);

    for (const proc of [apiA, apiB, worker]) {
      expect(proc.exit).toBeNull();
      expect(proc.output.join('')).not.toMatch(/Unhandled 'error' event|UnhandledPromiseRejection/);
    }
    console.info(`resilience: ${outcomes.length} calls, ${unavailable.length} answered 503, calls recovered ${recoveredAfterMs} ms after the database was back`);
  }, 90_000);
});
