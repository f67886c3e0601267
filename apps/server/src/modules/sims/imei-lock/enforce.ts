import type { Executor } from '../../../db/client.js';
import { blockEvents, recordSimEvents, type NewSimEvent, type RecordedSimEvent } from '../events/index.js';
import * as repo from './repository.js';

/** The block reason a lock writes; the event log's actor (imei_lock) says the same in the user's language. */
export const IMEI_LOCK_BLOCK_REASON = 'IMEI lock';

/**
 * Two IMEIs name the same device when their first 14 digits (TAC and serial number) agree: the 15th
 * is a check digit, and a network may report the IMEISV's software version instead.
 */
const sameDevice = (a: string, b: string) => a.slice(0, 14) === b.slice(0, 14);

/**
 * Inside the transaction that logged the sessions: each session start of a locked SIM from another
 * IMEI logs an `imei_mismatch` event and, for a lock that blocks, blocks the SIM (a `block` event by
 * the lock; a SIM already blocked stays as it is). Answers the events it wrote, for the caller to
 * hand to alerts and announce after the commit. One read for the whole batch.
 */
export async function enforceImeiLocks(tx: Executor, logged: RecordedSimEvent[]): Promise<RecordedSimEvent[]> {
  const starts = logged.filter((e) => e.type === 'session_start' && typeof e.details?.imei === 'string');
  if (starts.length === 0) return [];
  const locks = await repo.findLocks(tx, [...new Set(starts.map((e) => e.simId))]);
  const mismatches = starts.filter((e) => {
    const lock = locks.get(e.simId);
    return lock !== undefined && !sameDevice(lock.imei, String(e.details?.imei));
  });
  if (mismatches.length === 0) return [];
  // A SIM is blocked once, at its first session from another IMEI.
  const firstBySim = new Map<number, RecordedSimEvent>();
  for (const e of mismatches) if (locks.get(e.simId)?.block && !firstBySim.has(e.simId)) firstBySim.set(e.simId, e);
  const blocked = await repo.blockSims(tx, [...firstBySim.values()], IMEI_LOCK_BLOCK_REASON);
  const blockedIds = new Set(blocked.map((b) => b.simId));
  const actor = { kind: 'imei_lock' as const };
  const events: NewSimEvent[] = mismatches.map((e) => ({
    companyId: e.companyId,
    simId: e.simId,
    type: 'imei_mismatch',
    at: e.at,
    actor,
    details: { imei: String(e.details?.imei), locked_imei: locks.get(e.simId)?.imei ?? null, blocked: blockedIds.has(e.simId) },
  }));
  for (const change of blocked) events.push(...blockEvents([change], actor, firstBySim.get(change.simId)?.at ?? new Date(), { reason: IMEI_LOCK_BLOCK_REASON }));
  return recordSimEvents(tx, events);
}
