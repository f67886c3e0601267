import type { QueryClient } from '@tanstack/react-query';
import type { WsServerEvent } from '@cab/contract/ws';
import { AGENT_KEY } from '@/features/agent/api/query-keys';
import { BILLS_KEY } from '@/features/docs/api/query-keys';
import { EVENTS_KEY } from '@/features/events/api/events';
import { ALL_NOTIFICATIONS_KEY } from '@/features/notifications/api/query-keys';
import { OPERATIONS_KEY, OPERATIONS_LIST_KEY } from '@/features/operations/api/query-keys';
import { ORDERS_KEY } from '@/features/orders/api/query-keys';
import { SIMS_KEY } from '@/features/sims/api/query-keys';
import { SIM_EVENTS_KEY } from '@/features/sims/api/sim-events';
import { GROUPS_KEY } from '@/lib/groups-query';
import { ME_KEY } from '@/lib/me-query';
import { errorToast, type ToastMessage } from '@/lib/toast-bus';
import type { PopupStore } from '../widgets/popups/popup-store';
import {
  NOTIFY_KEY,
  notificationAdded,
  QUEUE_FINISHED_KEY,
  QUEUE_KEY,
  queueAdded,
  queueChanged,
  queueDeleted,
  type NotifyState,
  type QueueState,
} from './header-state';

export interface WsEventContext {
  queryClient: QueryClient;
  popups: PopupStore;
  toast: (message: ToastMessage) => void;
}

/** Applies a server event to the cache (spec §4): the header, lists and user data follow. */
export function handleWsEvent(event: WsServerEvent, ctx: WsEventContext): void {
  const { queryClient } = ctx;
  switch (event.type) {
    case 'queue_add':
      queryClient.setQueryData<QueueState>(QUEUE_KEY, (state) => queueAdded(state, event.data));
      void queryClient.invalidateQueries({ queryKey: OPERATIONS_LIST_KEY });
      return;
    case 'queue_change':
      queryClient.setQueryData<QueueState>(QUEUE_KEY, (state) => queueChanged(state, event.data));
      return;
    case 'queue_del':
      queryClient.setQueryData<QueueState>(QUEUE_KEY, (state) => queueDeleted(state, event.data.qid));
      // The dropdown keeps it under the running ones, with its result.
      void queryClient.invalidateQueries({ queryKey: QUEUE_FINISHED_KEY });
      // A finished operation changed SIMs (and group members): lists on screen must show it.
      void queryClient.invalidateQueries({ queryKey: SIMS_KEY });
      void queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
      void queryClient.invalidateQueries({ queryKey: OPERATIONS_KEY });
      return;
    case 'sim_update':
      void queryClient.invalidateQueries({ queryKey: SIMS_KEY });
      return;
    case 'sim_events': {
      // The open SIM page of a SIM named (or any, when the push names only some) and the events page.
      const named = new Set(event.data.sims);
      void queryClient.invalidateQueries({ queryKey: SIM_EVENTS_KEY, predicate: (query) => event.data.more || named.has(Number(query.queryKey[SIM_EVENTS_KEY.length])) });
      void queryClient.invalidateQueries({ queryKey: EVENTS_KEY });
      return;
    }
    case 'order':
      // Orders and their bills change together (an order issues a bill; a paid bill starts the order).
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: BILLS_KEY });
      return;
    case 'notify': {
      const { popup, ...notification } = event.data;
      queryClient.setQueryData<NotifyState>(NOTIFY_KEY, (state) => notificationAdded(state, notification));
      void queryClient.invalidateQueries({ queryKey: ALL_NOTIFICATIONS_KEY });
      // Withdrawal requests tell the other side by notification: open agent pages refetch.
      void queryClient.invalidateQueries({ queryKey: AGENT_KEY });
      if (popup?.show) ctx.popups.add({ type: popup.type, text: popup.text, texts: notification.texts, link: notification.link });
      return;
    }
    case 'portal_update':
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
      return;
    case 'auth':
      if (!event.data.ok) {
        ctx.toast(errorToast(event.data.message ?? { key: 'ws.authError' }));
      }
      return;
  }
}
