import type { NetworkSettings, NetworkSettingsResult, UsageBurstRequest, UsageBurstResult } from '@cab/contract/sim-rules';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { generateActivity } from '../../../network/activity.js';
import { loadSessionLocation } from '../../../network/session-location.js';
import { readSimulatorSettings, writeSimulatorSettings, type SimulatorSettings } from '../../../network/simulator-settings.js';
import type { EventBus } from '../../../realtime/bus.js';
import { findExistingCompanies } from '../../accounts/companies/index.js';
import { applyNetworkEvents } from '../../sims/usage/index.js';
import { auditActor, insertAudit } from '../audit/index.js';

export interface NetworkSimulatorDeps {
  db: Db;
  bus: EventBus;
  /** The environment's values (config.ts), in force until root first saves settings. */
  defaults: SimulatorSettings;
}

const toApi = (value: SimulatorSettings): NetworkSettings => ({
  latency_ms: value.latencyMs,
  failure_rate: value.failureRate,
  activity_sims: value.activitySims,
  roaming_delay_minutes: value.roamingDelayMinutes,
});

export async function getNetworkSettings(deps: NetworkSimulatorDeps): Promise<NetworkSettingsResult> {
  const stored = await readSimulatorSettings(deps.db, deps.defaults);
  return { ...toApi(stored), updated: stored.updatedAt ? Math.floor(stored.updatedAt.getTime() / 1000) : null };
}

/**
 * Saved in the database, so every API and worker process follows at once: the simulator reads them
 * for each operation call and each activity tick. Audited in the same transaction.
 */
export async function updateNetworkSettings(deps: NetworkSimulatorDeps, principal: Principal, input: NetworkSettings): Promise<NetworkSettingsResult> {
  const next: SimulatorSettings = {
    latencyMs: input.latency_ms,
    failureRate: input.failure_rate,
    activitySims: input.activity_sims,
    roamingDelayMinutes: input.roaming_delay_minutes,
  };
  await deps.db.transaction(async (tx) => {
    const before = await readSimulatorSettings(tx, deps.defaults);
    await writeSimulatorSettings(tx, next, new Date());
    await insertAudit(tx, { ...auditActor(principal), action: 'network_settings_update', details: { before: toApi(before), after: input } });
  });
  return getNetworkSettings(deps);
}

/**
 * A burst of simulated usage for one company (demos, reports): one activity tick over up to `sims`
 * of its SIMs, through the same entry point as the minute schedule. The audit row is committed
 * first: usage is written by the network sink in its own transaction.
 */
export async function generateUsageBurst(deps: NetworkSimulatorDeps, principal: Principal, input: UsageBurstRequest): Promise<UsageBurstResult> {
  if ((await findExistingCompanies(deps.db, [input.company_id])).length === 0) throw new AppError('not_found');
  await deps.db.transaction(async (tx) => {
    await insertAudit(tx, { ...auditActor(principal), action: 'usage_burst', details: { company: input.company_id, sims: input.sims } });
  });
  const location = await loadSessionLocation(deps.db);
  const events = await generateActivity(deps.db, { now: new Date(), maxSims: input.sims, random: Math.random, companyId: input.company_id, location });
  await applyNetworkEvents(deps.db, deps.bus, events);
  const count = (type: string) => events.filter((e) => e.type === type).length;
  return { sims: new Set(events.filter((e) => e.type !== 'msu_block').map((e) => e.simId)).size, sessions: count('data'), sms: count('sms'), calls: count('call') };
}
