// Runs one bulk operation on 100,000 SIMs at zero simulated latency through the real API, job
// queue and worker, and prints SIMs/s and the time from the request to the first progress event.
// Run: npx tsx --conditions=source bench/bulk-operation.ts   (uses the bench database, see bench-db.ts)
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { startJobQueue } from '../apps/server/src/jobs/boss.js';
import { startQueueWorker } from '../apps/server/src/jobs/queue-worker.js';
import { queryRows } from '../apps/server/src/db/client.js';
import { companies } from '../apps/server/src/db/schema.js';
import { NetworkSimulator } from '../apps/server/src/network/simulator.js';
import { EventBus } from '../apps/server/src/realtime/bus.js';
import { insertSims, openBenchDatabase } from './support/bench-db.js';
import { createBenchUser, loginAs, startBenchApi } from './support/bench-app.js';

const SIMS = 100_000;
const TIMEOUT_MS = 300_000;

const database = await openBenchDatabase();
const name = `Bulk ${Date.now()}`;
const [company] = await database.db.insert(companies).values({ name }).returning();
if (!company) throw new Error('company not created');
const email = `bulk-${company.id}@bench.local`;
await createBenchUser(database, company.id, email, 'admin');
await insertSims(database, company.id, 50_000_000 + company.id * 1_000_000, SIMS);
await database.db.execute(sql`update sims set block_type = 'none' where company_id = ${company.id}`);
await database.db.execute(sql`vacuum analyze sims`);

const api = await startBenchApi(database, { QUEUE_PROGRESS_INTERVAL_MS: '500' });
const workerJobs = await startJobQueue(database, { works: true });
const stopWorker = await startQueueWorker(
  workerJobs,
  {
    db: database.db,
    network: new NetworkSimulator({ db: database.db, latencyMs: 0, failureRate: 0.01 }),
    bus: new EventBus(database),
    batchSize: api.config.QUEUE_BATCH_SIZE,
    staleSeconds: api.config.QUEUE_STALE_SECONDS,
    progressIntervalMs: api.config.QUEUE_PROGRESS_INTERVAL_MS,
  },
  api.config.QUEUE_CONCURRENCY,
  console.log,
);

const token = await loginAs(api.address, email);
const socket = new WebSocket(api.address.replace('http', 'ws') + '/ws');
await new Promise<void>((resolve, reject) => {
  socket.once('open', () => resolve());
  socket.once('error', reject);
});
socket.send(JSON.stringify({ type: 'auth', data: token, x_app_id: 'bench', lang: 'en' }));

let firstProgressAt = 0;
let progressEvents = 0;
const done = new Promise<void>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('bulk operation did not finish in time')), TIMEOUT_MS);
  socket.on('message', (raw: Buffer) => {
    const event = JSON.parse(raw.toString()) as { type: string };
    if (event.type === 'queue_change') {
      progressEvents++;
      firstProgressAt ||= performance.now();
    }
    if (event.type === 'queue_del') {
      clearTimeout(timer);
      resolve();
    }
  });
});

const started = performance.now();
const res = await fetch(`${api.address}/api/queue/create?lang=en`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify({ reason: 'queue_block', selection: { filter: { blocked: 0 }, childs: false } }),
});
const created = (await res.json()) as { result?: { qid: number; count: number }; message?: string };
if (!created.result) throw new Error(`queue/create: ${res.status} ${created.message ?? ''}`);
const acceptedAt = performance.now();
await done;
const finished = performance.now();

const [item] = await queryRows<{ count: number; ok: number; fail: number }>(
  database.db,
  sql`select count, ok, fail from queue_items where id = ${created.result.qid}`,
);
const seconds = (finished - started) / 1000;
console.log(`bulk block of ${created.result.count.toLocaleString('en')} SIMs (latency 0, failure rate 1%, batch ${api.config.QUEUE_BATCH_SIZE}, ${api.config.QUEUE_CONCURRENCY} jobs at once):`);
console.log(`  request accepted in        ${(acceptedAt - started).toFixed(0)} ms (item + one result row per SIM)`);
console.log(`  first progress event after ${(firstProgressAt - started).toFixed(0)} ms`);
console.log(`  finished in                ${seconds.toFixed(1)} s → ${Math.round((item?.count ?? 0) / seconds).toLocaleString('en')} SIMs/s (budget ≥ 5,000)`);
console.log(`  exact counts: ok ${item?.ok} + fail ${item?.fail} = ${(item?.ok ?? 0) + (item?.fail ?? 0)} of ${item?.count}; ${progressEvents} progress events`);

socket.close();
await stopWorker();
await workerJobs.stop({ graceful: false, wait: true });
await api.close();
await database.db.execute(sql`delete from queue_results where company_id = ${company.id}`);
await database.close();
