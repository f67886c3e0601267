import { WsServerEvent } from '@cab/contract/ws';
import WebSocket from 'ws';
import { waitFor } from './wait.js';

/** A test socket that records every event the server pushes and how it was closed. */
export interface TestSocket {
  ws: WebSocket;
  events: WsServerEvent[];
  closeCode: number | null;
  /** Sends a client message (auth or lang) as JSON. */
  send(message: unknown): void;
  /** Waits for the first recorded event matching `predicate` (bounded). */
  next(predicate: (event: WsServerEvent) => boolean, timeoutMs?: number): Promise<WsServerEvent>;
  /** Waits for the server to close the socket and returns the close code (bounded). */
  closed(timeoutMs?: number): Promise<number>;
  /** A ping/pong round trip: anything the server sent before the pong has arrived by then. */
  flush(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function textOf(raw: WebSocket.RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.isBuffer(raw) ? raw.toString('utf8') : Buffer.from(raw).toString('utf8');
}

export async function openSocket(url: string, timeoutMs = 5000): Promise<TestSocket> {
  const ws = new WebSocket(url);
  const socket: TestSocket = {
    ws,
    events: [],
    closeCode: null,
    send: (message) => ws.send(JSON.stringify(message)),
    async next(predicate, wait = 5000) {
      let found: WsServerEvent | undefined;
      await waitFor(() => (found = socket.events.find(predicate)) !== undefined, wait, 'a websocket event');
      if (!found) throw new Error('unreachable');
      return found;
    },
    async closed(wait = 5000) {
      await waitFor(() => socket.closeCode !== null, wait, 'the socket to close');
      return socket.closeCode ?? -1;
    },
    async flush(wait = 5000) {
      let ponged = false;
      ws.once('pong', () => {
        ponged = true;
      });
      ws.ping();
      await waitFor(() => ponged, wait, 'a pong');
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await waitFor(() => ws.readyState === WebSocket.CLOSED, 5000, 'the client socket to close');
    },
  };
  ws.on('message', (raw: WebSocket.RawData) => {
    socket.events.push(WsServerEvent.parse(JSON.parse(textOf(raw))));
  });
  ws.on('close', (code: number) => {
    socket.closeCode = code;
  });
  ws.on('error', () => undefined);
  await waitFor(() => ws.readyState === WebSocket.OPEN, timeoutMs, `a websocket connection to ${url}`);
  return socket;
}

/** Opens a socket and authenticates it the way the web client does; resolves once the server said ok. */
export async function openAuthedSocket(url: string, token: string, lang: 'ru' | 'en' = 'en'): Promise<TestSocket> {
  const socket = await openSocket(url);
  socket.send({ type: 'auth', data: token, x_app_id: crypto.randomUUID(), lang });
  const reply = await socket.next((e) => e.type === 'auth');
  if (reply.type !== 'auth' || !reply.data.ok) throw new Error(`socket auth failed: ${JSON.stringify(reply)}`);
  return socket;
}
