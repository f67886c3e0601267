import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { NetworkAdapter } from './adapter.js';
import { NetworkSimulator } from './simulator.js';

/** The network this deployment talks to; the simulator until a real operator adapter exists. */
export function createNetworkAdapter(config: Config, db: Db): NetworkAdapter {
  return new NetworkSimulator({ db, latencyMs: config.NETWORK_LATENCY_MS, failureRate: config.NETWORK_FAILURE_RATE });
}
