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

export interface DataSessionEvent extends SimEventBase {
  type: 'data';
  bytes: number;
  costCents: number;
}

export interface SmsEvent extends SimEventBase {
  type: 'sms';
  direction: UsageDirection;
  text: string;
  costCents: number;
}

export interface CallEvent extends SimEventBase {
  type: 'call';
  direction: UsageDirection;
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
