import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { hashOpaqueToken } from '../src/auth/tokens.js';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { freePort, startServer, stopServer, waitUntilServing, type ServerProcess } from './support/processes.js';
import { createSideDatabase, type SideDatabase } from './support/side-database.js';
import { DEMO_PASSWORD, processEnv, testDatabaseUrl } from './support/test-app.js';
import { callProcess, type CallOutcome } from './support/traffic.js';
import { expectEverySimOnce } from './support/bulk-checks.js';
import { waitFor } from './support/wait.js';

const OUTAGE_MS = 5000;
const BULK_SIMS = 1000;
const UNAVAILABLE = {
  en: { code: 'service_unavailable', message: 'The service is temporarily unavailable, please try again in a few seconds' },
  ru: { code: 'service_unavailable', message: 'Сервис временно недоступен, повторите попытку через несколько секунд' },
};
// Query parameters of calls made while the database refuses: none of them may reach a log.
const REFUSED_EMAIL = `refused-${randomUUID().slice(0, 8)}@example.test`;
const SEARCH_TEXT = `refused-search-${randomUUID().slice(0, 8)}`;

/**
 * PostgreSQL refuses the whole database (ALTER DATABASE … ALLOW_CONNECTIONS false: every new
 * connection fails with 55000) and every open connection is terminated, for OUTAGE_MS, while an
 * API process serves calls and a worker process runs a bulk operation.
 */
describe.skipIf(!testDatabaseUrl)('the database refuses connections for a while (PostgreSQL only: needs TEST_DATABASE_URL)', () => {
  let side: SideDatabase;
  let data: Database;
  let api: ServerProcess;
  let worker: ServerProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    side = await createSideDatabase(testDatabaseUrl ?? '', 'refusal');
    env = processEnv({
      DATABASE_URL: side.url,
      // Everything a production log could carry, down to the request lines.
      LOG_LEVEL: 'info',
      NETWORK_LATENCY_MS: '400',
      NETWORK_FAILURE_RATE: '0.1',
      NETWORK_ACTIVITY_SIMS: '0',
      BILLING_CRON: 'off',
      QUEUE_BATCH_SIZE: '50',
      QUEUE_CONCURRENCY: '2',
      // Far beyond the test's waits: the bulk run must go on because the worker waited for the
      // database, not because a stale claim was swept up.
      QUEUE_STALE_SECONDS: '300',
    });
    api = startServer(await freePort(), { ...env, ROLE: 'api' });
    await waitUntilServing(api);
    worker = startServer(await freePort(), { ...env, ROLE: 'worker' });
    data = await openDatabase({ databaseUrl: side.url, dataDir: 'memory://', log: () => undefined });
  }, 150_000);

  afterAll(async () => {
    await side?.allowConnections(true);
    const exits = await Promise.all([api, worker].filter(Boolean).map((p) => stopServer(p)));
    await data?.close();
    await side?.drop();
    // Even after the refusal each process shuts down cleanly on SIGTERM (stopServer prints why not).
    expect(exits).toEqual(exits.map(() => ({ code: 0, signal: null })));
  }, 60_000);

  async function item(qid: number) {
    const rows = await queryRows<{ state: string; ok: number; fail: number }>(data.db, sql`select state, ok, fail from queue_items where id = ${qid}`);
    return rows[0];
  }

  it('answers 503 with Retry-After and a localized body, keeps every process up, finishes the bulk run exactly and logs no query parameters', async () => {
    onTestFailed(() => {
      for (const proc of [api, worker]) console.error(`--- ${proc.port}, exit ${JSON.stringify(proc.exit)}:\n${proc.output.join('')}`);
    });
    const signedIn = await callProcess(api, '/api/login', { email: 'admin@demo.local', password: DEMO_PASSWORD });
    expect(signedIn.status).toBe(200);
    const { token, refresh_token: refreshToken } = (signedIn.body as { result: { token: string; refresh_token: string } }).result;
    const sessionId = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;

    const simIds = (
      await queryRows<{ id: number }>(data.db, sql`
        select s.id::int as id from sims s join users u on u.company_id = s.company_id
        where u.email = 'admin@demo.local' and s.block_type = 'none' order by s.id limit ${BULK_SIMS}`)
    ).map((r) => r.id);
    const created = await callProcess(api, '/api/queue/create', { reason: 'queue_block', selection: { ids: simIds } }, { token });
    expect(created.status).toBe(200);
    const { qid, count } = (created.body as { result: { qid: number; count: number } }).result;
    expect(count).toBe(BULK_SIMS);
    await waitFor(async () => {
      const row = await item(qid);
      return (row?.ok ?? 0) + (row?.fail ?? 0) >= 150;
    }, 60_000, 'the bulk run to be under way');

    // List calls, alternating languages, with a search text, before, during and after the refusal.
    const outcomes: Array<CallOutcome & { lang: 'en' | 'ru' }> = [];
    let stopped = false;
    const traffic = (async () => {
      for (let i = 0; !stopped && i < 2000; i++) {
        const lang = i % 2 === 0 ? 'en' : 'ru';
        const body = { page: 0, size: 25, filter: { query: SEARCH_TEXT } };
        outcomes.push({ ...(await callProcess(api, '/api/sims/list', body, { token, lang })), lang });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect((await item(qid))?.state).toBe('running');
    await side.allowConnections(false);
    const refusedFrom = Date.now();
    expect(await side.terminateBackends()).toBeGreaterThan(0);
    // A sign-in and a token refresh while new connections are refused (55000; the terminated ones
    // are noticed by then): their e-mail and session must not be logged.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const refusedCalls = [
      await callProcess(api, '/api/login', { email: REFUSED_EMAIL, password: 'whatever-it-is' }, { lang: 'ru' }),
      await callProcess(api, '/api/token/refresh', { refresh_token: refreshToken }),
    ];
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - (Date.now() - refusedFrom)));
    await side.allowConnections(true);
    const reopenedAt = Date.now();

    await waitFor(async () => (await callProcess(api, '/api/sims/list', { page: 0, size: 25 }, { token })).status === 200, 20_000, 'the list to answer again');
    const recoveredAfterMs = Date.now() - reopenedAt;
    stopped = true;
    await traffic;

    expect(refusedCalls.map((c) => [c.status, c.body])).toEqual([
      [503, UNAVAILABLE.ru],
      [503, UNAVAILABLE.en],
    ]);
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    const unavailable = outcomes.filter((o) => o.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const o of [...unavailable, ...refusedCalls]) expect(o.retryAfter).toBe('5');
    for (const o of unavailable) expect(o.body).toEqual(UNAVAILABLE[o.lang]);
    expect(unavailable.every((o) => o.at >= refusedFrom - 1000)).toBe(true);

    // The worker waited for the database and went on: every SIM has exactly one outcome.
    await waitFor(async () => (await item(qid))?.state === 'done', 60_000, 'the bulk run to finish');
    await expectEverySimOnce(data.db, qid, count);

    for (const proc of [api, worker]) {
      expect(proc.exit).toBeNull();
      const log = proc.output.join('');
      expect(log).not.toMatch(/Unhandled 'error' event|UnhandledPromiseRejection|unhandled error/);
      for (const secret of [REFUSED_EMAIL, SEARCH_TEXT, sessionId, refreshToken, hashOpaqueToken(refreshToken), 'params:']) {
        expect(log).not.toContain(secret);
      }
    }
    // The worker's run met the outage, waited for the database and resumed (no stale-claim sweep:
    // QUEUE_STALE_SECONDS is far away); its probes were refused with 55000 meanwhile and went on.
    expect(worker.output.join('')).toMatch(/queue item \d+: database unavailable \(.*\), resuming when it is back/);
    console.info(`db-refusal: ${outcomes.length} list calls, ${unavailable.length} answered 503; 200 again ${recoveredAfterMs} ms after the database was reopened`);
  }, 150_000);

  it('a process started while the database refuses waits for it, without exiting, and serves once it is back', async () => {
    await side.allowConnections(false);
    let late: ServerProcess | undefined;
    try {
      await side.terminateBackends();
      late = startServer(await freePort(), { ...env, ROLE: 'api' });
      const started = late;
      onTestFailed(() => console.error(`--- late process, exit ${JSON.stringify(started.exit)}:\n${started.output.join('')}`));
      await waitFor(() => /database unavailable at start \(.*\(55000\)\): trying again/.test(started.output.join('')), 90_000, 'the late process to wait for the database');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(late.exit).toBeNull();
    } finally {
      await side.allowConnections(true);
    }
    await waitUntilServing(late);
    const signedIn = await callProcess(late, '/api/login', { email: 'admin@demo.local', password: DEMO_PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(await stopServer(late)).toEqual({ code: 0, signal: null });
  }, 180_000);
});
