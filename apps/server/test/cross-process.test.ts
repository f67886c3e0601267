import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { freePort, startServer, stopServer, waitUntilServing, type ServerProcess } from './support/processes.js';
import { DEMO_PASSWORD, processEnv, resetPostgres, testDatabaseUrl } from './support/test-app.js';
import { openAuthedSocket, type TestSocket } from './support/ws-client.js';

/** Real processes sharing one PostgreSQL: what a scaled deployment looks like (ARCHITECTURE §7). */
describe.skipIf(!testDatabaseUrl)('several server processes on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let worker: ServerProcess;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const database = await openDatabase({ databaseUrl: testDatabaseUrl, dataDir: 'memory://' });
    await resetPostgres(database);
    await database.close();
    const env = processEnv();
    // All start at once on an empty database: migrations and the seed run under the advisory lock.
    const [portA, portB, portW] = await Promise.all([freePort(), freePort(), freePort()]);
    a = startServer(portA, { ...env, ROLE: 'api' });
    b = startServer(portB, { ...env, ROLE: 'api' });
    worker = startServer(portW, { ...env, ROLE: 'worker' });
    await Promise.all([waitUntilServing(a), waitUntilServing(b)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    const exits = await Promise.all([a, b, worker].filter(Boolean).map((p) => stopServer(p)));
    // Graceful shutdown: every process ends by itself with code 0 on SIGTERM.
    expect(exits).toEqual(exits.map(() => ({ code: 0, signal: null })));
  }, 30_000);

  async function call(
    proc: ServerProcess,
    url: string,
    body: unknown,
    token?: string,
  ): Promise<{ status: number; json: unknown }> {
    const res = await fetch(`http://127.0.0.1:${proc.port}${url}?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: await res.json() };
  }

  async function loginVia(proc: ServerProcess, email: string): Promise<string> {
    const res = await call(proc, '/api/login', { email, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    return (res.json as { result: { token: string } }).result.token;
  }

  it('seeded the demo exactly once although both started together', async () => {
    const token = await loginVia(a, 'admin@demo.local');
    const res = await call(b, '/api/news/list', { page: 0, size: 50 }, token);
    expect(res.status).toBe(200);
    expect((res.json as { result: { all_count: number } }).result.all_count).toBe(3);
    const me = await call(a, '/api/service/me', { version: 250314 }, token);
    expect((me.json as { result: { sim_count: number } }).result.sim_count).toBe(4000);
  });

  it('an event raised on process B reaches a socket held by process A', async () => {
    const adminToken = await loginVia(b, 'admin@demo.local');
    const socket = await openAuthedSocket(`ws://127.0.0.1:${a.port}/ws`, adminToken);
    sockets.push(socket);
    const rootToken = await loginVia(b, 'root@demo.local');
    const created = await call(b, '/api/news/create', { title_ru: 'Cross-process', text_ru: '<p>hi</p>', title_en: '', text_en: '' }, rootToken);
    expect(created.status).toBe(200);
    expect(await socket.next((e) => e.type === 'portal_update', 10_000)).toEqual({ type: 'portal_update', data: {} });
  });

  it('logging out on process B closes the session socket held by process A', async () => {
    const token = await loginVia(b, 'viewer@demo.local');
    const socket = await openAuthedSocket(`ws://127.0.0.1:${a.port}/ws`, token);
    sockets.push(socket);
    expect((await call(b, '/api/logout', {}, token)).status).toBe(200);
    expect(await socket.closed(10_000)).toBe(4001);
  });

  it('a session revoked on process B is refused by process A on the very next request, though A cached it', async () => {
    for (let round = 0; round < 10; round++) {
      const token = await loginVia(b, 'viewer@demo.local');
      expect((await call(a, '/api/session/check', {}, token)).status).toBe(200);
      expect((await call(a, '/api/session/check', {}, token)).status).toBe(200);
      expect((await call(b, '/api/logout', {}, token)).status).toBe(200);
      expect((await call(a, '/api/session/check', {}, token)).status, `round ${round}`).toBe(401);
    }
    // The SIM list takes a cached principal before the listener caught up, and confirms it after
    // its reads (confirmPrincipalAfterReads): it too refuses the very next request.
    const list = { page: 0, size: 1 };
    for (let round = 0; round < 10; round++) {
      const token = await loginVia(b, 'viewer@demo.local');
      expect((await call(a, '/api/sims/list', list, token)).status).toBe(200);
      expect((await call(a, '/api/sims/list', list, token)).status).toBe(200);
      expect((await call(b, '/api/logout', {}, token)).status).toBe(200);
      expect((await call(a, '/api/sims/list', list, token)).status, `list round ${round}`).toBe(401);
    }
    // A user blocked by another process (here: directly in the database, as a job would) too.
    const token = await loginVia(a, 'manager@demo.local');
    expect((await call(a, '/api/session/check', {}, token)).status).toBe(200);
    const database = await openDatabase({ databaseUrl: testDatabaseUrl, dataDir: 'memory://' });
    try {
      await database.db.execute(sql`update users set active = false where email = 'manager@demo.local'`);
      expect((await call(a, '/api/session/check', {}, token)).status).toBe(401);
      await database.db.execute(sql`update users set active = true where email = 'manager@demo.local'`);
    } finally {
      await database.close();
    }
  });

  it('the worker process stays up without serving HTTP', async () => {
    expect(worker.exit).toBeNull();
    await expect(fetch(`http://127.0.0.1:${worker.port}/api/openapi.json`)).rejects.toThrow();
    expect(worker.output.join('')).not.toContain('is running at');
  });
});
