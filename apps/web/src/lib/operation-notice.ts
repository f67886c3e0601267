import type { ToastText } from './toast-bus';

/**
 * A bulk operation this tab just queued. It is said once, where its result will show (the popups),
 * and its result replaces it there (app/widgets/popups): one action, one message, one place.
 */
export interface QueuedNotice {
  qid: number;
  /** Said one after another ("Operation queued: 60 SIM cards." and what was skipped). */
  texts: ToastText[];
}

type Host = (notice: QueuedNotice) => void;

let host: Host | null = null;
const waiting: QueuedNotice[] = [];

/** Announces a queued operation; one announced before the popups load waits for them. */
export function announceQueued(notice: QueuedNotice): void {
  if (host) host(notice);
  else waiting.push(notice);
}

export function attachQueuedNoticeHost(next: Host): () => void {
  host = next;
  for (const notice of waiting.splice(0)) next(notice);
  return () => {
    if (host === next) host = null;
  };
}
