/** Toast groups of spec §2: general (top-right), top-center and news (bottom-right). */
export type ToastGroup = 'tr' | 'tc' | 'br';
export type ToastSeverity = 'success' | 'info' | 'warn' | 'error';

export interface ToastMessage {
  severity: ToastSeverity;
  summary: string;
  detail?: string;
  life: number;
  group?: ToastGroup;
}

type Listener = (message: ToastMessage) => void;

let listener: Listener | null = null;
const pending: ToastMessage[] = [];

/** Shows a toast; messages sent before the host mounts wait for it. */
export function showToast(message: ToastMessage): void {
  if (listener) listener(message);
  else pending.push(message);
}

export function attachToastHost(next: Listener): () => void {
  listener = next;
  for (const message of pending.splice(0)) next(message);
  return () => {
    if (listener === next) listener = null;
  };
}
