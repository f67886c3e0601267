import { SMS_MAX_LENGTH } from '@cab/contract/constants';
import type { Db } from '../db/client.js';
import type { NetworkAdapter, NetworkOperation, NetworkState, OperationOutcome, OperationRequest, SimRef } from './adapter.js';
import { recordSimulatedSms } from './simulator-sms.js';
import { readNetworkState } from './state-repository.js';
import { applyBatch, readAppliedOps, type AppliedOpRow, type PlannedSim, type StateEffect } from './simulator-repository.js';

export interface NetworkSimulatorOptions {
  db: Db;
  /** Answer latency of one execute() call, whatever its number of SIMs. */
  latencyMs: number;
  /** Share of SIMs that fail for a network reason (0..1). */
  failureRate: number;
  /** Source of randomness; inject a seeded one for deterministic outcomes. */
  random?: () => number;
  /**
   * Latency and failure rate as root set them on Tools, read for every call so every process
   * follows a change at once; latencyMs and failureRate above apply when absent.
   */
  settings?: () => Promise<{ latencyMs: number; failureRate: number }>;
}

/** Reasons a SIM fails for no fault of the request; half of the failures each. */
export const NETWORK_FAILURE_REASONS = ['network_timeout', 'sim_unreachable'] as const;

/** Chance that a SIM comes online after unblock/reconnect (its device may be switched off). */
const COME_ONLINE_PROBABILITY = 0.9;

/** SIMs per statement: bounds statement size for very large requests while staying set-based. */
const STATEMENT_CHUNK = 5000;

const EFFECTS: Record<NetworkOperation, StateEffect> = {
  block: 'detach',
  disconnect: 'detach',
  unblock: 'attach',
  global_unblock: 'attach',
  reconnect: 'reattach',
  package_reconnect: 'reattach',
  ping: 'touch',
  sms: 'none',
  set_limit: 'none',
  get_limit: 'none',
  transfer: 'none',
  tariff_package: 'none',
  balance: 'none',
  group: 'none',
};

const isNonNegativeInteger = (value: number | undefined): boolean => value !== undefined && Number.isInteger(value) && value >= 0;

/** What the network itself rejects in a request, whatever the SIM; null when acceptable. */
export function requestRejection(request: OperationRequest): string | null {
  const { operation, params } = request;
  if (operation === 'sms') {
    const length = params.text?.length ?? 0;
    if (length === 0) return 'sms_empty';
    if (length > SMS_MAX_LENGTH) return 'sms_too_long';
  }
  if (operation === 'set_limit' && !(isNonNegativeInteger(params.limitMb) && isNonNegativeInteger(params.repeat ?? 0))) {
    return 'invalid_limit';
  }
  return null;
}

/**
 * The default network adapter: answers operations after a configurable latency, fails a share of
 * SIMs, and keeps per-SIM network state in sim_network_state. Every outcome is remembered per
 * idempotency key, so a retried batch (worker crash, pg-boss retry) never applies anything twice.
 */
export class NetworkSimulator implements NetworkAdapter {
  private readonly db: Db;
  private readonly latencyMs: number;
  private readonly failureRate: number;
  private readonly random: () => number;
  private readonly settings: NetworkSimulatorOptions['settings'];

  constructor(options: NetworkSimulatorOptions) {
    this.db = options.db;
    this.latencyMs = options.latencyMs;
    this.failureRate = options.failureRate;
    this.random = options.random ?? Math.random;
    this.settings = options.settings;
  }

  async execute(request: OperationRequest): Promise<OperationOutcome[]> {
    const { latencyMs, failureRate } = this.settings ? await this.settings() : { latencyMs: this.latencyMs, failureRate: this.failureRate };
    // One round trip to the operator per batch, not per SIM.
    if (latencyMs > 0) await new Promise<void>((resolve) => setTimeout(resolve, latencyMs));
    const sims = uniqueBySimId(request.sims);
    const planned = this.plan(request, sims, failureRate);
    const rows: AppliedOpRow[] = [];
    for (let start = 0; start < planned.length; start += STATEMENT_CHUNK) {
      rows.push(
        ...(await applyBatch(this.db, {
          operation: request.operation,
          idempotencyPrefix: request.idempotencyPrefix,
          effect: EFFECTS[request.operation],
          requireOnline: request.operation === 'ping',
          readLimit: request.operation === 'get_limit',
          sims: planned.slice(start, start + STATEMENT_CHUNK),
        })),
      );
    }
    const answered = new Set(rows.map((row) => row.simId));
    const missing = sims.filter((sim) => !answered.has(sim.simId)).map((sim) => sim.simId);
    if (missing.length > 0) rows.push(...(await readAppliedOps(this.db, request.idempotencyPrefix, missing)));
    const outcomes = rows.map(toOutcome);
    if (request.operation === 'sms') await recordSimulatedSms(this.db, request, outcomes);
    return outcomes;
  }

  getState(sim: SimRef): Promise<NetworkState> {
    return readNetworkState(this.db, sim.companyId, sim.simId);
  }

  /** Decides in memory what does not depend on stored state; random draws follow the SIM order. */
  private plan(request: OperationRequest, sims: SimRef[], failureRate: number): PlannedSim[] {
    const rejection = requestRejection(request);
    const mayComeOnline = EFFECTS[request.operation] === 'attach' || EFFECTS[request.operation] === 'reattach';
    return sims.map((sim) => {
      const base = { simId: sim.simId, companyId: sim.companyId, comesOnline: false };
      if (rejection) return { ...base, failReason: rejection };
      const draw = this.random();
      if (draw < failureRate) {
        const reason = draw < failureRate / 2 ? NETWORK_FAILURE_REASONS[0] : NETWORK_FAILURE_REASONS[1];
        return { ...base, failReason: reason };
      }
      return { ...base, failReason: null, comesOnline: mayComeOnline && this.random() < COME_ONLINE_PROBABILITY };
    });
  }
}

/** A SIM listed twice has one idempotency key, so it gets one outcome. */
function uniqueBySimId(sims: SimRef[]): SimRef[] {
  return [...new Map(sims.map((sim) => [sim.simId, sim])).values()];
}

function toOutcome(row: AppliedOpRow): OperationOutcome {
  if (!row.ok) return { simId: row.simId, ok: false, reason: row.result ?? 'unknown' };
  if (row.result === null) return { simId: row.simId, ok: true };
  return { simId: row.simId, ok: true, value: JSON.parse(row.result) as string | number | null };
}
