import { POPUP_LIFETIME_MS, POPUP_LIMIT } from '@cab/contract/constants';
import type { Notification } from '@cab/contract/notify';
import { operationPagePath } from '@cab/contract/operations';
import type { QueuedNotice } from '@/lib/operation-notice';
import type { ToastText } from '@/lib/toast-bus';

export type PopupSeverity = 'success' | 'error' | 'info' | 'warn';

export interface PopupItem {
  key: number;
  severity: PopupSeverity;
  text: string;
  /** Every language's text (the notification's), so the popup follows a language switch. */
  texts?: Notification['texts'];
  /** Texts written in the reader's language when shown (a queued operation's notice). */
  messages?: ToastText[];
  /** The page of what it is about (the notification's link). */
  link?: string | null;
  /** The operation this tab queued: its result, when it comes, takes this popup's place. */
  operation?: number;
}

export interface NewPopup {
  type: string;
  text: string;
  texts?: Notification['texts'];
  link?: string | null;
}

export interface PopupStore {
  add: (popup: NewPopup) => void;
  /** "Operation queued", shown until the operation's result replaces it (unless that came first). */
  addQueued: (notice: QueuedNotice) => void;
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

  /** Shows `item` in place of `replaced` (same position), or newest first; keeps at most POPUP_LIMIT. */
  function show(item: PopupItem, replaced?: PopupItem): void {
    if (replaced) {
      const timer = expiry.get(replaced.key);
      if (timer !== undefined) timers.clearTimeout(timer);
      expiry.delete(replaced.key);
    }
    const next = replaced ? items.map((existing) => (existing === replaced ? item : existing)) : [item, ...items];
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
  }

  /** Links of results already shown: a notice that comes after its own result is not shown. */
  const shownLinks: string[] = [];

  return {
    add(popup) {
      const item: PopupItem = { key: nextKey++, severity: toPopupSeverity(popup.type), text: popup.text, texts: popup.texts, link: popup.link };
      const link = popup.link ?? null;
      if (link !== null) {
        shownLinks.push(link);
        if (shownLinks.length > 20) shownLinks.shift();
      }
      show(item, link === null ? undefined : items.find((existing) => existing.operation !== undefined && operationPagePath(existing.operation) === link));
    },
    addQueued(notice) {
      const link = operationPagePath(notice.qid);
      if (shownLinks.includes(link)) return;
      show({ key: nextKey++, severity: 'success', text: '', messages: notice.texts, link, operation: notice.qid });
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
