import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { NetworkAdapter } from './adapter.js';
import { NetworkSimulator } from './simulator.js';
import { readSimulatorSettings, simulatorDefaults } from './simulator-settings.js';

/** The network this deployment talks to; the simulator until a real operator adapter exists. */
export function createNetworkAdapter(config: Config, db: Db): NetworkAdapter {
  const defaults = simulatorDefaults(config);
  return new NetworkSimulator({
    db,
    latencyMs: defaults.latencyMs,
    failureRate: defaults.failureRate,
    settings: () => readSimulatorSettings(db, defaults),
  });
}
