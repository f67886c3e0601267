import { POPUP_LIFETIME_MS, POPUP_LIMIT } from '@cab/contract/constants';
import type { Notification } from '@cab/contract/notify';

export type PopupSeverity = 'success' | 'error' | 'info' | 'warn';

export interface PopupItem {
  key: number;
  severity: PopupSeverity;
  text: string;
  /** Every language's text (the notification's), so the popup follows a language switch. */
  texts?: Notification['texts'];
}

export interface PopupStore {
  add: (popup: { type: string; text: string; texts?: Notification['texts'] }) => void;
  remove: (key: number) => void;
  getItems: () => readonly PopupItem[];
  subscribe: (listener: () => void) => () => void;
}

/** The server's `warning` is PrimeReact's `warn` (spec §3); unknown types show as info. */
export function toPopupSeverity(type: string): PopupSeverity {
  if (type === 'warning' || type === 'warn') return 'warn';
  if (type === 'success' || type === 'error' || type === 'info') return type;
  return 'info';
}

interface Timers {
  setTimeout: (fn: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimeout: (id: ReturnType<typeof setTimeout>) => void;
}

// Wrapped, not `{ setTimeout, clearTimeout }`: called as `timers.setTimeout(...)` the browser's own
// functions throw "Illegal invocation" (their `this` must be the window).
const browserTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id),
};

/** Popup notifications: at most 2, newest first, each gone after 15 s (spec §4). */
export function createPopupStore(timers: Timers = browserTimers): PopupStore {
  let items: readonly PopupItem[] = [];
  let nextKey = 1;
  const expiry = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  function publish(next: readonly PopupItem[]): void {
    items = next;
    for (const listener of [...listeners]) listener();
  }

  function remove(key: number): void {
    const timer = expiry.get(key);
    if (timer !== undefined) timers.clearTimeout(timer);
    expiry.delete(key);
    if (items.some((item) => item.key === key)) publish(items.filter((item) => item.key !== key));
  }

  return {
    add(popup) {
      const item: PopupItem = { key: nextKey++, severity: toPopupSeverity(popup.type), text: popup.text, texts: popup.texts };
      const next = [item, ...items];
      for (const evicted of next.slice(POPUP_LIMIT)) {
        const timer = expiry.get(evicted.key);
        if (timer !== undefined) timers.clearTimeout(timer);
        expiry.delete(evicted.key);
      }
      expiry.set(
        item.key,
        timers.setTimeout(() => remove(item.key), POPUP_LIFETIME_MS),
      );
      publish(next.slice(0, POPUP_LIMIT));
    },
    remove,
    getItems: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const popupStore = createPopupStore();
