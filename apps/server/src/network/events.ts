/**
 * What the network reports on its own (usage records, MSU blocks), as opposed to answers to
 * operations. The simulator generates these; a real operator adapter would turn its CDR feed or
 * webhooks into the same shapes, so the domain sink does not care where they came from.
 */

export type UsageDirection = 'in' | 'out';

interface SimEventBase {
  companyId: number;
  simId: number;
  /** When the session, message or call started. */
  at: Date;
}

/** Where a usage record happened: the serving network. */
interface ServingNetwork {
  /**
   * The network's own id of the record, unique per company (a CDR id; the simulator derives it
   * from SIM, tick and kind). A record delivered twice is stored and counted once.
   */
  key: string;
  /** MCC-MNC of the serving network. */
  operator: string;
  /** ISO 3166-1 alpha-2 country of the serving network. */
  country: string;
}

export interface DataSessionEvent extends SimEventBase, ServingNetwork {
  type: 'data';
  /** bytesUp + bytesDown. */
  bytes: number;
  bytesUp: number;
  bytesDown: number;
  endedAt: Date;
  rat: string;
  costCents: number;
  /** IMEI(SV) of the device, when the network reports it. */
  imei?: string | null;
}

export interface SmsEvent extends SimEventBase, ServingNetwork {
  type: 'sms';
  direction: UsageDirection;
  peer: string;
  text: string;
  costCents: number;
}

export interface CallEvent extends SimEventBase, ServingNetwork {
  type: 'call';
  direction: UsageDirection;
  peer: string;
  seconds: number;
  costCents: number;
}

/** The network blocked the SIM because its month-to-date spend passed the MSU cap. */
export interface MsuBlockEvent extends SimEventBase {
  type: 'msu_block';
  spendCents: number;
  msuCents: number;
}

export type UsageEvent = DataSessionEvent | SmsEvent | CallEvent;
export type NetworkEvent = UsageEvent | MsuBlockEvent;

export function isUsageEvent(event: NetworkEvent): event is UsageEvent {
  return event.type !== 'msu_block';
}
