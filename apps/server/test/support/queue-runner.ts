import type { QueueRunnerDeps } from '../../src/modules/platform/queue/runner.js';
import { NetworkSimulator } from '../../src/network/simulator.js';
import type { TestApp } from './test-app.js';

/** Runs queue items in the test's own process: a simulated network that never fails, batches of 50, no progress pacing. */
export function queueRunner(t: TestApp): QueueRunnerDeps {
  return { db: t.database.db, network: new NetworkSimulator({ db: t.database.db, latencyMs: 0, failureRate: 0 }), bus: t.bus, batchSize: 50, staleSeconds: 60, progressIntervalMs: 0 };
}
