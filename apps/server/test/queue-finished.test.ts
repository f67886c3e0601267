import { FinishedQueueItem, QueueCreateResult, QueueFinishedResult } from '@cab/contract/queue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { queueItems } from '../src/db/schema.js';
import { runQueueItem } from '../src/modules/platform/queue/runner.js';
import { NetworkSimulator } from '../src/network/simulator.js';
import { AGENT_COMPANY, DEMO_COMPANY, companyIdByName, userByEmail } from './support/db.js';
import { createTestApp, get, login, post, type TestApp } from './support/test-app.js';

const StrictFinished = QueueFinishedResult.extend({
  items: FinishedQueueItem.extend({
    user: FinishedQueueItem.shape.user.strict(),
    status: FinishedQueueItem.shape.status.strict(),
  })
    .strict()
    .array(),
}).strict();

const HOUR_MS = 3_600_000;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

let t: TestApp;
let demo: number;
let agency: number;
let manager: { id: number };
let agent: { id: number };

async function insertItem(row: typeof queueItems.$inferInsert): Promise<number> {
  const [created] = await t.database.db.insert(queueItems).values(row).returning({ id: queueItems.id });
  if (!created) throw new Error('queue item not inserted');
  return created.id;
}

async function finished(email: string) {
  const { token } = await login(t.app, email);
  const res = await post(t.app, '/api/queue/finished', {}, { token });
  expect(res.statusCode).toBe(200);
  return StrictFinished.parse(res.json<{ result: unknown }>().result);
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await companyIdByName(t.database.db, DEMO_COMPANY);
  agency = await companyIdByName(t.database.db, AGENT_COMPANY);
  manager = await userByEmail(t.database.db, 'manager@demo.local');
  agent = await userByEmail(t.database.db, 'agent@demo.local');
});
afterAll(async () => t.close());

describe('POST /api/queue/finished (the header dropdown keeps what finished)', () => {
  it("answers the company's last 5 items finished in 24 h, last finished first, with state and counts", async () => {
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR_MS);
    const mine = { companyId: demo, userId: manager.id, count: 10 } as const;
    // Seven finished within the day (finished 1…7 hours ago, inserted out of finish order), one too old,
    // one still running, and another company's.
    const byHoursAgo = new Map<number, number>();
    for (const hoursAgo of [3, 1, 7, 2, 6, 4, 5]) {
      const state = hoursAgo === 2 ? 'cancelled' : 'done';
      const id = await insertItem({ ...mine, reason: 'queue_block', state, createdAt: at(hoursAgo + 0.5), finishedAt: at(hoursAgo), process: 10, ok: hoursAgo === 1 ? 8 : 10, fail: hoursAgo === 1 ? 2 : 0 });
      byHoursAgo.set(hoursAgo, id);
    }
    await insertItem({ ...mine, reason: 'queue_ping', state: 'done', createdAt: at(30), finishedAt: at(25), process: 10, ok: 10 });
    await insertItem({ ...mine, reason: 'queue_sms', createdAt: at(0.1), process: 3, ok: 3 });
    const foreign = await insertItem({ companyId: agency, userId: agent.id, reason: 'queue_unblock', state: 'done', count: 1, process: 1, ok: 1, createdAt: at(1), finishedAt: at(0.5) });

    const result = await finished('viewer@demo.local');
    expect(result.items.map((item) => item.qid)).toEqual([1, 2, 3, 4, 5].map((h) => byHoursAgo.get(h)));
    expect(result.items[0]).toEqual({
      qid: byHoursAgo.get(1),
      queue: 'queue_block',
      added: unix(at(1.5)),
      user: { first_name: 'Maxim', last_name: 'Managerov' },
      status: { percentage: 100, count: 10, process: 10, ok: 8, fail: 2 },
      state: 'done',
      finished: unix(at(1)),
    });
    expect(result.items[1]).toMatchObject({ state: 'cancelled' });
    // The spec's list keeps its shape and still answers only the running one.
    const { token } = await login(t.app, 'viewer@demo.local');
    const running = (await get(t.app, '/api/queue/list', { token })).json<{ result: { count: number; items: Array<{ queue: string }> } }>();
    expect(running.result).toMatchObject({ count: 1, items: [{ queue: 'queue_sms' }] });

    // The agency sees its own only; root's company has none.
    expect((await finished('agent@demo.local')).items.map((item) => item.qid)).toEqual([foreign]);
    expect(await finished('root@demo.local')).toEqual({ items: [] });
  });

  it('an operation run to its end is listed with its result', async () => {
    const { token } = await login(t.app, 'manager@demo.local');
    const ids = (await queryRows<{ id: number }>(t.database.db, sql`
      select id::int as id from sims where company_id = ${demo} and block_type = 'none' order by id limit 3`)).map((row) => row.id);
    const created = await post(t.app, '/api/queue/create', { reason: 'queue_block', selection: { ids } }, { token });
    const { qid } = QueueCreateResult.parse(created.json<{ result: unknown }>().result);
    expect((await finished('manager@demo.local')).items.map((item) => item.qid)).not.toContain(qid);

    const network = new NetworkSimulator({ db: t.database.db, latencyMs: 0, failureRate: 0 });
    await runQueueItem(
      { db: t.database.db, network, bus: t.bus, batchSize: 50, staleSeconds: 60, progressIntervalMs: 0 },
      { companyId: demo, queueId: qid },
    );
    const [first] = (await finished('manager@demo.local')).items;
    expect(first).toMatchObject({ qid, queue: 'queue_block', state: 'done', status: { percentage: 100, count: 3, ok: 3, fail: 0 } });
  });

  it('answers 401 without a token', async () => {
    const res = await post(t.app, '/api/queue/finished', {});
    expect(res.statusCode).toBe(401);
  });
});
