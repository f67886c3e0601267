import pg from 'pg';

/** Reconnect delays: 250 ms doubling up to 10 s, each jittered to 50–100% so processes do not stampede. */
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 10_000;

/** `processId`: the PostgreSQL backend that raised the notification. */
type Handler = (payload: string, processId: number) => void;

/** How long a catch-up round trip may take before the caller stops trusting what it holds. */
const CATCH_UP_TIMEOUT_MS = 1000;

export const LISTENER_APPLICATION_NAME = 'cabinet listener';

/** Tells the listener's owner about a lost connection; never throws. */
export type ListenerLog = (message: string) => void;

/**
 * The process's one LISTEN connection (LISTEN needs a connection of its own, outside the pool),
 * carrying every channel. When it drops (failover, restart, idle timeout, terminated backend) it
 * reconnects with bounded, jittered backoff and LISTENs to every channel again. Notifications sent
 * while it was away are lost, so resume handlers are called to make up for the gap.
 */
export class PgListener {
  private client: pg.Client | null = null;
  private readonly channels = new Map<string, Set<Handler>>();
  private readonly resumeHandlers = new Set<() => void>();
  private readonly lostHandlers = new Set<() => void>();
  private retryTimer: NodeJS.Timeout | null = null;
  private attempt = 0;
  private started = false;
  private firstConnect: Promise<void> | null = null;
  private closed = false;
  /** The catch-up round trip on its way, and the one that will leave after it (shared by its callers). */
  private catchUpInFlight: Promise<boolean> | null = null;
  private catchUpNext: Promise<boolean> | null = null;

  constructor(
    private readonly url: string,
    private readonly log: ListenerLog,
  ) {}

  /** The first call connects and fails loudly if the database is down (a process must not start blind). */
  async listen(channel: string, handler: Handler, onResume?: () => void, onLost?: () => void): Promise<() => Promise<void>> {
    const handlers = this.channels.get(channel) ?? new Set<Handler>();
    const isNewChannel = !this.channels.has(channel);
    handlers.add(handler);
    this.channels.set(channel, handlers);
    if (onResume) this.resumeHandlers.add(onResume);
    if (onLost) this.lostHandlers.add(onLost);
    if (!this.started) {
      this.started = true;
      this.firstConnect = this.connect();
      try {
        await this.firstConnect;
      } catch (error) {
        this.started = false;
        throw error;
      } finally {
        this.firstConnect = null;
      }
    } else if (this.firstConnect) {
      // Another caller's first connection is on its way and LISTENs to every channel named by then.
      await this.firstConnect;
    } else if (isNewChannel && this.client) {
      await this.client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    // While reconnecting, the next connection LISTENs to the new channel with the others.
    return async () => {
      handlers.delete(handler);
      if (onResume) this.resumeHandlers.delete(onResume);
      if (onLost) this.lostHandlers.delete(onLost);
      if (handlers.size > 0) return;
      this.channels.delete(channel);
      await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    };
  }

  /** Whether notifications are heard right now (false while reconnecting). */
  get connected(): boolean {
    return this.client !== null;
  }

  /**
   * Resolves true once every notification PostgreSQL had signalled to this listener before the
   * call has been dispatched; false when that cannot be known (no connection, an error, a timeout).
   * PostgreSQL signals every listening backend before the notifying transaction's commit is
   * acknowledged, and a listening backend sends the notifications it was signalled before it
   * answers its next query, so one round trip that leaves after the call is enough. A trip that
   * left before the call proves nothing; callers arriving meanwhile share the next one.
   */
  caughtUp(): Promise<boolean> {
    if (!this.catchUpInFlight) return (this.catchUpInFlight = this.catchUpTrip());
    this.catchUpNext ??= this.catchUpInFlight.then(() => {
      this.catchUpNext = null;
      return (this.catchUpInFlight = this.catchUpTrip());
    });
    return this.catchUpNext;
  }

  private catchUpTrip(): Promise<boolean> {
    const client = this.client;
    // An empty query: nothing to parse, plan or run, and still a ReadyForQuery after the pending
    // notifications.
    const trip: Promise<boolean> = (client ? withTimeout(client.query(''), CATCH_UP_TIMEOUT_MS) : Promise.resolve(false)).then(
      (answered) => {
        if (this.catchUpInFlight === trip) this.catchUpInFlight = null;
        return answered && client === this.client;
      },
    );
    return trip;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // Named so that an operator (or a test cutting it) finds it in pg_stat_activity.
      application_name: LISTENER_APPLICATION_NAME,
    });
    // Without an 'error' listener a dropped connection would be an unhandled 'error' event: exit.
    client.on('error', (error: Error) => this.lost(client, error.message));
    client.on('end', () => this.lost(client, 'connection ended'));
    client.on('notification', (message) => this.dispatch(message));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private lost(client: pg.Client, reason: string): void {
    if (client !== this.client || this.closed) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.log(`database event listener disconnected (${reason}); reconnecting`);
    for (const handler of this.lostHandlers) this.safely(() => handler());
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** this.attempt);
    const delay = ceiling / 2 + (Math.random() * ceiling) / 2;
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed) return;
      this.connect().then(
        () => this.resumed(),
        () => this.scheduleReconnect(),
      );
    }, delay);
    this.retryTimer.unref();
  }

  private resumed(): void {
    if (this.closed) return;
    this.log(`database event listener reconnected after ${this.attempt} attempt(s)`);
    this.attempt = 0;
    for (const handler of this.resumeHandlers) this.safely(() => handler());
  }

  private dispatch(message: pg.Notification): void {
    if (message.payload === undefined) return;
    const payload = message.payload;
    for (const handler of this.channels.get(message.channel) ?? []) this.safely(() => handler(payload, message.processId));
  }

  /** A handler's mistake is logged; thrown from a socket callback it would end the process. */
  private safely(run: () => void): void {
    try {
      run();
    } catch (error) {
      this.log(`database event handler failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** True when `work` settles successfully within `ms`, false when it fails or takes longer. */
function withTimeout(work: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    timer.unref();
    work.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });
}
