import { QueueItem, QueueListResult } from '@cab/contract/queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueItems } from '../src/db/schema.js';
import { AGENT_COMPANY, DEMO_COMPANY, companyIdByName, userByEmail } from './support/db.js';
import { createTestApp, get, login, type TestApp } from './support/test-app.js';

const StrictItem = QueueItem.extend({
  user: QueueItem.shape.user.strict(),
  status: QueueItem.shape.status.strict(),
}).strict();
const StrictList = QueueListResult.extend({ items: StrictItem.array() }).strict();

const ADDED = new Date('2026-03-01T10:20:30Z');
const ADDED_UNIX = Math.floor(ADDED.getTime() / 1000);

let t: TestApp;
let ids: { running: number; small: number; empty: number; agentRunning: number };
beforeAll(async () => {
  t = await createTestApp();
  const demo = await companyIdByName(t.database.db, DEMO_COMPANY);
  const agency = await companyIdByName(t.database.db, AGENT_COMPANY);
  const manager = await userByEmail(t.database.db, 'manager@demo.local');
  const agent = await userByEmail(t.database.db, 'agent@demo.local');
  const base = { createdAt: ADDED } as const;
  const insert = async (row: typeof queueItems.$inferInsert) => {
    const [created] = await t.database.db.insert(queueItems).values(row).returning({ id: queueItems.id });
    if (!created) throw new Error('queue item not inserted');
    return created.id;
  };
  ids = {
    running: await insert({
      ...base,
      companyId: demo,
      userId: manager.id,
      reason: 'queue_block',
      count: 200,
      process: 80,
      ok: 50,
      fail: 25,
    }),
    small: await insert({
      ...base,
      companyId: demo,
      userId: manager.id,
      reason: 'queue_sms',
      count: 3,
      process: 1,
      ok: 1,
      fail: 0,
    }),
    empty: await insert({ ...base, companyId: demo, userId: manager.id, reason: 'queue_ping', count: 0 }),
    agentRunning: await insert({
      ...base,
      companyId: agency,
      userId: agent.id,
      reason: 'queue_unblock',
      count: 10,
      process: 10,
      ok: 10,
    }),
  };
  await insert({ ...base, companyId: demo, userId: manager.id, reason: 'queue_block', state: 'done', count: 5, ok: 5 });
  await insert({
    ...base,
    companyId: demo,
    userId: manager.id,
    reason: 'queue_block',
    state: 'cancelled',
    count: 5,
    ok: 1,
  });
});
afterAll(async () => t.close());

async function queue(email: string): Promise<QueueListResult> {
  const { token } = await login(t.app, email);
  const res = await get(t.app, '/api/queue/list', { token });
  expect(res.statusCode).toBe(200);
  return StrictList.parse(res.json<{ result: unknown }>().result);
}

describe('GET /api/queue/list', () => {
  it("lists only the caller company's running items, newest first, with progress", async () => {
    const user = { first_name: 'Maxim', last_name: 'Managerov' };
    expect(await queue('viewer@demo.local')).toEqual({
      count: 3,
      items: [
        {
          qid: ids.empty,
          queue: 'queue_ping',
          added: ADDED_UNIX,
          user,
          status: { percentage: 0, count: 0, process: 0, ok: 0, fail: 0 },
        },
        {
          qid: ids.small,
          queue: 'queue_sms',
          added: ADDED_UNIX,
          user,
          status: { percentage: 33, count: 3, process: 1, ok: 1, fail: 0 },
        },
        {
          qid: ids.running,
          queue: 'queue_block',
          added: ADDED_UNIX,
          user,
          // The bar is `process` of `count`, the same figures its label shows.
          status: { percentage: 40, count: 200, process: 80, ok: 50, fail: 25 },
        },
      ],
    });
  });

  it('shows another company only its own items', async () => {
    expect(await queue('agent@demo.local')).toEqual({
      count: 1,
      items: [
        {
          qid: ids.agentRunning,
          queue: 'queue_unblock',
          added: ADDED_UNIX,
          user: { first_name: 'Artem', last_name: 'Agentov' },
          status: { percentage: 100, count: 10, process: 10, ok: 10, fail: 0 },
        },
      ],
    });
    expect(await queue('root@demo.local')).toEqual({ count: 0, items: [] });
  });

  it('answers 401 without a token', async () => {
    const res = await get(t.app, '/api/queue/list');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in', code: 'unauthorized' });
  });
});
