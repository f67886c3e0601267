import type { DataSessionEvent, NetworkEvent } from '../events.js';
import { recordKeyOf, type FoundSim, type SessionInput, type StoredSession } from './ingest-repository.js';
import type { AccountingRecord } from './packet.js';
import { countryOfOperator, dataCostCents } from '../rating.js';

/*
 * Pure steps of a batch: packets merged into sessions, and stopped sessions turned into the usage
 * record the domain's sink bills.
 */

/** An authentic Accounting-Request waiting for its batch. */
export interface AcceptedPacket {
  nas: string;
  record: AccountingRecord;
  /** When the event happened: arrival less Acct-Delay-Time. */
  at: Date;
}

/** One session's packets of a batch, merged: an upsert may touch a row once per statement. */
export interface MergedSession extends SessionInput {
  /** Indexes of its packets in the batch. */
  indexes: number[];
}

/** Start, Interim-Update and Stop packets grouped by NAS + Acct-Session-Id, in arrival order. */
export function mergeSessions(packets: AcceptedPacket[]): MergedSession[] {
  const sessions = new Map<string, MergedSession>();
  packets.forEach((packet, index) => {
    const { record, at } = packet;
    if (record.status === 'other') return;
    // Interim and Stop say how long the session has run: its start, even when the Start was lost.
    const startedAt = record.status === 'start' || record.sessionSeconds === null ? at : new Date(at.getTime() - record.sessionSeconds * 1000);
    const key = `${packet.nas}\u0000${record.sessionId}`;
    const seen = sessions.get(key);
    if (!seen) {
      sessions.set(key, {
        nas: packet.nas,
        sessionId: record.sessionId,
        imsi: record.imsi,
        msisdn: record.msisdn,
        startedAt,
        at,
        stopped: record.status === 'stop',
        bytesUp: record.bytesUp,
        bytesDown: record.bytesDown,
        operator: record.operator,
        rat: record.rat,
        imei: record.imei,
        packets: 1,
        indexes: [index],
      });
      return;
    }
    seen.imsi ??= record.imsi;
    seen.msisdn ??= record.msisdn;
    if (startedAt < seen.startedAt) seen.startedAt = startedAt;
    if (at > seen.at) seen.at = at;
    seen.stopped ||= record.status === 'stop';
    seen.bytesUp = Math.max(seen.bytesUp, record.bytesUp);
    seen.bytesDown = Math.max(seen.bytesDown, record.bytesDown);
    seen.operator = record.operator ?? seen.operator;
    seen.rat = record.rat ?? seen.rat;
    seen.imei = record.imei ?? seen.imei;
    seen.packets += 1;
    seen.indexes.push(index);
  });
  return [...sessions.values()];
}

/**
 * The usage of sessions that stopped and are not recorded yet, and an MSU block for every SIM whose
 * month-to-date spend they take past its cap — as the simulator reports its sessions. Interim
 * updates bill nothing: a session counts once, whole, when it stops.
 */
export function usageOf(stored: StoredSession[], sims: Map<number, FoundSim>): NetworkEvent[] {
  const events: NetworkEvent[] = [];
  const spend = new Map<number, number>();
  for (const session of stored) {
    if (session.usageRecorded || !session.stoppedAt) continue;
    const country = countryOfOperator(session.operator);
    const bytes = session.bytesUp + session.bytesDown;
    const event: DataSessionEvent = {
      type: 'data',
      companyId: session.companyId,
      simId: session.simId,
      key: recordKeyOf(session.nas, session.sessionId),
      at: session.startedAt,
      endedAt: session.stoppedAt,
      bytes,
      bytesUp: session.bytesUp,
      bytesDown: session.bytesDown,
      rat: session.rat ?? '',
      operator: session.operator ?? '',
      country,
      costCents: dataCostCents(bytes, country),
      imei: session.imei,
    };
    events.push(event);
    spend.set(session.simId, (spend.get(session.simId) ?? 0) + event.costCents);
  }
  for (const sim of sims.values()) {
    const added = spend.get(sim.simId);
    if (added === undefined || sim.msuCents === null) continue;
    const spendCents = sim.monthSpendCents + added;
    if (spendCents > sim.msuCents) {
      events.push({ type: 'msu_block', companyId: sim.companyId, simId: sim.simId, at: new Date(), spendCents, msuCents: sim.msuCents });
      // One block per SIM, however many of its sessions the batch stopped.
      spend.delete(sim.simId);
    }
  }
  return events;
}
