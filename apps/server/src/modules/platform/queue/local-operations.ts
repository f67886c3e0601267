import type { Executor } from '../../../db/client.js';
import type { OperationOutcome, OperationParams } from '../../../network/adapter.js';
import { applySimEdit, simEditOutcomes } from '../../sims/edit/index.js';
import { applyImeiLockChange, imeiLockOutcomes } from '../../sims/imei-lock/index.js';
import type { LocalOperation } from './operations.js';

type ItemRef = { companyId: number; queueId: number };

/** What a local operation will make of each SIM, asked where the network would be. */
export function localOutcomes(db: Executor, operation: LocalOperation, params: OperationParams, ref: ItemRef, simIds: number[]): Promise<OperationOutcome[]> {
  return operation === 'sim_edit' ? simEditOutcomes(db, ref, simIds) : imeiLockOutcomes(db, operation, params, simIds);
}

/** Inside the transaction that records the outcomes: the change itself, for the SIMs still claimed. */
export async function applyLocal(
  tx: Executor,
  operation: LocalOperation,
  params: OperationParams,
  item: ItemRef & { userId: number },
  outcomes: Array<{ simId: number; ok: boolean; reason: string | null }>,
  okIds: number[],
): Promise<void> {
  if (operation !== 'sim_edit') return applyImeiLockChange(tx, operation, params, okIds, item.userId);
  const refused = outcomes.flatMap((o) => (o.ok ? [] : [{ simId: o.simId, ok: false as const, reason: o.reason ?? 'fail' }]));
  return applySimEdit(tx, item, [...okIds.map((simId) => ({ simId, ok: true as const })), ...refused]);
}
