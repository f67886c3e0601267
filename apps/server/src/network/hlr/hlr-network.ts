import type { NetworkAdapter, NetworkOperation, NetworkState, OperationOutcome, OperationRequest, SimRef } from '../adapter.js';
import { HlrCtrlError } from './ctrl-types.js';
import type { HlrSubscribers } from './hlr-subscribers.js';
import { failureReason, isHlrRefusal, mapLimited } from './hlr-outcomes.js';
import type { SubscriberProvisioning } from './provisioning.js';

/** What an operation asks of the HLR's access flags; absent: the HLR has no part in it. */
interface AccessChange {
  ps?: boolean;
  cs?: boolean;
  /** Take data access away first, then give it back: the SIM re-attaches for data. */
  cycleData?: boolean;
}

/**
 * Operations the HLR carries out, as access flags. Any block takes data and voice/SMS away; unblock
 * gives both back (the queue runner refuses an unblock while another block type remains);
 * disconnect takes data away; a reconnect takes it away and gives it back, so the device attaches anew.
 */
const ACCESS: Partial<Record<NetworkOperation, AccessChange>> = {
  block: { ps: false, cs: false },
  unblock: { ps: true, cs: true },
  global_unblock: { ps: true, cs: true },
  disconnect: { ps: false },
  reconnect: { cycleData: true },
  package_reconnect: { cycleData: true },
};

/** Requests per operation call the HLR works on at once; the CTRL client keeps ~20 on the wire. */
const SIMS_AT_ONCE = 64;

export interface HlrNetworkOptions {
  subscribers: HlrSubscribers;
  provisioning: SubscriberProvisioning;
  /**
   * What the HLR does not do — SMS (without SMPP), limits, packages, balances, transfers, groups —
   * is the cabinet's own rating: these operations go here.
   */
  rating: NetworkAdapter;
  /** SMS over SMPP when configured; otherwise the rating answers SMS too. */
  sms?: Pick<NetworkAdapter, 'execute'>;
  /** The SIM's state as RADIUS accounting wrote it (online, IMEI, serving network). */
  storedState: (sim: SimRef) => Promise<NetworkState>;
}

/**
 * The network adapter for a real osmo-hlr (NETWORK_ADAPTER=osmo-hlr): block, unblock, disconnect and
 * reconnect set the subscriber's PS/CS access over CTRL; ping reads whether it is attached. Each SIM
 * gets its own outcome: an HLR error is that SIM's failure reason, a lost connection fails the SIMs
 * not yet done with `hlr_unreachable`, and nothing throws for a SIM's sake. Setting a flag to the
 * value it has is harmless, so a repeated batch applies nothing twice in effect.
 */
export class HlrNetwork implements NetworkAdapter {
  constructor(private readonly options: HlrNetworkOptions) {}

  async execute(request: OperationRequest): Promise<OperationOutcome[]> {
    const { operation } = request;
    if (operation === 'sms') return (this.options.sms ?? this.options.rating).execute(request);
    if (operation === 'ping') return this.forEachSim(request.sims, (imsi) => this.ping(imsi));
    const access = ACCESS[operation];
    if (!access) return this.options.rating.execute(request);
    return this.forEachSim(request.sims, async (imsi, sim) => {
      try {
        await this.applyAccess(imsi, access);
      } catch (error) {
        // The HLR lacks the subscriber (provisioning missed it): put it in, then set the access.
        if (!isHlrRefusal(error) || (await this.options.provisioning.exists(imsi))) throw error;
        await this.options.provisioning.ensureProvisioned(sim);
        await this.applyAccess(imsi, access);
      }
      return undefined;
    });
  }

  async getState(sim: SimRef): Promise<NetworkState> {
    const stored = await this.options.storedState(sim);
    if (!sim.imsi) return { ...stored, hlr: null };
    try {
      const info = await this.options.subscribers.info(sim.imsi);
      const { attached, vlrNumber, sgsnNumber, psEnabled, csEnabled } = info;
      return { ...stored, hlr: { provisioned: true, attached, vlrNumber, sgsnNumber, psEnabled, csEnabled } };
    } catch (error) {
      if (error instanceof HlrCtrlError && error.kind === 'hlr') {
        return { ...stored, hlr: { provisioned: false, attached: false, vlrNumber: null, sgsnNumber: null, psEnabled: false, csEnabled: false } };
      }
      return { ...stored, hlr: null };
    }
  }

  private async applyAccess(imsi: string, access: AccessChange): Promise<void> {
    const { subscribers } = this.options;
    if (access.cycleData) {
      await subscribers.setPsEnabled(imsi, false);
      await subscribers.setPsEnabled(imsi, true);
      return;
    }
    // Both flags at once: the CTRL client pipelines them on one connection.
    await Promise.all([
      access.ps === undefined ? undefined : subscribers.setPsEnabled(imsi, access.ps),
      access.cs === undefined ? undefined : subscribers.setCsEnabled(imsi, access.cs),
    ]);
  }

  private async ping(imsi: string): Promise<string | undefined> {
    const info = await this.options.subscribers.info(imsi);
    if (!info.attached) throw new HlrCtrlError('hlr', 'sim_offline');
    return info.sgsnNumber ?? info.vlrNumber ?? undefined;
  }

  /** Runs `work` for every SIM, a bounded number at a time; one SIM's failure is its outcome only. */
  private async forEachSim(
    sims: SimRef[],
    work: (imsi: string, sim: SimRef) => Promise<string | undefined>,
  ): Promise<OperationOutcome[]> {
    const unique = [...new Map(sims.map((sim) => [sim.simId, sim])).values()];
    return mapLimited(unique, SIMS_AT_ONCE, async (sim): Promise<OperationOutcome> => {
      if (!sim.imsi) return { simId: sim.simId, ok: false, reason: 'sim_without_imsi' };
      try {
        const value = await work(sim.imsi, sim);
        return value === undefined ? { simId: sim.simId, ok: true } : { simId: sim.simId, ok: true, value };
      } catch (error) {
        return { simId: sim.simId, ok: false, reason: failureReason(error) };
      }
    });
  }
}
