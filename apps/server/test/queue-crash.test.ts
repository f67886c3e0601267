import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { freePort, startServer, stopServer, waitUntilServing, type ServerProcess } from './support/processes.js';
import { DEMO_PASSWORD, processEnv, resetPostgres, testDatabaseUrl } from './support/test-app.js';
import { waitFor } from './support/wait.js';

/** A worker killed with SIGKILL in the middle of a bulk operation: nothing lost, nothing twice. */
describe.skipIf(!testDatabaseUrl)('bulk operation survives kill -9 of its worker', () => {
  let database: Database;
  let api: ServerProcess;
  const workers: ServerProcess[] = [];
  const env = processEnv({
    NETWORK_FAILURE_RATE: '0.1',
    QUEUE_BATCH_SIZE: '100',
    QUEUE_CONCURRENCY: '2',
    QUEUE_STALE_SECONDS: '2',
  });

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: testDatabaseUrl, dataDir: 'memory://' });
    await resetPostgres(database);
    api = startServer(await freePort(), { ...env, ROLE: 'api' });
    await waitUntilServing(api);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([api, ...workers].map((p) => stopServer(p)));
    await database.close();
  }, 30_000);

  async function item(qid: number) {
    const rows = await queryRows<{ state: string; count: number; ok: number; fail: number }>(
      database.db,
      sql`select state, count, ok, fail from queue_items where id = ${qid}`,
    );
    return rows[0];
  }

  it('finishes with exact counts and one network application per SIM', async () => {
    const login = await fetch(`http://127.0.0.1:${api.port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: DEMO_PASSWORD }),
    });
    const token = (await login.json() as { result: { token: string } }).result.token;
    const created = await fetch(`http://127.0.0.1:${api.port}/api/queue/create?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ reason: 'queue_block', selection: { filter: { blocked: 2 }, childs: false } }),
    });
    expect(created.status).toBe(200);
    const { qid, count } = (await created.json() as { result: { qid: number; count: number } }).result;
    expect(count).toBeGreaterThan(3000);

    // A slow network keeps the first worker mid-item when it is killed.
    const first = startServer(await freePort(), { ...env, ROLE: 'worker', NETWORK_LATENCY_MS: '150' });
    workers.push(first);
    await waitFor(async () => ((await item(qid))?.ok ?? 0) + ((await item(qid))?.fail ?? 0) >= 500, 60_000, 'progress');
    first.child.kill('SIGKILL');
    await waitFor(() => first.exit !== null, 5000, 'the killed worker');
    const atKill = await item(qid);
    expect(atKill?.state).toBe('running');

    const second = startServer(await freePort(), { ...env, ROLE: 'worker', NETWORK_LATENCY_MS: '0' });
    workers.push(second);
    await waitFor(async () => (await item(qid))?.state === 'done', 90_000, 'the item to finish');

    const done = await item(qid);
    expect((done?.ok ?? 0) + (done?.fail ?? 0)).toBe(count);
    const results = await queryRows<{ status: string; n: number }>(
      database.db,
      sql`select status, count(*)::int as n from queue_results where queue_id = ${qid} group by status order by status`,
    );
    expect(Object.fromEntries(results.map((r) => [r.status, r.n]))).toEqual({ fail: done?.fail, ok: done?.ok });
    const applied = await queryRows<{ n: number; sims: number }>(
      database.db,
      sql`select count(*)::int as n, count(distinct sim_id)::int as sims from network_applied_ops where key like ${`queue:${qid}:%`}`,
    );
    expect(applied[0]).toEqual({ n: count, sims: count });
    const blocked = await queryRows<{ n: number }>(database.db, sql`
      select count(*)::int as n from sims s join queue_results r on r.sim_id = s.id and r.queue_id = ${qid}
      where r.status = 'ok' and s.block_type = 'voluntary'`);
    expect(blocked[0]?.n).toBe(done?.ok);
  }, 180_000);
});
