import { BLOCK_TYPES, SIM_PROFILES, type BlockType } from '@cab/contract/constants';
import { SIM_QUEUE_REASONS, UNCHANGED_RULES, type SimQueueReason, type UnchangedReason } from '@cab/contract/queue';
import type { Db } from '../../../db/client.js';
import type { NetworkAdapter, OperationOutcome, OperationParams, SimRef } from '../../../network/adapter.js';
import type { EventBus } from '../../../realtime/bus.js';
import { announceSimEvents, blockEvents, recordSimEvents, userActor, type RecordedSimEvent } from '../../sims/events/index.js';
import { applyEffects } from './effects-repository.js';
import * as items from './item-repository.js';
import { applyLocal, localOutcomes } from './local-operations.js';
import { isLocalOperation, OPERATIONS, type OperationSpec } from './operations.js';
import { announceCompletion, announceProgress } from './progress.js';
import * as results from './results-repository.js';

/**
 * A batch failed between its claim and its recorded outcomes. Whoever resumes the item may hand the
 * claim back (releaseClaims) instead of waiting for it to go stale.
 */
export class BatchInterruptedError extends Error {
  constructor(
    readonly ref: { companyId: number; queueId: number },
    readonly simIds: number[],
    cause: unknown,
  ) {
    super(`queue item ${ref.queueId}: batch of ${simIds.length} SIMs interrupted`, { cause });
  }
}

export interface QueueRunnerDeps {
  db: Db;
  network: NetworkAdapter;
  bus: EventBus;
  batchSize: number;
  staleSeconds: number;
  progressIntervalMs: number;
}

/**
 * Works one queue item until no SIM is left to claim. Any number of workers may run the same item
 * at once: claims are disjoint, the network applies each (item, SIM) once, and outcomes are
 * recorded only for SIMs still claimed, so nothing is lost or done twice after a crash.
 */
export async function runQueueItem(deps: QueueRunnerDeps, ref: { companyId: number; queueId: number }): Promise<void> {
  const { db } = deps;
  const item = await items.findItem(db, ref.companyId, ref.queueId);
  if (!item || item.state !== 'running') return;
  const reason = SIM_QUEUE_REASONS.find((r) => r === item.reason);
  if (!reason) return;
  const spec = OPERATIONS[reason];
  const params = item.params as OperationParams;
  // Who the event log names for the blocks this item makes or lifts.
  const actor = await userActor(db, item.user_id, { financial: params.blockType === 'financial' });

  for (;;) {
    const claimed = await results.claimBatch(db, ref, deps.batchSize, deps.staleSeconds);
    if (claimed.length === 0) break;
    let changed: { okIds: number[]; fail: number; unchanged: number; logged: RecordedSimEvent[] };
    try {
      const outcomes =
        params.blockType === 'financial' && spec.operation === 'block' && !(await items.hasBalanceProblem(db, ref.companyId))
          ? claimed.map((simId) => ({ simId, ok: false, reason: 'balance_restored' }))
          : await runBatch(deps, { reason, spec, params, ...ref }, claimed);
      changed = await db.transaction(async (tx) => {
        const recorded = await results.recordOutcomes(tx, ref, outcomes);
        const blocks = isLocalOperation(spec.operation)
          ? await applyLocal(tx, spec.operation, params, { ...ref, userId: item.user_id }, outcomes, recorded.okIds).then(() => [])
          : await applyEffects(tx, spec.operation, params, { companyId: ref.companyId }, recorded.okIds);
        await items.addProgress(tx, ref.companyId, ref.queueId, { ok: recorded.okIds.length, fail: recorded.fail, unchanged: recorded.unchanged });
        const logged = await recordSimEvents(tx, blockEvents(blocks, actor, new Date(), { operation: reason }));
        return { ...recorded, logged };
      });
    } catch (error) {
      throw new BatchInterruptedError(ref, claimed, error);
    }
    await announceSimEvents(deps.bus, changed.logged);
    if (changed.okIds.length + changed.fail + changed.unchanged > 0) await announceProgress(deps, ref, deps.progressIntervalMs);
  }
  if (!(await results.hasOpenResults(db, ref))) await announceCompletion(deps, ref);
}

async function runBatch(
  deps: QueueRunnerDeps,
  job: { reason: SimQueueReason; spec: (typeof OPERATIONS)[keyof typeof OPERATIONS]; params: OperationParams; companyId: number; queueId: number },
  simIds: number[],
): Promise<results.SimOutcomeRow[]> {
  const rows = await items.loadSimRefs(deps.db, simIds);
  const found = new Set(rows.map((r) => r.id));
  const outcomes: results.SimOutcomeRow[] = simIds.filter((id) => !found.has(id)).map((simId) => ({ simId, ok: false, reason: 'sim_not_found' }));
  const send: SimRef[] = [];
  for (const row of rows) {
    const blockType = row.block_type as BlockType;
    if (refusedBlockTypes(job.spec, job.params).includes(blockType)) {
      outcomes.push({ simId: row.id, ok: false, reason: `blocked_${blockType}` });
      continue;
    }
    const unchanged = alreadyInState(job.reason, blockType);
    if (unchanged) {
      outcomes.push({ simId: row.id, ok: false, reason: unchanged });
      continue;
    }
    const profile = SIM_PROFILES.find((p) => p === row.profile) ?? 'BK';
    send.push({ companyId: row.company_id, simId: row.id, iccid: row.iccid, msisdn: row.msisdn, imsi: row.imsi, profile });
  }
  if (send.length === 0) return outcomes;
  const { operation } = job.spec;
  const answers = isLocalOperation(operation)
    ? await localOutcomes(deps.db, operation, job.params, { companyId: job.companyId, queueId: job.queueId }, send.map((sim) => sim.simId))
    : await deps.network.execute({ operation, params: job.params, sims: send, idempotencyPrefix: `queue:${job.queueId}` });
  outcomes.push(...answers.map(toOutcomeRow));
  return outcomes;
}

/** A financial unblock (billing engine) lifts only financial blocks; every other item uses its reason's rule. */
function refusedBlockTypes(spec: OperationSpec, params: OperationParams): readonly BlockType[] {
  if (spec.operation === 'unblock' && params.blockType === 'financial') return BLOCK_TYPES.filter((b) => b !== 'none' && b !== 'financial');
  return spec.refuseBlockTypes ?? [];
}

/**
 * A SIM the operation would not change, or cannot reach, because of its block state: reported as what
 * it is ("already blocked"), never as done, and not taken by a retry (the contract's UNCHANGED_RULES).
 */
function alreadyInState(reason: SimQueueReason, blockType: BlockType): UnchangedReason | null {
  const rule = UNCHANGED_RULES[reason];
  if (!rule) return null;
  return (rule.when === 'blocked') === (blockType !== 'none') ? rule.reason : null;
}

function toOutcomeRow(answer: OperationOutcome): results.SimOutcomeRow {
  if (answer.ok) return { simId: answer.simId, ok: true, reason: answer.value === undefined || answer.value === null ? null : String(answer.value) };
  return { simId: answer.simId, ok: false, reason: answer.reason };
}
