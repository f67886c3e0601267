import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simSort } from '../src/modules/sims/list-query.js';
import { countSimsCapped } from '../src/modules/sims/repository.js';
import { createTestApp, testDatabaseUrl, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('count strategy of the cards list', () => {
  it('counts exactly when the count is cheap', async () => {
    const count = await countSimsCapped(t.database.db, [sql`s.profile = 'TC'`], simSort(undefined));
    expect(count).toEqual({ total: 1000, exact: true, estimated: false });
  });

  // statement_timeout needs a real server process; PGlite runs without one.
  it.skipIf(!testDatabaseUrl)('gives the planner estimate when an exact count runs past its budget', async () => {
    const slow = sql`s.profile = 'TC' and (select pg_sleep(0.2)) is not null`;
    const count = await countSimsCapped(t.database.db, [slow], simSort(undefined));
    expect(count.exact).toBe(false);
    expect(count.estimated).toBe(true);
    expect(count.total).toBeGreaterThan(0);
  });
});
