/**
 * Throughput of NetworkSimulator.execute() with latency 0: 10,000 SIMs in one call, then in batches
 * of 1,000 as the queue runs them, then a replay of the same keys. Not a test; run by hand against an
 * empty scratch database (it migrates it and inserts SIMs):
 *
 *   MEASURE_DATABASE_URL=postgres://root@127.0.0.1:5432/network_measure \
 *     npx tsx --conditions=source test/network/measure-execute.ts
 *
 * Without MEASURE_DATABASE_URL it measures an in-memory PGlite.
 */
import { openDatabase } from '../../src/db/client.js';
import type { OperationRequest } from '../../src/network/adapter.js';
import { NetworkSimulator } from '../../src/network/simulator.js';
import { createCompany, createSims, seededRandom } from './support.js';

const SIMS = 10_000;
const BATCH = 1000;

const database = await openDatabase({ databaseUrl: process.env.MEASURE_DATABASE_URL, dataDir: 'memory://' });
await database.migrate();
const companyId = await createCompany(database.db, `Measure ${Date.now()}`);
const sims = await createSims(database.db, companyId, { count: SIMS, serialBase: (Date.now() % 100_000_000) * 10_000 });
const simulator = new NetworkSimulator({ db: database.db, latencyMs: 0, failureRate: 0.02, random: seededRandom(1) });

async function timed(label: string, requests: OperationRequest[]): Promise<void> {
  const started = performance.now();
  let outcomes = 0;
  for (const request of requests) outcomes += (await simulator.execute(request)).length;
  const seconds = (performance.now() - started) / 1000;
  console.log(`${database.kind} ${label}: ${outcomes} outcomes in ${seconds.toFixed(3)} s = ${Math.round(outcomes / seconds)} SIMs/s`);
}

const run = `m${Date.now()}`;
const one = (operation: OperationRequest['operation'], prefix: string): OperationRequest => ({ operation, params: {}, sims, idempotencyPrefix: prefix });
const batches = (operation: OperationRequest['operation'], prefix: string): OperationRequest[] =>
  Array.from({ length: SIMS / BATCH }, (_, k) => ({ operation, params: {}, sims: sims.slice(k * BATCH, (k + 1) * BATCH), idempotencyPrefix: `${prefix}-${k}` }));

await timed('block, one call of 10,000', [one('block', `${run}-a`)]);
await timed('block, replay of the same keys', [one('block', `${run}-a`)]);
await timed('unblock, 10 calls of 1,000', batches('unblock', `${run}-b`));
await timed('ping, 10 calls of 1,000', batches('ping', `${run}-c`));
await database.close();
