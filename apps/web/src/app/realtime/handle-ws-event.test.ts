import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { BILLS_KEY } from '@/features/docs/api/query-keys';
import { OPERATIONS_KEY, OPERATIONS_LIST_KEY } from '@/features/operations/api/query-keys';
import { ORDERS_KEY } from '@/features/orders/api/query-keys';
import { SIMS_KEY, simOperationsKey } from '@/features/sims/api/query-keys';
import { GROUPS_KEY } from '@/lib/groups-query';
import { ME_KEY } from '@/lib/me-query';
import { createPopupStore } from '../widgets/popups/popup-store';
import { handleWsEvent } from './handle-ws-event';
import { NOTIFY_KEY, QUEUE_KEY, type NotifyState, type QueueState } from './header-state';

function setup() {
  const queryClient = new QueryClient();
  const ctx = { queryClient, popups: createPopupStore(), toast: vi.fn() };
  return { queryClient, ctx };
}

describe('handleWsEvent', () => {
  it('keeps the queue counter and items in the cache, never below zero', () => {
    const { queryClient, ctx } = setup();
    const data = {
      qid: 7,
      queue: 'queue_ping' as const,
      added: 1,
      user: { first_name: 'A', last_name: 'B' },
      status: { percentage: 10, count: 1, process: 0, ok: 0, fail: 0 },
    };
    handleWsEvent({ type: 'queue_add', data }, ctx);
    expect(queryClient.getQueryData<QueueState>(QUEUE_KEY)?.count).toBe(1);
    handleWsEvent({ type: 'queue_del', data: { qid: 7 } }, ctx);
    handleWsEvent({ type: 'queue_del', data: { qid: 7 } }, ctx);
    expect(queryClient.getQueryData<QueueState>(QUEUE_KEY)).toEqual({ count: 0, items: [] });
  });

  it('adds a notify event once and shows its popup when asked', () => {
    const { queryClient, ctx } = setup();
    const data = { id: 3, type: 'success' as const, added: 1, text: 'Done', readed: false };
    handleWsEvent({ type: 'notify', data: { ...data, popup: { show: true, type: 'success', text: 'Done' } } }, ctx);
    handleWsEvent({ type: 'notify', data }, ctx);
    expect(queryClient.getQueryData<NotifyState>(NOTIFY_KEY)).toEqual({ count: 1, items: { '3': data } });
    expect(ctx.popups.getItems()).toHaveLength(1);
  });

  it('invalidates user data on portal_update and toasts a rejected auth', async () => {
    const { queryClient, ctx } = setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    handleWsEvent({ type: 'portal_update', data: {} }, ctx);
    handleWsEvent({ type: 'sim_update', data: { id: 1 } }, ctx);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ME_KEY });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: SIMS_KEY });
    invalidate.mockClear();
    // A finished operation refreshes the SIM lists and groups on screen.
    handleWsEvent({ type: 'queue_del', data: { qid: 9 } }, ctx);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: SIMS_KEY });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: GROUPS_KEY });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: OPERATIONS_KEY });
    handleWsEvent({ type: 'auth', data: { ok: false } }, ctx);
    expect(ctx.toast).toHaveBeenCalledWith(expect.objectContaining({ severity: 'error', detail: { key: 'ws.authError' } }));
    await Promise.resolve();
  });

  it('refreshes orders and bills on an order event', () => {
    const { queryClient, ctx } = setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    handleWsEvent({ type: 'order', data: { id: 5, order_id: 5, bill_id: 7 } }, ctx);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ORDERS_KEY });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: BILLS_KEY });
  });

  it('a new operation refreshes the operations list; a SIM change reaches its operation history (under the sims keys)', () => {
    const { queryClient, ctx } = setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    queryClient.setQueryData([...simOperationsKey(3), 0], { items: [], total: 0 });
    const item = {
      qid: 1,
      queue: 'queue_ping' as const,
      added: 1,
      user: { first_name: 'A', last_name: 'B' },
      status: { percentage: 0, count: 1, process: 0, ok: 0, fail: 0 },
    };
    handleWsEvent({ type: 'queue_add', data: item }, ctx);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: OPERATIONS_LIST_KEY });
    handleWsEvent({ type: 'sim_update', data: { id: 3 } }, ctx);
    expect(queryClient.getQueryState([...simOperationsKey(3), 0])?.isInvalidated).toBe(true);
  });
});
