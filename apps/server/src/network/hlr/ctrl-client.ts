import { connect as connectTcp, type Socket } from 'node:net';
import { encodeCtrlFrame, IPA_PONG, IpaFrameDecoder, parseCtrlReply } from './ctrl-frames.js';
import { HlrCtrlError, type CtrlClientEvent, type CtrlClientOptions, type CtrlConnectionState } from './ctrl-types.js';

/**
 * One persistent connection to an osmo-hlr CTRL port. Requests carry ids, up to `maxInFlight` are
 * on the wire at once and the rest wait in a bounded queue; each request has a deadline. When the
 * connection drops, every request on the wire or in the queue fails at once with a reason saying
 * so, requests made while it is down fail at once too (the caller's retry decides, nothing waits
 * blind), and the client reconnects with a capped exponential backoff.
 *
 * Only command names and connection facts reach errors and events — never a command's value, which
 * may be a subscriber key.
 */

interface PendingRequest {
  id: number;
  label: string;
  variable: string;
  frame: Buffer;
  sentAt: number;
  timer?: NodeJS.Timeout;
  resolve: (value: string) => void;
  reject: (error: HlrCtrlError) => void;
}

const VARIABLE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
// One token of printable ASCII: a space or line break would start another word or command.
const VALUE = /^[\x21-\x7e]{1,512}$/;
const MAX_ID = 2_147_483_647;

export class CtrlClient {
  private readonly options: Required<Omit<CtrlClientOptions, 'onEvent'>>;
  private readonly onEvent: (event: CtrlClientEvent) => void;
  private readonly decoder = new IpaFrameDecoder();
  private readonly inFlight = new Map<number, PendingRequest>();
  private queue: PendingRequest[] = [];
  private socket: Socket | null = null;
  private connectTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private connectWaiters: { resolve: () => void; reject: (error: HlrCtrlError) => void }[] = [];
  private currentState: CtrlConnectionState = 'idle';
  private lastError = '';
  private lastDataAt = 0;
  private failedAttempts = 0;
  private lastId = 0;

  constructor(options: CtrlClientOptions) {
    this.options = {
      maxInFlight: 20,
      maxQueued: 10_000,
      requestTimeoutMs: 5000,
      connectTimeoutMs: 3000,
      backoffInitialMs: 100,
      backoffMaxMs: 5000,
      ...options,
    };
    this.onEvent = options.onEvent ?? (() => undefined);
  }

  get state(): CtrlConnectionState {
    return this.currentState;
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  get queuedCount(): number {
    return this.queue.length;
  }

  private get address(): string {
    return `${this.options.host}:${this.options.port}`;
  }

  /** Resolves once the connection is open; rejects if this attempt fails (the client keeps retrying). */
  connect(): Promise<void> {
    if (this.currentState === 'open') return Promise.resolve();
    if (this.currentState === 'closed') return Promise.reject(this.closedError());
    return new Promise((resolve, reject) => {
      this.connectWaiters.push({ resolve, reject });
      if (this.currentState === 'idle' || this.currentState === 'down') this.openSocket();
    });
  }

  /** `GET <id> <variable>`: the answer's value. */
  get(variable: string): Promise<string> {
    return this.request('GET', variable, undefined);
  }

  /** `SET <id> <variable> <value>`: the answer's value. */
  set(variable: string, value: string): Promise<string> {
    return this.request('SET', variable, value);
  }

  /** Fails everything pending, stops reconnecting and closes the connection. */
  close(): Promise<void> {
    if (this.currentState === 'closed') return Promise.resolve();
    this.currentState = 'closed';
    this.clearTimers();
    this.failAll(() => this.closedError());
    this.settleConnectWaiters(this.closedError());
    const socket = this.socket;
    this.socket = null;
    if (!socket || socket.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      socket.once('close', () => resolve());
      socket.destroy();
    });
  }

  private request(method: 'GET' | 'SET', variable: string, value: string | undefined): Promise<string> {
    if (!VARIABLE.test(variable)) return Promise.reject(new HlrCtrlError('invalid', 'invalid CTRL variable name'));
    const label = `${method} ${variable}`;
    if (value !== undefined && !VALUE.test(value)) {
      return Promise.reject(new HlrCtrlError('invalid', `${label}: the value must be one word of printable ASCII`));
    }
    if (this.currentState === 'closed') return Promise.reject(this.closedError());
    if (this.currentState === 'down') {
      return Promise.reject(
        new HlrCtrlError('connection', `${label}: HLR CTRL ${this.address} unavailable (${this.lastError}); reconnecting`),
      );
    }
    if (this.queue.length >= this.options.maxQueued) {
      return Promise.reject(new HlrCtrlError('overloaded', `${label}: HLR CTRL queue full (${this.options.maxQueued} waiting)`));
    }
    this.lastId = this.lastId >= MAX_ID ? 1 : this.lastId + 1;
    const id = this.lastId;
    const frame = encodeCtrlFrame(value === undefined ? `${method} ${id} ${variable}` : `${method} ${id} ${variable} ${value}`);
    return new Promise<string>((resolve, reject) => {
      const pending: PendingRequest = { id, label, variable, frame, sentAt: 0, resolve, reject };
      pending.timer = setTimeout(() => this.expire(pending), this.options.requestTimeoutMs);
      this.queue.push(pending);
      if (this.currentState === 'idle') this.openSocket();
      else this.pump();
    });
  }

  private pump(): void {
    const socket = this.socket;
    if (this.currentState !== 'open' || !socket) return;
    const frames: Buffer[] = [];
    const now = performance.now();
    while (this.inFlight.size < this.options.maxInFlight && this.queue.length > 0) {
      const pending = this.queue.shift() as PendingRequest;
      pending.sentAt = now;
      this.inFlight.set(pending.id, pending);
      frames.push(pending.frame);
    }
    if (frames.length > 0) socket.write(frames.length === 1 ? (frames[0] as Buffer) : Buffer.concat(frames));
  }

  private expire(pending: PendingRequest): void {
    const timeoutMs = this.options.requestTimeoutMs;
    if (this.inFlight.get(pending.id) === pending) {
      this.inFlight.delete(pending.id);
      pending.reject(new HlrCtrlError('timeout', `${pending.label}: no answer from the HLR within ${timeoutMs} ms`));
      // Nothing came back for half a deadline while this was on the wire: the connection is presumed
      // dead (a peer gone without closing it); dropping it fails the rest now and starts the reconnect.
      const silentMs = performance.now() - Math.max(this.lastDataAt, pending.sentAt);
      if (silentMs >= timeoutMs / 2) this.socket?.destroy(new Error(`no answer for ${Math.round(silentMs)} ms`));
    } else {
      const at = this.queue.indexOf(pending);
      if (at < 0) return;
      this.queue.splice(at, 1);
      pending.reject(new HlrCtrlError('timeout', `${pending.label}: not sent within ${timeoutMs} ms (HLR CTRL busy)`));
    }
    this.pump();
  }

  private openSocket(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.currentState = 'connecting';
    this.lastError = '';
    this.decoder.reset();
    const socket = connectTcp({ host: this.options.host, port: this.options.port });
    this.socket = socket;
    socket.setNoDelay(true);
    this.connectTimer = setTimeout(
      () => socket.destroy(new Error(`connect timed out after ${this.options.connectTimeoutMs} ms`)),
      this.options.connectTimeoutMs,
    );
    socket.once('connect', () => {
      this.clearConnectTimer();
      socket.setKeepAlive(true, 10_000);
      this.currentState = 'open';
      this.failedAttempts = 0;
      this.onEvent({ type: 'connected', detail: this.address });
      this.settleConnectWaiters(null);
      this.pump();
    });
    socket.on('data', (chunk: Buffer) => this.onData(socket, chunk));
    socket.on('error', (error: Error) => {
      this.lastError = error.message;
    });
    socket.on('close', () => this.onSocketClosed(socket));
  }

  private onData(socket: Socket, chunk: Buffer): void {
    if (socket !== this.socket) return;
    this.lastDataAt = performance.now();
    for (const message of this.decoder.push(chunk)) {
      if (message.kind === 'ping') socket.write(IPA_PONG);
      if (message.kind !== 'ctrl') continue;
      const reply = parseCtrlReply(message.text);
      if (!reply) {
        this.onEvent({ type: 'stray_reply', detail: 'unparseable CTRL message' });
        continue;
      }
      if (reply.type === 'TRAP') continue;
      const pending = this.inFlight.get(reply.id);
      if (!pending) {
        // An answer to a request that already timed out.
        this.onEvent({ type: 'stray_reply', detail: `answer to request ${reply.id} after its deadline` });
        continue;
      }
      this.inFlight.delete(reply.id);
      clearTimeout(pending.timer);
      if (reply.type === 'ERROR') {
        pending.reject(new HlrCtrlError('hlr', reply.reason || 'the HLR answered ERROR without a reason'));
      } else if (reply.variable !== pending.variable) {
        pending.reject(new HlrCtrlError('protocol', `${pending.label}: the answer names another variable`));
      } else {
        pending.resolve(reply.value);
      }
    }
    this.pump();
  }

  private onSocketClosed(socket: Socket): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.clearConnectTimer();
    if (this.currentState === 'closed') return;
    const wasOpen = this.currentState === 'open';
    const cause = this.lastError || 'closed by the HLR';
    this.lastError = cause;
    this.currentState = 'down';
    if (wasOpen) {
      this.onEvent({ type: 'disconnected', detail: `${this.address}: ${cause}` });
      this.failAll((pending, sent) =>
        sent
          ? new HlrCtrlError('connection', `${pending.label}: HLR CTRL connection lost before the answer (${cause}); it may have been applied`)
          : new HlrCtrlError('connection', `${pending.label}: HLR CTRL connection lost (${cause}); not sent`),
      );
    } else {
      this.onEvent({ type: 'connect_failed', detail: `${this.address}: ${cause}` });
      this.failAll((pending) => new HlrCtrlError('connection', `${pending.label}: HLR CTRL ${this.address} unreachable (${cause})`));
      this.settleConnectWaiters(new HlrCtrlError('connection', `HLR CTRL ${this.address} unreachable (${cause})`));
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const { backoffInitialMs, backoffMaxMs } = this.options;
    const base = Math.min(backoffMaxMs, backoffInitialMs * 2 ** Math.min(this.failedAttempts, 20));
    // Up to 20% jitter so workers that lost the HLR together do not return in step.
    const delay = Math.round(Math.min(backoffMaxMs, base * (1 + Math.random() * 0.2)));
    this.failedAttempts++;
    this.onEvent({ type: 'reconnect_scheduled', detail: `in ${delay} ms` });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.currentState === 'down') this.openSocket();
    }, delay);
    // A client nobody closed must not keep the process alive just to reconnect.
    this.reconnectTimer.unref();
  }

  private failAll(makeError: (pending: PendingRequest, sent: boolean) => HlrCtrlError): void {
    const sent = [...this.inFlight.values()];
    const waiting = this.queue;
    this.inFlight.clear();
    this.queue = [];
    for (const pending of sent) {
      clearTimeout(pending.timer);
      pending.reject(makeError(pending, true));
    }
    for (const pending of waiting) {
      clearTimeout(pending.timer);
      pending.reject(makeError(pending, false));
    }
  }

  private settleConnectWaiters(error: HlrCtrlError | null): void {
    const waiters = this.connectWaiters;
    this.connectWaiters = [];
    for (const waiter of waiters) {
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
  }

  private clearConnectTimer(): void {
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
  }

  private clearTimers(): void {
    this.clearConnectTimer();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private closedError(): HlrCtrlError {
    return new HlrCtrlError('closed', 'HLR CTRL client closed');
  }
}
