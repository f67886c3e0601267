/** The CTRL client's errors, connection states, events and options (ctrl-client.ts). */

export type HlrCtrlErrorKind = 'hlr' | 'timeout' | 'connection' | 'closed' | 'overloaded' | 'protocol' | 'invalid';

export class HlrCtrlError extends Error {
  constructor(
    readonly kind: HlrCtrlErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'HlrCtrlError';
  }
}

export type CtrlConnectionState = 'idle' | 'connecting' | 'open' | 'down' | 'closed';

export interface CtrlClientEvent {
  type: 'connected' | 'disconnected' | 'connect_failed' | 'reconnect_scheduled' | 'stray_reply';
  detail: string;
}

export interface CtrlClientOptions {
  host: string;
  port: number;
  /** Requests on the wire at once (osmo-hlr answers in order, one at a time). */
  maxInFlight?: number;
  /** Requests waiting for a free slot; beyond this a request fails at once as overloaded. */
  maxQueued?: number;
  /** From the call to the answer, queue time included. */
  requestTimeoutMs?: number;
  connectTimeoutMs?: number;
  backoffInitialMs?: number;
  backoffMaxMs?: number;
  onEvent?: (event: CtrlClientEvent) => void;
}
