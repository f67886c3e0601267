import smpp, { type Pdu, type Session } from 'smpp';
import type { SmscAddress } from './smpp-url.js';

/** up: bound as transceiver; connecting: TCP connect or bind under way; down: waiting to reconnect; off: closed. */
export type LinkState = 'connecting' | 'up' | 'down' | 'off';

export interface LinkTimings {
  /** TCP connect plus bind_transceiver and its answer. */
  bindTimeoutMs: number;
  /** A submit_sm or enquire_link without its answer after this is taken as lost. */
  responseTimeoutMs: number;
  enquireLinkMs: number;
  backoffInitialMs: number;
  backoffMaxMs: number;
}

const DEFAULT_TIMINGS: LinkTimings = {
  bindTimeoutMs: 5000,
  responseTimeoutMs: 10_000,
  enquireLinkMs: 30_000,
  backoffInitialMs: 250,
  backoffMaxMs: 5000,
};

/**
 * Why a submit_sm did not get a message id: smsc_unavailable — it never left (not bound);
 * smsc_unknown — it left but its answer was lost (the SMSC may have it); smsc_rejected — refused.
 */
export class SubmitError extends Error {
  constructor(
    readonly reason: 'smsc_unavailable' | 'smsc_unknown' | 'smsc_rejected',
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'SubmitError';
  }
}

export interface SmppLinkOptions {
  address: SmscAddress;
  onState: (state: LinkState, detail: { error?: string }) => void;
  /** Every deliver_sm; `respond` sends its deliver_sm_resp with that command_status. */
  onDeliverSm: (pdu: Pdu, respond: (status: number) => void) => void;
  log: (message: string) => void;
  timings?: Partial<LinkTimings>;
}

const hex = (status: number) => `0x${status.toString(16).padStart(8, '0')}`;

/**
 * One SMPP 3.4 session to the SMSC, bound as transceiver, kept alive with enquire_link and rebuilt
 * with backoff whenever it drops. Nothing waits on it unbounded: a submit answers within
 * responseTimeoutMs, and waitBound within the caller's limit.
 */
export class SmppLink {
  private readonly timings: LinkTimings;
  private session: Session | null = null;
  private state: LinkState = 'down';
  private closed = false;
  private backoffMs: number;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly waiters = new Set<(bound: boolean) => void>();
  private readonly inFlight = new Map<number, (error: SubmitError) => void>();
  private requestSeq = 0;

  constructor(private readonly options: SmppLinkOptions) {
    this.timings = { ...DEFAULT_TIMINGS, ...options.timings };
    this.backoffMs = this.timings.backoffInitialMs;
  }

  start(): void {
    this.connect();
  }

  get bound(): boolean {
    return this.state === 'up';
  }

  /** True once bound (at once if already), false after timeoutMs or on close. */
  waitBound(timeoutMs: number): Promise<boolean> {
    if (this.state === 'up') return Promise.resolve(true);
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (bound: boolean) => {
        this.waiters.delete(done);
        clearTimeout(timer);
        resolve(bound);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      this.waiters.add(done);
    });
  }

  /**
   * Sends one submit_sm and resolves with the SMSC's message_id. `onAccepted` runs synchronously as
   * the answer is read, before any later PDU (the message's receipt may follow in the same read).
   */
  submit(fields: Record<string, unknown>, onAccepted: (messageId: string) => void): Promise<string> {
    const session = this.session;
    if (!session || this.state !== 'up') return Promise.reject(new SubmitError('smsc_unavailable', 'not bound to the SMSC'));
    return new Promise((resolve, reject) => {
      const id = ++this.requestSeq;
      const fail = (error: SubmitError) => {
        clearTimeout(timer);
        this.inFlight.delete(id);
        reject(error);
      };
      const timer = setTimeout(() => fail(new SubmitError('smsc_unknown', 'no submit_sm_resp in time')), this.timings.responseTimeoutMs);
      this.inFlight.set(id, fail);
      const written = session.submit_sm(fields, (pdu) => {
        if (!this.inFlight.delete(id)) return;
        clearTimeout(timer);
        if (pdu.command_status !== smpp.ESME_ROK) return reject(new SubmitError('smsc_rejected', `submit_sm_resp ${hex(pdu.command_status)}`));
        const messageId = pdu.message_id ?? '';
        if (!messageId) return reject(new SubmitError('smsc_unknown', 'submit_sm_resp without message_id'));
        onAccepted(messageId);
        resolve(messageId);
      });
      if (!written) fail(new SubmitError('smsc_unavailable', 'connection not writable'));
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const session = this.session;
    if (session && this.state === 'up') {
      // A polite unbind, but never more than a second of waiting for its answer.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        const finish = () => {
          clearTimeout(timer);
          resolve();
        };
        if (!session.unbind(finish)) finish();
      });
    }
    if (session) this.drop(session, 'closed');
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const waiter of [...this.waiters]) waiter(false);
    this.setState('off', {});
  }

  private connect(): void {
    if (this.closed) return;
    const { host, port, systemId, password } = this.options.address;
    this.setState('connecting', {});
    const session = smpp.connect({ host, port });
    this.session = session;
    const bindTimer = this.after(this.timings.bindTimeoutMs, () => this.drop(session, 'no bind in time'));
    session.on('connect', () => {
      session.bind_transceiver({ system_id: systemId, password, interface_version: 0x34 }, (pdu) => {
        this.cancel(bindTimer);
        if (session !== this.session) return;
        if (pdu.command_status !== smpp.ESME_ROK) return this.drop(session, `bind_transceiver refused (${hex(pdu.command_status)})`);
        this.backoffMs = this.timings.backoffInitialMs;
        this.setState('up', {});
        this.options.log(`SMPP: bound as transceiver to ${this.options.address.display}`);
        for (const waiter of [...this.waiters]) waiter(true);
        this.keepAlive(session);
      });
    });
    session.on('error', (error) => this.drop(session, error.message));
    session.on('close', () => this.drop(session, 'connection closed'));
    session.on('enquire_link', (pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu) => {
      session.send(pdu.response());
      this.drop(session, 'the SMSC unbound');
    });
    session.on('deliver_sm', (pdu) => this.options.onDeliverSm(pdu, (status) => session.send(pdu.response({ command_status: status }))));
    // A command the package does not know gets generic_nack (its response() makes one).
    session.on('unknown', (pdu) => session.send(pdu.response()));
  }

  private keepAlive(session: Session): void {
    const tick = () => {
      if (session !== this.session) return;
      const timeout = this.after(this.timings.responseTimeoutMs, () => this.drop(session, 'no enquire_link_resp in time'));
      session.enquire_link(() => this.cancel(timeout));
      this.after(this.timings.enquireLinkMs, tick);
    };
    this.after(this.timings.enquireLinkMs, tick);
  }

  /** Ends a session once (later events of a dropped one change nothing) and schedules the next. */
  private drop(session: Session, why: string): void {
    if (session !== this.session) return;
    this.session = null;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    session.destroy();
    for (const fail of [...this.inFlight.values()]) fail(new SubmitError('smsc_unknown', `connection lost before submit_sm_resp (${why})`));
    if (this.closed) return;
    this.setState('down', { error: why.slice(0, 200) });
    const delay = Math.round(this.backoffMs * (0.5 + Math.random() / 2));
    this.options.log(`SMPP: link to ${this.options.address.display} down (${why}); reconnecting in ${delay} ms`);
    this.backoffMs = Math.min(this.backoffMs * 2, this.timings.backoffMaxMs);
    this.after(delay, () => this.connect());
  }

  private setState(state: LinkState, detail: { error?: string }): void {
    if (state === this.state && state !== 'down') return;
    this.state = state;
    this.options.onState(state, detail);
  }

  private after(ms: number, run: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  private cancel(timer: NodeJS.Timeout): void {
    clearTimeout(timer);
    this.timers.delete(timer);
  }
}
