import type { Executor } from '../../../db/client.js';
import * as repo from './repository.js';

/** The queue's IMEI lock operations (the cabinet's own: the network is not asked). */
export type ImeiLockOperation = 'imei_lock' | 'imei_unlock';

export interface ImeiLockParams {
  /** The IMEI to lock to; absent: each SIM's last one. */
  imei?: string;
  imeiBlock?: boolean;
}

export type ImeiLockOutcome = { simId: number; ok: true; value?: string } | { simId: number; ok: false; reason: string };

/**
 * What a lock or unlock will make of each SIM, before the run records it: locked to which IMEI, or why
 * not — no IMEI known yet (a SIM never seen, none given), already locked so, or not locked at all.
 * The last two are the contract's unchanged outcomes: never counted as done, never retried.
 */
export async function imeiLockOutcomes(db: Executor, operation: ImeiLockOperation, params: ImeiLockParams, simIds: number[]): Promise<ImeiLockOutcome[]> {
  const locks = await repo.findLocks(db, simIds);
  if (operation === 'imei_unlock') {
    return simIds.map((simId) => (locks.has(simId) ? { simId, ok: true } : { simId, ok: false, reason: 'imei_not_locked' }));
  }
  const last = params.imei ? new Map<number, string>() : await repo.lastImeis(db, simIds);
  const block = params.imeiBlock ?? false;
  return simIds.map((simId): ImeiLockOutcome => {
    const imei = params.imei ?? last.get(simId);
    if (!imei) return { simId, ok: false, reason: 'imei_unknown' };
    const current = locks.get(simId);
    if (current && current.imei === imei && current.block === block) return { simId, ok: false, reason: 'imei_already_locked' };
    return { simId, ok: true, value: imei };
  });
}

/** Inside the run's transaction: the locks of the SIMs whose outcome was ok. */
export async function applyImeiLockChange(tx: Executor, operation: ImeiLockOperation, params: ImeiLockParams, simIds: number[], userId: number | null): Promise<void> {
  if (operation === 'imei_unlock') await repo.unlockSims(tx, simIds);
  else await repo.lockSims(tx, simIds, { imei: params.imei, block: params.imeiBlock ?? false, userId });
}
