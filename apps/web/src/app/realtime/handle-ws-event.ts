import type { QueryClient } from '@tanstack/react-query';
import type { WsServerEvent } from '@cab/contract/ws';
import { ME_KEY } from '@/lib/me-query';
import { errorToast, type ToastMessage } from '@/lib/toast-bus';
import type { PopupStore } from '../widgets/popups/popup-store';
import {
  NOTIFY_KEY,
  notificationAdded,
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
      void queryClient.invalidateQueries({ queryKey: ['operations', 'list'] });
      return;
    case 'queue_change':
      queryClient.setQueryData<QueueState>(QUEUE_KEY, (state) => queueChanged(state, event.data));
      return;
    case 'queue_del':
      queryClient.setQueryData<QueueState>(QUEUE_KEY, (state) => queueDeleted(state, event.data.qid));
      // A finished operation changed SIMs (and group members): lists on screen must show it.
      void queryClient.invalidateQueries({ queryKey: ['sims'] });
      void queryClient.invalidateQueries({ queryKey: ['groups'] });
      void queryClient.invalidateQueries({ queryKey: ['operations'] });
      return;
    case 'sim_update':
      void queryClient.invalidateQueries({ queryKey: ['sims'] });
      return;
    case 'order':
      // Orders and their bills change together (an order issues a bill; a paid bill starts the order).
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['bills'] });
      return;
    case 'notify': {
      const { popup, ...notification } = event.data;
      queryClient.setQueryData<NotifyState>(NOTIFY_KEY, (state) => notificationAdded(state, notification));
      void queryClient.invalidateQueries({ queryKey: ['notify', 'all'] });
      // Withdrawal requests tell the other side by notification: open agent pages refetch.
      void queryClient.invalidateQueries({ queryKey: ['agent'] });
      if (popup?.show) ctx.popups.add({ type: popup.type, text: popup.text, texts: notification.texts });
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
