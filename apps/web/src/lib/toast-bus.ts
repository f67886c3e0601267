import { TOAST_LIFE_MS } from '@cab/contract/constants';
import { ApiError } from './api-error';

/** Toast groups of spec §2: general (top-right), top-center and news (bottom-right). */
export type ToastGroup = 'tr' | 'tc' | 'br';
export type ToastSeverity = 'success' | 'info' | 'warn' | 'error';

/**
 * A toast's text: an i18n key (with its values), written in the reader's language when shown and
 * again if they switch language while it is up; or a text already in words (a server message).
 */
export type ToastText = string | { key: string; values?: Record<string, unknown> };

export interface ToastMessage {
  severity: ToastSeverity;
  summary: ToastText;
  detail?: ToastText;
  life: number;
  group?: ToastGroup;
}

type Listener = (message: ToastMessage) => void;

let listener: Listener | null = null;
const pending: ToastMessage[] = [];
const waitingWatchers = new Set<() => void>();

/** When each text was last shown: the same message while its toast is still up is not repeated. */
const shownAt = new Map<string, number>();

function isRepeat(message: ToastMessage, now: number): boolean {
  const key = `${message.group ?? 'tr'}|${message.severity}|${JSON.stringify(message.summary)}|${JSON.stringify(message.detail ?? '')}`;
  const last = shownAt.get(key);
  if (last !== undefined && now - last < message.life) return true;
  shownAt.set(key, now);
  if (shownAt.size > 50) shownAt.delete(shownAt.keys().next().value ?? key);
  return false;
}

/** Shows a toast once (an identical one still on screen is not stacked); messages sent before the host mounts wait for it. */
export function showToast(message: ToastMessage, now = Date.now()): void {
  if (isRepeat(message, now)) return;
  if (listener) listener(message);
  else {
    pending.push(message);
    for (const watcher of waitingWatchers) watcher();
  }
}

/**
 * The spec's error toast (top right, 'Error'): an API error says its own message, which the server
 * already wrote in the reader's language (the generic one when it has none); other failures pass a text.
 */
export function errorToast(error: ApiError | ToastText, life = TOAST_LIFE_MS): ToastMessage {
  const detail = error instanceof ApiError ? error.message || { key: 'common.unexpectedError' } : error;
  return { severity: 'error', summary: { key: 'common.error' }, detail, life, group: 'tr' };
}

export function toastError(error: ApiError | ToastText, life = TOAST_LIFE_MS): void {
  showToast(errorToast(error, life));
}

/** Whether a toast waits for a host (the app then loads it: guest pages do not until then). */
export function toastWaiting(): boolean {
  return pending.length > 0;
}

export function watchToastWaiting(watcher: () => void): () => void {
  waitingWatchers.add(watcher);
  return () => {
    waitingWatchers.delete(watcher);
  };
}

export function attachToastHost(next: Listener): () => void {
  listener = next;
  for (const message of pending.splice(0)) next(message);
  return () => {
    if (listener === next) listener = null;
  };
}
