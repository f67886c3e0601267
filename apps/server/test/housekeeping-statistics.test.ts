import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHousekeeping } from '../src/worker/housekeeping.js';
import { sqlNumber } from './support/sims.js';
import { createTestApp, testDatabaseUrl, type TestApp } from './support/test-app.js';

/** PostgreSQL's autovacuum gathers statistics by itself; only the embedded database needs this. */
describe.skipIf(Boolean(testDatabaseUrl))('housekeeping on the embedded database (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('gathers the planner statistics PGlite has no autovacuum daemon for', async () => {
    const simStatistics = () =>
      sqlNumber(t.database.db, sql`select count(*)::int as n from pg_stats where schemaname = 'public' and tablename = 'sims'`);
    // The seeded SIMs were never analyzed: the planner would guess their numbers.
    expect(await simStatistics()).toBe(0);
    const stop = startHousekeeping(t.database.db, () => undefined, { embedded: true });
    try {
      const deadline = Date.now() + 20_000;
      while ((await simStatistics()) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      stop();
    }
    expect(await simStatistics()).toBeGreaterThan(0);
  });
});
