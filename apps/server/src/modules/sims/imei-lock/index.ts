/**
 * The public face of sims/imei-lock (issue 25.5): SIMs locked to an IMEI. The queue locks and unlocks
 * them (`imeiLockOutcomes` before its run, `applyImeiLockChange` in its transaction); the network
 * sinks call `enforceImeiLocks(tx, logged)` with the session events they logged; the SIM page reads the
 * lock through sims/list (a cycle otherwise: the log reads SIMs there).
 */
export { enforceImeiLocks, IMEI_LOCK_BLOCK_REASON } from './enforce.js';
export { applyImeiLockChange, imeiLockOutcomes, type ImeiLockOperation } from './service.js';
