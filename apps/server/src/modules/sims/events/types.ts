import type { SimEventActorKind, SimEventDetails, SimEventType } from '@cab/contract/sim-events';

export type { SimEventActorKind, SimEventDetails, SimEventType } from '@cab/contract/sim-events';

/**
 * One event to write into the log. Build it where the thing happens and hand a batch to
 * `recordSimEvents` inside the same transaction as the change it tells of.
 *
 * - `at`: when it happened on the network (a session's start, its end), not when it is written;
 * - `actor`: who or what did it — `network` (label null or the NAS/SMSC), `user`/`root` (label: the
 *   e-mail), `billing`, `msu`, `limit`, `alert_rule` (label: the rule's name), `imei_lock`;
 * - `details`: a few flat values (operator, country, imei, bytes_up, block_type, reason…). Bounded
 *   on write: at most 16 keys, keys cut to 40 characters, strings to 200.
 */
export interface NewSimEvent {
  companyId: number;
  simId: number;
  type: SimEventType;
  at: Date;
  actor: { kind: SimEventActorKind; label?: string | null };
  details?: SimEventDetails;
}

/** A written event: what `announceSimEvents` pushes after the commit. */
export interface RecordedSimEvent extends NewSimEvent {
  id: number;
}
