import { describe, expect, it } from 'vitest';
import type { Notification } from '@cab/contract/notify';
import type { QueueItem } from '@cab/contract/queue';
import {
  mergeQueueList,
  notificationAdded,
  notificationsHidden,
  notificationsSeen,
  queueAdded,
  queueChanged,
  queueDeleted,
  unreadIds,
} from './header-state';

const item = (qid: number, percentage = 0): QueueItem => ({
  qid,
  queue: 'queue_block',
  added: 1,
  user: { first_name: 'A', last_name: 'B' },
  status: { percentage, count: 10, process: 0, ok: 0, fail: 0 },
});
const note = (id: number, readed = false): Notification => ({ id, type: 'info', added: id, text: `n${id}`, readed });

describe('header state', () => {
  it('adds the loaded queue count to the counter and tracks items by qid', () => {
    let state = mergeQueueList(undefined, { count: 2, items: [item(1), item(2)] });
    expect(state.count).toBe(2);
    state = queueAdded(state, item(3));
    state = queueChanged(state, item(1, 50));
    expect(state.count).toBe(3);
    expect(state.items.find((i) => i.qid === 1)?.status.percentage).toBe(50);
    state = queueDeleted(queueDeleted(queueDeleted(queueDeleted(state, 1), 2), 3), 4);
    expect(state).toEqual({ count: 0, items: [] });
  });

  it('adds only new notifications, counting each, and resets on open or hide', () => {
    let state = notificationAdded(undefined, note(1));
    state = notificationAdded(state, note(1));
    state = notificationAdded(state, note(2));
    expect(state.count).toBe(2);
    expect(unreadIds(state)).toEqual([1, 2]);
    const seen = notificationsSeen(state);
    expect(seen.count).toBe(0);
    expect(unreadIds(seen)).toEqual([]);
    expect(notificationsHidden()).toEqual({ count: 0, items: {} });
  });
});
