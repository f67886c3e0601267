import type { WsServerEvent } from '@cab/contract/ws';
import type { Database } from '../db/client.js';

const CHANNEL = 'cabinet_events';

/** Who an event is for; an empty audience reaches every signed-in socket. */
export interface Audience {
  companyId?: number;
  userId?: number;
}

export type BusMessage =
  | { kind: 'event'; audience: Audience; event: WsServerEvent }
  | { kind: 'session_revoked'; sessionId: string }
  /** Raised locally (never sent) when this process's listener came back: events of the gap are lost. */
  | { kind: 'resync' };

/**
 * Events travel through PostgreSQL NOTIFY so that a socket held by any API process hears what any
 * other process (API or worker) raised. PGlite delivers them within its one process.
 */
export class EventBus {
  private readonly handlers = new Set<(message: BusMessage) => void>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async publish(audience: Audience, event: WsServerEvent): Promise<void> {
    await this.send({ kind: 'event', audience, event });
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.send({ kind: 'session_revoked', sessionId });
  }

  /** Starts listening; only processes that hold sockets need to. */
  async listen(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = await this.database.listen(
      CHANNEL,
      (payload) => this.dispatch(JSON.parse(payload) as BusMessage),
      () => this.dispatch({ kind: 'resync' }),
    );
  }

  subscribe(handler: (message: BusMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }

  private dispatch(message: BusMessage): void {
    for (const handler of this.handlers) handler(message);
  }

  private async send(message: BusMessage): Promise<void> {
    await this.database.notify(CHANNEL, JSON.stringify(message));
  }
}
