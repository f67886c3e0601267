import type { Page, WebSocketRoute } from '@playwright/test';
import { expect } from '@playwright/test';

/** Server events of spec §4 that the tests push into the browser. */
export interface QueueItemEvent {
  qid: number;
  queue: string;
  added: number;
  user: { first_name: string; last_name: string };
  status: { percentage: number; count: number; process: number; ok: number; fail: number };
}

export interface NotifyEvent {
  id: number;
  type: 'success' | 'error' | 'info' | 'warning' | 'default';
  added: number;
  text: string;
  readed: boolean;
  popup?: { show: boolean; type: 'success' | 'error' | 'info' | 'warn'; text: string };
}

export type ServerEvent =
  | { type: 'queue_add' | 'queue_change'; data: QueueItemEvent }
  | { type: 'queue_del'; data: { qid: number } }
  | { type: 'notify'; data: NotifyEvent };

export interface ClientMessage {
  type: string;
  data: unknown;
  x_app_id?: string;
  lang?: string;
}

/** A message the server sent to the page, parsed (`type` and `data` as the server sent them). */
export interface ReceivedMessage {
  type: string;
  data: unknown;
}

export interface WsTap {
  /** Messages the page sent to the server, parsed. */
  readonly sent: ClientMessage[];
  /** Messages the server sent to the page, parsed, in arrival order (held ones included). */
  readonly received: ReceivedMessage[];
  /**
   * From now on, server messages matching `predicate` are kept back from the page (in order) until
   * `release` is called; real events, only later. Lets a test look at a state the server passes too fast.
   */
  hold: (predicate: (message: ReceivedMessage) => boolean) => void;
  /** Stops holding and forwards every held message to the page, in the order the server sent them. */
  release: () => void;
  /** Resolves with the first message from the server matching `predicate`. */
  waitForReceived: (predicate: (message: ReceivedMessage) => boolean, timeout?: number) => Promise<ReceivedMessage>;
  /** Pushes an event into the page as if the server had sent it. */
  push: (event: ServerEvent) => void;
  /** Resolves once the page has sent a message matching `predicate`. */
  waitForSent: (predicate: (message: ClientMessage) => boolean, timeout?: number) => Promise<ClientMessage>;
  /** Resolves once the server accepted the page's auth message. */
  waitForAuthOk: (timeout?: number) => Promise<void>;
}

function parse(message: string | Buffer): ClientMessage | null {
  try {
    const value: unknown = JSON.parse(typeof message === 'string' ? message : message.toString('utf8'));
    return typeof value === 'object' && value !== null && 'type' in value ? (value as ClientMessage) : null;
  } catch {
    return null;
  }
}

/**
 * Sits between the page and the real /ws: everything is forwarded both ways, the page's messages are
 * recorded, and tests can inject server events. Call before the page navigates.
 */
export async function tapWebSocket(page: Page): Promise<WsTap> {
  const sent: ClientMessage[] = [];
  const received: ReceivedMessage[] = [];
  let holding: ((message: ReceivedMessage) => boolean) | null = null;
  const held: (string | Buffer)[] = [];
  let route: WebSocketRoute | null = null;
  let authOk = false;

  await page.routeWebSocket('**/ws', (ws) => {
    route = ws;
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const parsed = parse(message);
      if (parsed) sent.push(parsed);
      server.send(message);
    });
    server.onMessage((message) => {
      const parsed = parse(message);
      if (parsed?.type === 'auth' && (parsed.data as { ok?: boolean } | null)?.ok === true) authOk = true;
      if (parsed) received.push({ type: parsed.type, data: parsed.data });
      // Once one message is held, later ones queue behind it so the page sees the server's order.
      if (parsed && holding && (held.length > 0 || holding({ type: parsed.type, data: parsed.data }))) {
        held.push(message);
        return;
      }
      ws.send(message);
    });
  });

  return {
    sent,
    received,
    hold(predicate) {
      holding = predicate;
    },
    release() {
      holding = null;
      for (const message of held.splice(0)) route?.send(message);
    },
    async waitForReceived(predicate, timeout = 10_000) {
      await expect
        .poll(() => received.some(predicate), { timeout, message: 'websocket message from the server' })
        .toBe(true);
      const found = received.find(predicate);
      if (!found) throw new Error('unreachable');
      return found;
    },
    push(event) {
      if (!route) throw new Error('the page has not opened its websocket yet');
      route.send(JSON.stringify(event));
    },
    async waitForSent(predicate, timeout = 10_000) {
      await expect.poll(() => sent.some(predicate), { timeout, message: 'websocket message from the page' }).toBe(true);
      const found = sent.find(predicate);
      if (!found) throw new Error('unreachable');
      return found;
    },
    async waitForAuthOk(timeout = 10_000) {
      await expect.poll(() => authOk, { timeout, message: 'websocket auth accepted by the server' }).toBe(true);
    },
  };
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
