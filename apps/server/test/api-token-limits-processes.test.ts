import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { freePort, startServer, stopServer, waitUntilServing, type ServerProcess } from './support/processes.js';
import { awaitFreshMinute } from './support/rate-window.js';
import { DEMO_PASSWORD, processEnv, resetPostgres, testDatabaseUrl } from './support/test-app.js';

const LIMIT = 10;

/** Two real API processes on one PostgreSQL hold one API token to one count. */
describe.skipIf(!testDatabaseUrl)('API token rate limit across API processes', () => {
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: testDatabaseUrl, dataDir: 'memory://' });
    await resetPostgres(database);
    const env = processEnv({
      ROLE: 'api',
      API_TOKEN_RATE_LIMIT: String(LIMIT),
    });
    const [portA, portB] = await Promise.all([freePort(), freePort()]);
    a = startServer(portA, env);
    b = startServer(portB, env);
    await Promise.all([waitUntilServing(a), waitUntilServing(b)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((p) => stopServer(p)));
    await database.close();
  }, 30_000);

  async function call(proc: ServerProcess, url: string, body: unknown, token: string) {
    const res = await fetch(`http://127.0.0.1:${proc.port}${url}?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    return { status: res.status, remaining: res.headers.get('ratelimit-remaining'), limit: res.headers.get('ratelimit-limit') };
  }

  it('30 calls at once, half through each process: exactly the limit is served in all (counted apart, each process would serve it), each with its own remaining count', async () => {
    const signIn = await fetch(`http://127.0.0.1:${a.port}/api/login?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: DEMO_PASSWORD }),
    });
    const session = ((await signIn.json()) as { result: { token: string } }).result.token;
    const created = await fetch(`http://127.0.0.1:${b.port}/api/tokens/create?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
      body: JSON.stringify({ name: 'Two-process robot' }),
    });
    const secret = ((await created.json()) as { result: { secret: string } }).result.secret;

    await awaitFreshMinute(database.db);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => call(i % 2 ? b : a, '/api/sims/list', { page: 0, size: 5 }, secret)));
    const served = answers.filter((r) => r.status === 200);
    expect(served).toHaveLength(LIMIT);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(30 - LIMIT);
    // Every served call saw its own place in the shared count: 9, 8, … 0 once each.
    expect(served.map((r) => Number(r.remaining)).sort((x, y) => x - y)).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
    expect(new Set(answers.map((r) => r.limit))).toEqual(new Set([String(LIMIT)]));
  }, 60_000);
});
