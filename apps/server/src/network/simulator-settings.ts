import { NetworkSettings } from '@cab/contract/sim-rules';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Executor } from '../db/client.js';
import { settings } from '../db/schema.js';

/** The `settings` row root's Tools writes; every API and worker process reads it, so all share it. */
export const SIMULATOR_SETTINGS_KEY = 'network_simulator';

export interface SimulatorSettings {
  latencyMs: number;
  failureRate: number;
  activitySims: number;
  roamingDelayMinutes: number;
}

export interface StoredSimulatorSettings extends SimulatorSettings {
  updatedAt: Date | null;
}

/** What the environment says (config.ts): the settings until root first changes them on Tools. */
export function simulatorDefaults(config: Config): SimulatorSettings {
  return {
    latencyMs: config.NETWORK_LATENCY_MS,
    failureRate: config.NETWORK_FAILURE_RATE,
    activitySims: config.NETWORK_ACTIVITY_SIMS,
    roamingDelayMinutes: config.NETWORK_ROAMING_DELAY_MINUTES,
  };
}

/** Until root changes them, the environment's values (config.ts) apply. */
export async function readSimulatorSettings(db: Executor, defaults: SimulatorSettings): Promise<StoredSimulatorSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SIMULATOR_SETTINGS_KEY));
  if (!row) return { ...defaults, updatedAt: null };
  const parsed = NetworkSettings.extend({ updated_at: z.number().int().optional() }).safeParse(JSON.parse(row.value));
  if (!parsed.success) return { ...defaults, updatedAt: null };
  const value = parsed.data;
  return {
    latencyMs: value.latency_ms,
    failureRate: value.failure_rate,
    activitySims: value.activity_sims,
    roamingDelayMinutes: value.roaming_delay_minutes,
    updatedAt: value.updated_at === undefined ? null : new Date(value.updated_at),
  };
}

export async function writeSimulatorSettings(db: Executor, value: SimulatorSettings, now: Date): Promise<void> {
  const json = JSON.stringify({
    latency_ms: value.latencyMs,
    failure_rate: value.failureRate,
    activity_sims: value.activitySims,
    roaming_delay_minutes: value.roamingDelayMinutes,
    updated_at: now.getTime(),
  });
  await db.insert(settings).values({ key: SIMULATOR_SETTINGS_KEY, value: json }).onConflictDoUpdate({ target: settings.key, set: { value: json } });
}
