import { QueueItem, QueueListResult } from '@cab/contract/queue';
import type { WsServerEvent } from '@cab/contract/ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setQueueProgress } from '../src/modules/platform/generated-reports/repository.js';
import * as items from '../src/modules/platform/queue/item-repository.js';
import { announceCompletion, announceProgress } from '../src/modules/platform/queue/progress.js';
import type { EventBus } from '../src/realtime/bus.js';
import { DEMO_COMPANY, companyIdByName, userByEmail } from './support/db.js';
import { createTestApp, get, login, type TestApp } from './support/test-app.js';

// The header's dropdown is filled by GET /api/queue/list and then kept by queue_add/queue_change:
// one row must look the same through both, or the bar jumps when the socket speaks.
let t: TestApp;
let token: string;
let companyId: number;
let userId: number;
const published: WsServerEvent[] = [];
const spyBus = {
  publish: (_audience: unknown, event: WsServerEvent) => {
    published.push(event);
    return Promise.resolve();
  },
} as unknown as EventBus;

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, 'manager@demo.local')).token;
  companyId = await companyIdByName(t.database.db, DEMO_COMPANY);
  userId = (await userByEmail(t.database.db, 'manager@demo.local')).id;
});
afterAll(async () => t.close());

async function listed(qid: number): Promise<QueueItem | undefined> {
  const res = await get(t.app, '/api/queue/list', { token });
  expect(res.statusCode).toBe(200);
  return QueueListResult.parse(res.json<{ result: unknown }>().result).items.find((i) => i.qid === qid);
}

/** The item the socket is told by the real progress announcement (no throttle). */
async function announced(qid: number): Promise<QueueItem> {
  published.length = 0;
  await announceProgress({ db: t.database.db, bus: spyBus }, { companyId, queueId: qid }, 0);
  const event = published.find((e) => e.type === 'queue_change');
  return QueueItem.strict().parse(event?.data);
}

async function sameThroughBoth(qid: number): Promise<QueueItem['status']> {
  const fromList = await listed(qid);
  expect(fromList).toEqual(await announced(qid));
  return fromList?.status ?? expect.fail('item not listed');
}

describe('one queue item for the list and the websocket', () => {
  it('a bulk operation: just started, half done, all SIMs handled, and its final event', async () => {
    const qid = await items.insertItem(t.database.db, { companyId, userId, reason: 'queue_block', params: {} });
    await items.setItemCount(t.database.db, companyId, qid, 4);
    expect(await sameThroughBoth(qid)).toEqual({ percentage: 0, count: 4, process: 0, ok: 0, fail: 0 });

    await items.addProgress(t.database.db, companyId, qid, { ok: 1, fail: 1, unchanged: 0 });
    expect(await sameThroughBoth(qid)).toEqual({ percentage: 50, count: 4, process: 2, ok: 1, fail: 1 });

    // A SIM already as asked is handled (process) without being done or failed.
    await items.addProgress(t.database.db, companyId, qid, { ok: 1, fail: 0, unchanged: 1 });
    const lastListed = await sameThroughBoth(qid);
    expect(lastListed).toEqual({ percentage: 100, count: 4, process: 4, ok: 2, fail: 1 });

    published.length = 0;
    await announceCompletion({ db: t.database.db, bus: spyBus }, { companyId, queueId: qid });
    const final = QueueItem.strict().parse(published.find((e) => e.type === 'queue_change')?.data);
    expect(final.status).toEqual(lastListed);
    expect(await listed(qid)).toBeUndefined();
  });

  it('a report generation: 0% before its rows are counted, then rows written of rows', async () => {
    const qid = await items.insertItem(t.database.db, { companyId, userId, reason: 'queue_report_generate', params: {} });
    expect(await sameThroughBoth(qid)).toEqual({ percentage: 0, count: 0, process: 0, ok: 0, fail: 0 });

    await setQueueProgress(t.database.db, companyId, qid, 617, 1234);
    expect(await sameThroughBoth(qid)).toEqual({ percentage: 50, count: 1234, process: 617, ok: 617, fail: 0 });
  });
});
