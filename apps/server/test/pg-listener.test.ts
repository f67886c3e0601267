import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgListener } from '../src/db/pg-listener.js';
import { testDatabaseUrl } from './support/test-app.js';

describe.skipIf(!testDatabaseUrl)('the LISTEN connection catching up (PostgreSQL only: needs TEST_DATABASE_URL)', () => {
  const channel = 'cabinet_listener_test';
  const heard = new Set<string>();
  let listener: PgListener;
  let writer: pg.Client;
  beforeAll(async () => {
    listener = new PgListener(testDatabaseUrl ?? '', () => undefined);
    await listener.listen(channel, (payload) => heard.add(payload));
    writer = new pg.Client({ connectionString: testDatabaseUrl });
    await writer.connect();
  });
  afterAll(async () => {
    await writer?.end();
    await listener?.close();
  });

  it('has dispatched every notification committed on another connection before the call, every time', async () => {
    // Without the round trip the listener hears a notification some time after its commit was
    // acknowledged, on its own socket: checking right after the commit would miss most of them.
    for (let i = 0; i < 200; i++) {
      await writer.query('select pg_notify($1, $2)', [channel, `n${i}`]);
      expect(await listener.caughtUp()).toBe(true);
      expect(heard.has(`n${i}`), `notification ${i}`).toBe(true);
    }
  });

  it('shares one round trip among the callers waiting together, and leaves a new one after a trip under way', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => listener.caughtUp()));
    expect(answers.every(Boolean)).toBe(true);
    await writer.query('select pg_notify($1, $2)', [channel, 'late']);
    expect(await listener.caughtUp()).toBe(true);
    expect(heard.has('late')).toBe(true);
  });

  it('answers false, and no cached value is trusted, while the connection is away', async () => {
    await writer.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'cabinet listener'`);
    const deadline = Date.now() + 5000;
    while (listener.connected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(listener.connected).toBe(false);
    expect(await listener.caughtUp()).toBe(false);
  });
});
