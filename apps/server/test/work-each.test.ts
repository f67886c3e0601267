import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workEach } from '../src/pg-boss/work-each.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';

/*
 * The notification queues' worker (pg-boss/work-each): a failing job fails alone while its batch
 * completes, and a full batch fetches the next without waiting the polling interval (pg-boss waits
 * it after every batch: one job a batch was two webhooks a second however many waited).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 30_000);
afterAll(async () => {
  await t.close();
});

describe('workEach', () => {
  it('fails only the job that throws; the rest of its batch completes', async () => {
    const queue = 'test-work-each-failures';
    await t.jobs.createQueue(queue);
    const ids = await Promise.all([1, 2, 3].map((n) => t.jobs.send(queue, { n }, { retryLimit: 0 })));
    const handled: number[] = [];
    await workEach<{ n: number }>(t.jobs, queue, { batchSize: 3, concurrency: 2, pollingIntervalSeconds: 0.5, orderedBy: (job) => job.data.n }, (job) => {
      handled.push(job.data.n);
      return job.data.n === 2 ? Promise.reject(new Error('receiver answered 500')) : Promise.resolve();
    });
    const states = async () => Promise.all(ids.map(async (id) => (await t.jobs.getJobById(queue, id!))?.state));
    await waitFor(async () => (await states()).every((state) => state === 'completed' || state === 'failed'), 10_000, 'the batch to end');
    expect(await states()).toEqual(['completed', 'failed', 'completed']);
    expect(handled.sort()).toEqual([1, 2, 3]);
    const failed = await t.jobs.getJobById(queue, ids[1]!);
    expect(JSON.stringify(failed?.output)).toContain('receiver answered 500');
    await t.jobs.offWork(queue);
  });

  it('fetches the next batch at once after a full one, not a polling interval later', async () => {
    const queue = 'test-work-each-backlog';
    await t.jobs.createQueue(queue);
    await t.jobs.insert(Array.from({ length: 40 }, (_, n) => ({ name: queue, data: { n } })));
    let done = 0;
    // Eight batches of five; with a 30 s interval between them they would take minutes.
    await workEach<{ n: number }>(t.jobs, queue, { batchSize: 5, concurrency: 5, pollingIntervalSeconds: 30, orderedBy: (job) => job.data.n }, () => {
      done += 1;
      return Promise.resolve();
    });
    await waitFor(() => done === 40, 20_000, 'forty jobs');
    await t.jobs.offWork(queue);
  });

  it('runs the jobs of one key in their order while other keys go at once', async () => {
    const queue = 'test-work-each-order';
    await t.jobs.createQueue(queue);
    // Two companies' events, interleaved as they happened.
    for (let n = 0; n < 12; n++) await t.jobs.send(queue, { company: n % 2, n });
    const seen: Array<{ company: number; n: number }> = [];
    let running = 0;
    let together = 0;
    await workEach<{ company: number; n: number }>(t.jobs, queue, { batchSize: 12, concurrency: 2, orderedBy: (job) => job.data.company }, async (job) => {
      running += 1;
      together = Math.max(together, running);
      // The first of each company waits longer, so an unordered run would let later ones pass it.
      await new Promise((resolve) => setTimeout(resolve, job.data.n < 2 ? 60 : 5));
      seen.push(job.data);
      running -= 1;
    });
    await waitFor(() => seen.length === 12, 10_000, 'twelve jobs');
    for (const company of [0, 1]) {
      const order = seen.filter((s) => s.company === company).map((s) => s.n);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
    expect(together).toBe(2);
    await t.jobs.offWork(queue);
  });
});
