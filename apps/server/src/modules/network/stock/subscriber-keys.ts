import type { Sealer } from '../../../auth/sealing.js';
import type { Executor } from '../../../db/client.js';
import { findSubscriberCards } from './repository.js';

export type SubscriberKeys =
  | { simId: number; iccid: string; imsi: string; msisdn: string; auth: 'milenage'; k: string; opc: string }
  | { simId: number; iccid: string; imsi: string; msisdn: string; auth: 'comp128'; ki: string };

interface OpenedKeys {
  ki?: unknown;
  k?: unknown;
  opc?: unknown;
}

/**
 * The HLR provisioning data of these SIMs (those that came from stock), keys opened. The keys go to
 * the HLR and nowhere else: callers never log or answer them.
 */
export async function readSubscriberKeys(db: Executor, sealer: Sealer, simIds: number[]): Promise<SubscriberKeys[]> {
  const rows = await findSubscriberCards(db, simIds);
  return rows.map((row) => {
    const identity = { simId: Number(row.sim_id), iccid: row.iccid, imsi: row.imsi, msisdn: row.msisdn };
    const keys = JSON.parse(sealer.open(row.keys_sealed)) as OpenedKeys;
    if (row.auth === 'comp128' && typeof keys.ki === 'string') return { ...identity, auth: 'comp128', ki: keys.ki };
    if (row.auth === 'milenage' && typeof keys.k === 'string' && typeof keys.opc === 'string') {
      return { ...identity, auth: 'milenage', k: keys.k, opc: keys.opc };
    }
    // Says which card, never what its sealed value held.
    throw new Error(`sim_stock keys of SIM ${identity.simId} do not match its auth kind ${row.auth}`);
  });
}
