import { WS_ERROR_TOAST_ATTEMPT, WS_MAX_ATTEMPTS, type Lang } from '@cab/contract/constants';
import { WS_PATH } from '@cab/contract/paths';
import type { WsClientMessage, WsServerEvent } from '@cab/contract/ws';

/** Delay before attempt n+1 (attempt 1 is immediate): 1 s, 2 s, 4 s. */
const BACKOFF_MS = [1000, 2000, 4000];

export interface WsClientDeps {
  /** Absent when the browser has no WebSocket. */
  WebSocket: (new (url: string) => WebSocket) | undefined;
  url: string;
  getToken: () => Promise<string | null>;
  getAppId: () => string;
  getLang: () => Lang;
  onEvent: (event: WsServerEvent) => void;
  /** `connection` on the 3rd attempt, `unsupported` without WebSocket support. */
  onProblem: (problem: 'connection' | 'unsupported') => void;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (id: unknown) => void;
}

export interface WsClient {
  start: () => void;
  stop: () => void;
  sendLang: (lang: Lang) => void;
  attempts: () => number;
}

export function defaultWsUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${WS_PATH}`;
}

function parseEvent(raw: unknown): WsServerEvent | null {
  if (typeof raw !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || !('type' in parsed) || !('data' in parsed)) return null;
    return parsed as WsServerEvent;
  } catch {
    return null;
  }
}

export function createWsClient(deps: WsClientDeps): WsClient {
  const schedule = deps.setTimeout ?? ((fn, ms) => window.setTimeout(fn, ms));
  const cancel = deps.clearTimeout ?? ((id) => window.clearTimeout(id as number));
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = true;
  let timer: unknown = null;

  function send(message: WsClientMessage): void {
    if (socket?.readyState === 1) socket.send(JSON.stringify(message));
  }

  function connect(): void {
    const Ctor = deps.WebSocket;
    if (!Ctor) {
      deps.onProblem('unsupported');
      return;
    }
    attempt += 1;
    if (attempt === WS_ERROR_TOAST_ATTEMPT) deps.onProblem('connection');
    const ws = new Ctor(deps.url);
    socket = ws;
    ws.onopen = () => {
      void deps.getToken().then((token) => {
        if (socket !== ws || !token) return;
        send({ type: 'auth', data: token, x_app_id: deps.getAppId(), lang: deps.getLang() });
      });
    };
    ws.onmessage = (message: MessageEvent) => {
      const event = parseEvent(message.data);
      if (!event) return;
      if (event.type === 'auth') {
        // An accepted session starts a new series of attempts; a rejected one must not reconnect in a loop.
        if (event.data.ok) attempt = 0;
        else stopped = true;
      }
      deps.onEvent(event);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      if (stopped || attempt >= WS_MAX_ATTEMPTS) return;
      const delay = BACKOFF_MS[Math.max(0, attempt - 1)] ?? BACKOFF_MS[BACKOFF_MS.length - 1];
      timer = schedule(connect, delay ?? 1000);
    };
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      attempt = 0;
      connect();
    },
    stop() {
      stopped = true;
      if (timer !== null) cancel(timer);
      timer = null;
      const ws = socket;
      socket = null;
      ws?.close();
    },
    sendLang(lang) {
      send({ type: 'lang', data: lang });
    },
    attempts: () => attempt,
  };
}
