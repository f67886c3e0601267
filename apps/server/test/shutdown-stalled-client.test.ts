import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, stopServer, waitUntilServing, type ServerProcess } from './support/processes.js';
import { createSideDatabase, type SideDatabase } from './support/side-database.js';
import { processEnv, testDatabaseUrl } from './support/test-app.js';

/**
 * A client that asks for a large answer and stops reading it (a health probe that never reads the
 * body, a phone that went into a tunnel) keeps its connection busy; SIGTERM must still end the
 * process cleanly, cutting that connection after a grace, not at the 25 s forced exit (code 1).
 */
describe.skipIf(!testDatabaseUrl)('shutdown with a client that stopped reading (PostgreSQL only: needs TEST_DATABASE_URL)', () => {
  let side: SideDatabase | undefined;
  let api: ServerProcess | undefined;

  afterAll(async () => {
    if (api && !api.exit) await stopServer(api);
    await side?.drop();
  }, 60_000);

  it('exits with code 0 within the grace, its other steps done', async () => {
    side = await createSideDatabase(testDatabaseUrl ?? '', 'shutdown');
    api = startServer(await freePort(), processEnv({ DATABASE_URL: side.url, ROLE: 'api', BILLING_CRON: 'off' }));
    await waitUntilServing(api);

    // An answer taken and never read (fetch keeps the rest waiting in the connection).
    const unread = await fetch(`http://127.0.0.1:${api.port}/api/openapi.json`);
    expect(unread.status).toBe(200);

    const started = Date.now();
    const exit = await stopServer(api);
    const tookMs = Date.now() - started;
    expect(exit).toEqual({ code: 0, signal: null });
    // The grace is 10 s; the forced exit would come at 25 s (code 1).
    expect(tookMs).toBeLessThan(20_000);
    expect(api.output.join('')).not.toContain('forced exit');
  }, 90_000);
});
