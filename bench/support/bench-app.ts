import { tmpdir } from 'node:os';
import { fileStoreFor } from '../../apps/server/src/storage/file-store.js';
import { buildApp } from '../../apps/server/src/app.js';
import { hashPassword } from '../../apps/server/src/auth/passwords.js';
import { loadConfig } from '../../apps/server/src/config.js';
import type { Database } from '../../apps/server/src/db/client.js';
import { startJobQueue } from '../../apps/server/src/jobs/boss.js';
import { EventBus } from '../../apps/server/src/realtime/bus.js';
import { users } from '../../apps/server/src/db/schema.js';
import { createSealer } from '../../apps/server/src/auth/sealing.js';
import { BENCH_DATABASE_URL } from './bench-db.js';

export const BENCH_PASSWORD = 'bench-password';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-42';

/** The real API, listening on loopback, over the bench database. */
export async function startBenchApi(database: Database, env: Record<string, string> = {}) {
  const config = loadConfig({ DATABASE_URL: BENCH_DATABASE_URL, JWT_SECRET, LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...env });
  const jobs = await startJobQueue(database, { works: false });
  const bus = new EventBus(database);
  const { app, hub } = await buildApp({ config, database, jwtSecret: JWT_SECRET, sealer: createSealer(JWT_SECRET), jobs, bus, files: fileStoreFor('memory://', tmpdir()) });
  await bus.listen();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    address,
    config,
    jobs,
    bus,
    close: async () => {
      hub.closeAll();
      await app.close();
      await bus.close();
      await jobs.stop({ graceful: false, wait: true });
    },
  };
}

export async function createBenchUser(database: Database, companyId: number, email: string, role: string): Promise<void> {
  await database.db
    .insert(users)
    .values({ companyId, email, role, firstName: 'Bench', lastName: role, passwordHash: await hashPassword(BENCH_PASSWORD) })
    .onConflictDoNothing();
}

export async function loginAs(address: string, email: string): Promise<string> {
  const res = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: { token: string } }).result.token;
}
