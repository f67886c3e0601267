import type { Executor } from '../../../db/client.js';
import type { DataSessionEvent, MsuBlockEvent, UsageEvent } from '../../../network/events.js';
import { limitCrossings } from './limit-crossings.js';
import { recordSimEvents } from './record.js';
import { sessionEvents, type ReportedSession } from './session-events.js';
import type { NewSimEvent, RecordedSimEvent } from './types.js';

export interface NetworkFeed {
  /** Usage records stored now (not the repeats of a re-delivered batch). */
  usage: UsageEvent[];
  /** MSU blocks that took effect now (a SIM already blocked is not among them). */
  msuBlocked: { companyId: number; simId: number; reason: string }[];
  msuEvents: MsuBlockEvent[];
  /**
   * The source logged its sessions' start and stop as they happened (RADIUS accounting): its usage
   * records then add no session events here. The simulator reports each session whole, once.
   */
  sessionsLogged?: boolean;
  /** The month a data limit counts in (tests pass their clock). */
  now?: Date;
}

/**
 * The log's share of the network sink (applyNetworkEvents), inside its transaction: sessions with
 * their network and IMEI changes, data limits reached, SMS in and out, MSU blocks. A couple of reads
 * and one insert per batch.
 */
export async function logNetworkFeed(tx: Executor, feed: NetworkFeed): Promise<RecordedSimEvent[]> {
  const data = feed.usage.filter((e): e is DataSessionEvent => e.type === 'data');
  const sessions = feed.sessionsLogged ? [] : data.map(reportedSession);
  const events: NewSimEvent[] = [...(await sessionEvents(tx, sessions)), ...(await limitCrossings(tx, data, feed.now ?? new Date()))];
  for (const usage of feed.usage) {
    if (usage.type !== 'sms') continue;
    events.push({
      companyId: usage.companyId,
      simId: usage.simId,
      type: usage.direction === 'in' ? 'sms_in' : 'sms_out',
      at: usage.at,
      actor: { kind: 'network' },
      details: { peer: usage.peer, chars: usage.text.length, operator: usage.operator, country: usage.country },
    });
  }
  const reported = new Map(feed.msuEvents.map((e) => [`${e.companyId}:${e.simId}`, e]));
  for (const blocked of feed.msuBlocked) {
    const cause = reported.get(`${blocked.companyId}:${blocked.simId}`);
    events.push({
      companyId: blocked.companyId,
      simId: blocked.simId,
      type: 'block',
      at: cause?.at ?? new Date(),
      actor: { kind: 'msu' },
      details: { block_type: 'msu', reason: blocked.reason, spend_cents: cause?.spendCents ?? null, msu_cents: cause?.msuCents ?? null },
    });
  }
  return recordSimEvents(tx, events);
}

function reportedSession(event: DataSessionEvent): ReportedSession {
  return {
    companyId: event.companyId,
    simId: event.simId,
    session: event.key,
    startedAt: event.at,
    endedAt: event.endedAt,
    started: true,
    stopped: true,
    operator: event.operator || null,
    country: event.country || null,
    imei: event.imei ?? null,
    rat: event.rat,
    bytesUp: event.bytesUp,
    bytesDown: event.bytesDown,
  };
}
