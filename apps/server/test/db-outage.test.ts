import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import type { BusMessage } from '../src/realtime/bus.js';
import { startDbGate, terminateOtherBackends, type DbGate } from './support/db-gate.js';
import { createTestApp, login, post, testDatabaseUrl, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';

const UNAVAILABLE = {
  en: { code: 'service_unavailable', message: 'The service is temporarily unavailable, please try again in a few seconds' },
  ru: { code: 'service_unavailable', message: 'Сервис временно недоступен, повторите попытку через несколько секунд' },
};

/**
 * The API while its database is away: on PostgreSQL the connections are terminated and new ones
 * refused (then allowed again); on PGlite the embedded database is closed under the app.
 */
describe('calls while the database is unreachable', () => {
  let t: TestApp | undefined;
  let gate: DbGate | undefined;
  let admin: Database | undefined;

  afterAll(async () => {
    await t?.close().catch(() => undefined);
    gate?.dispose();
    await admin?.close();
  }, 30_000);

  it('answer 503 with a localized message and no internals, and succeed again once it is back', async () => {
    gate = testDatabaseUrl ? await startDbGate(testDatabaseUrl) : undefined;
    t = await createTestApp({ databaseUrl: gate?.url });
    const app = t.app;
    const { token } = await login(app, 'admin@demo.local');
    const list = (lang: 'en' | 'ru') => post(app, '/api/sims/list', { page: 0, size: 25 }, { token, lang });
    expect((await list('en')).statusCode).toBe(200);
    const heard: BusMessage[] = [];
    t.bus.subscribe((message) => heard.push(message));

    if (gate && testDatabaseUrl) {
      admin = await openDatabase({ databaseUrl: testDatabaseUrl, dataDir: 'memory://' });
      gate.shut();
      await terminateOtherBackends(admin);
    } else {
      // PGlite cannot come back after close; stop the job queue first so it does not poll a closed database.
      await t.jobs.stop({ graceful: false, wait: true });
      await t.database.close();
    }

    for (const lang of ['en', 'ru'] as const) {
      const response = await list(lang);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual(UNAVAILABLE[lang]);
    }
    const loginDuringOutage = await post(app, '/api/login', { email: 'admin@demo.local', password: 'whatever' });
    expect(loginDuringOutage.statusCode).toBe(503);
    expect(loginDuringOutage.json()).toEqual(UNAVAILABLE.en);
    if (!gate) return;

    // The same process, no restart: the pool opens fresh connections, the listener reconnects.
    await gate.open();
    await waitFor(async () => (await list('en')).statusCode === 200, 15_000, 'the list to answer again');
    await waitFor(() => heard.some((m) => m.kind === 'resync'), 15_000, 'the event listener to resync');
    const afterwards = await post(app, '/api/login', { email: 'admin@demo.local', password: 'wrong' });
    expect(afterwards.statusCode).toBe(401);
  }, 60_000);
});
