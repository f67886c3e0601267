import type { SimRef } from '../adapter.js';
import type { HlrSubscribers } from './hlr-subscribers.js';
import { HlrCtrlError } from './ctrl-types.js';
import { isHlrRefusal } from './hlr-outcomes.js';

/** A SIM's HLR record as the cabinet holds it: identity, number and authentication keys. */
export type SubscriberRecord =
  | { simId: number; iccid: string; imsi: string; msisdn: string; auth: 'milenage'; k: string; opc: string }
  | { simId: number; iccid: string; imsi: string; msisdn: string; auth: 'comp128'; ki: string };

/** Reads the records (keys opened) of these SIMs; SIMs without a stock record are left out. */
export type SubscriberRecords = (simIds: number[]) => Promise<SubscriberRecord[]>;

export type ProvisionResult = 'created' | 'existed';

/**
 * Puts SIMs into the HLR: create, MSISDN, keys, and access as their block state says. Creating one
 * that already exists counts as done (the HLR's "Subscriber already exists."), and the MSISDN and
 * keys are written again, so provisioning twice ends where provisioning once does.
 */
export class SubscriberProvisioning {
  constructor(
    private readonly subscribers: HlrSubscribers,
    private readonly records: SubscriberRecords,
  ) {}

  /** Provisions one SIM whose record the HLR may lack; access stays as created (enabled). */
  async ensureProvisioned(sim: SimRef): Promise<ProvisionResult> {
    const [record] = await this.records([sim.simId]);
    // A reason code, not the HLR's text: the SIM came from no stock file, so it has no keys to give.
    if (!record) throw new HlrCtrlError('hlr', 'sim_not_in_stock');
    return this.provision(record, { blocked: false });
  }

  /** Creates (or completes) the subscriber and sets its number, keys and access. */
  async provision(record: SubscriberRecord, access: { blocked: boolean }): Promise<ProvisionResult> {
    const { subscribers } = this;
    const { created } = await subscribers.createSubscriber(record.imsi);
    await subscribers.setMsisdn(record.imsi, record.msisdn);
    if (record.auth === 'milenage') await subscribers.setAud3g(record.imsi, record.k, record.opc);
    else await subscribers.setAud2g(record.imsi, record.ki);
    await Promise.all([subscribers.setPsEnabled(record.imsi, !access.blocked), subscribers.setCsEnabled(record.imsi, !access.blocked)]);
    return created ? 'created' : 'existed';
  }

  /** Whether the HLR knows the IMSI: false on its refusal, a thrown error when it cannot be asked. */
  async exists(imsi: string): Promise<boolean> {
    try {
      await this.subscribers.info(imsi);
      return true;
    } catch (error) {
      if (isHlrRefusal(error)) return false;
      throw error;
    }
  }
}
