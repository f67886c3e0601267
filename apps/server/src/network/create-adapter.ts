import type { Sealer } from '../auth/sealing.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { readSubscriberKeys } from '../modules/network/stock/index.js';
import type { NetworkAdapter, OperationRequest } from './adapter.js';
import { CtrlClient } from './hlr/ctrl-client.js';
import { HlrNetwork } from './hlr/hlr-network.js';
import { HlrSubscribers } from './hlr/hlr-subscribers.js';
import { SubscriberProvisioning, type SubscriberRecords } from './hlr/provisioning.js';
import { NetworkSimulator } from './simulator.js';
import { readSimulatorSettings, simulatorDefaults } from './simulator-settings.js';
import { startSmppSms } from './smpp/index.js';
import { readNetworkState } from './state-repository.js';

/** The HLR as one process holds it (NETWORK_ADAPTER=osmo-hlr): its CTRL connection and what runs on it. */
export interface HlrLink {
  address: string;
  client: CtrlClient;
  subscribers: HlrSubscribers;
  provisioning: SubscriberProvisioning;
  records: SubscriberRecords;
}

/** The network one process talks to: the adapter operations go through, and the links it holds. */
export interface NetworkRuntime {
  kind: Config['NETWORK_ADAPTER'];
  adapter: NetworkAdapter;
  hlr: HlrLink | null;
  close(): Promise<void>;
}

export interface NetworkRuntimeDeps {
  config: Config;
  db: Db;
  sealer: Sealer;
  log: (message: string) => void;
}

/**
 * Builds the network of this deployment (README "Network adapters"):
 * - `simulator`: the built-in simulator answers every operation and makes usage;
 * - `osmo-hlr`: a real osmo-hlr holds subscribers and their access (block, unblock, disconnect,
 *   reconnect, ping); what an HLR does not do (limits, packages, balances, transfers, groups) is the
 *   cabinet's own rating — the simulator's bookkeeping without latency or failures.
 * Under either, SMS leave over SMPP when SMPP_URL is set.
 */
export function createNetwork({ config, db, sealer, log }: NetworkRuntimeDeps): NetworkRuntime {
  const sms = config.SMPP_URL ? startSmppSms({ url: config.SMPP_URL, db, log }) : null;
  const closeSms = async () => sms?.close();
  if (config.NETWORK_ADAPTER === 'simulator') {
    const defaults = simulatorDefaults(config);
    const simulator = new NetworkSimulator({
      db,
      latencyMs: defaults.latencyMs,
      failureRate: defaults.failureRate,
      settings: () => readSimulatorSettings(db, defaults),
    });
    const adapter: NetworkAdapter = sms ? { execute: smsThrough(sms, simulator), getState: (sim) => simulator.getState(sim) } : simulator;
    return { kind: 'simulator', adapter, hlr: null, close: closeSms };
  }
  const hlr = connectHlr(config.HLR_CTRL_ADDR, db, sealer, log);
  const adapter = new HlrNetwork({
    subscribers: hlr.subscribers,
    provisioning: hlr.provisioning,
    rating: new NetworkSimulator({ db, latencyMs: 0, failureRate: 0 }),
    ...(sms ? { sms } : {}),
    storedState: (sim) => readNetworkState(db, sim.companyId, sim.simId),
  });
  return {
    kind: 'osmo-hlr',
    adapter,
    hlr,
    close: async () => {
      await Promise.all([hlr.client.close(), closeSms()]);
    },
  };
}

function connectHlr(address: string, db: Db, sealer: Sealer, log: (message: string) => void): HlrLink {
  const [host = '127.0.0.1', port = '4259'] = address.split(':');
  const client = new CtrlClient({
    host,
    port: Number(port),
    maxInFlight: 20,
    onEvent: (event) => {
      if (event.type !== 'stray_reply' && event.type !== 'reconnect_scheduled') log(`HLR CTRL ${address}: ${event.type} ${event.detail}`);
    },
  });
  // Connect now, so the first operation does not wait; a failure is retried with backoff.
  client.connect().catch(() => undefined);
  const subscribers = new HlrSubscribers(client);
  const records: SubscriberRecords = (simIds) => readSubscriberKeys(db, sealer, simIds);
  return { address, client, subscribers, provisioning: new SubscriberProvisioning(subscribers, records), records };
}

function smsThrough(sms: Pick<NetworkAdapter, 'execute'>, rest: NetworkAdapter) {
  return (request: OperationRequest) => (request.operation === 'sms' ? sms.execute(request) : rest.execute(request));
}
