import type { Lang } from '@cab/contract/constants';
import { WsClientMessage, type WsServerEvent } from '@cab/contract/ws';
import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { WS_PATH } from '@cab/contract/paths';
import type { Principal } from '../auth/principal.js';
import { resolvePrincipal } from '../auth/authenticate.js';
import type { AccessTokens } from '../auth/tokens.js';
import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { WS_MESSAGES } from '../http/messages.js';
import type { BusMessage, EventBus } from './bus.js';
import { MessageBudget } from './message-budget.js';
import { findEndedSessions, updateUserLang } from './repository.js';

const AUTH_TIMEOUT_MS = 10_000;
const MAX_MESSAGE_BYTES = 8 * 1024;
/** Messages a socket may send at once and per second after that; beyond it is closed (1008). */
const MESSAGE_BURST = 20;
const MESSAGES_PER_SECOND = 5;

interface Connection {
  socket: WebSocket;
  principal: Principal | null;
  appId: string | null;
  lang: Lang;
  budget: MessageBudget;
}

function send(socket: WebSocket, event: WsServerEvent): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
}

/** Holds this process's sockets and hands each bus message to the sockets it is meant for. */
export class RealtimeHub {
  private readonly connections = new Set<Connection>();

  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
    bus: EventBus,
    private readonly log: (error: unknown) => void,
  ) {
    bus.subscribe((message) => this.deliver(message));
  }

  get size(): number {
    return this.connections.size;
  }

  register(app: FastifyInstance): void {
    app.get(WS_PATH, { websocket: true, config: { public: true } }, (socket) => this.accept(socket));
  }

  closeAll(): void {
    for (const connection of this.connections) connection.socket.close(1001, 'server shutdown');
  }

  private accept(socket: WebSocket): void {
    const connection: Connection = {
      socket,
      principal: null,
      appId: null,
      lang: 'ru',
      budget: new MessageBudget(MESSAGE_BURST, MESSAGES_PER_SECOND),
    };
    this.connections.add(connection);
    const authTimer = setTimeout(() => {
      if (!connection.principal) socket.close(4001, 'auth timeout');
    }, AUTH_TIMEOUT_MS);
    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      // Frames already received when the socket was closed still arrive: ignore them.
      if (socket.readyState !== socket.OPEN) return;
      if (isBinary || raw.length > MAX_MESSAGE_BYTES) return socket.close(1009, 'message too big');
      // Every message may cost the database a query: a flood would slow every tenant down.
      if (!connection.budget.take()) return socket.close(1008, 'too many messages');
      this.handleMessage(connection, raw.toString('utf8')).catch((error: unknown) => {
        // A failing database must not take the process down; the client reconnects.
        this.log(error);
        socket.close(1011, 'server error');
      });
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      this.connections.delete(connection);
    });
  }

  private async handleMessage(connection: Connection, text: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = WsClientMessage.safeParse(json);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'lang') {
      // Only a switch is worth a write; a client repeating its language costs nothing.
      if (message.data === connection.lang) return;
      connection.lang = message.data;
      if (connection.principal) await updateUserLang(this.db, connection.principal.userId, message.data);
      return;
    }
    connection.lang = message.lang;
    connection.appId = message.x_app_id;
    try {
      connection.principal = await resolvePrincipal(this.db, this.tokens, message.data);
      if (message.lang !== connection.principal.lang) await updateUserLang(this.db, connection.principal.userId, message.lang);
      send(connection.socket, { type: 'auth', data: { ok: true } });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      send(connection.socket, { type: 'auth', data: { ok: false, message: WS_MESSAGES.authFailed[connection.lang] } });
      connection.socket.close(4001, 'unauthorized');
    }
  }

  private deliver(message: BusMessage): void {
    if (message.kind === 'resync') return this.resync();
    for (const connection of this.connections) {
      const principal = connection.principal;
      if (!principal) continue;
      if (message.kind === 'session_revoked') {
        if (principal.sessionId === message.sessionId) connection.socket.close(4001, 'session ended');
        continue;
      }
      const { companyId, userId } = message.audience;
      if (companyId !== undefined && principal.companyId !== companyId) continue;
      if (userId !== undefined && principal.userId !== userId) continue;
      send(connection.socket, message.event);
    }
  }

  /**
   * After the event listener was away, events of the gap are lost: every signed-in socket is told to
   * refetch (portal_update), and sockets whose session ended meanwhile (their session_revoked may be
   * among the lost) are closed as they would have been.
   */
  private resync(): void {
    const signedIn = [...this.connections].filter((c) => c.principal);
    for (const connection of signedIn) send(connection.socket, { type: 'portal_update', data: {} });
    const sessions = [...new Set(signedIn.map((c) => c.principal?.sessionId ?? ''))];
    findEndedSessions(this.db, sessions)
      .then((ended) => {
        for (const connection of signedIn) {
          if (ended.has(connection.principal?.sessionId ?? '')) connection.socket.close(4001, 'session ended');
        }
      })
      .catch((error: unknown) => this.log(error));
  }
}
