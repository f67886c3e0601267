import { sims } from '../../../db/schema-sims.js';
import type { Executor } from '../../../db/client.js';
import { luhnDigit } from '../../../formats/luhn.js';

const INSERT_CHUNK = 1000;
/** Profile of ordered SIMs: basic M2M SIMs (block, unblock, ping, SMS, reconnect). */
export const ORDERED_SIM_PROFILE = 'MS';

/**
 * 19-digit ICCID: 89 (telecom) 7 (country) 02 (issuer of ordered SIMs), the order id in 7 digits and the
 * SIM's place in the order in 6, then the Luhn digit. Derived from the order, so the numbers of two
 * orders never meet and a retry would hit the unique index instead of issuing a SIM twice.
 */
export function orderedIccid(orderId: number, index: number): string {
  const body = `89702${String(orderId).padStart(7, '0')}${String(index).padStart(6, '0')}`;
  return body + String(luhnDigit(body));
}

/** 15-digit MSISDN in the international M2M range 883, built the same way. */
export function orderedMsisdn(orderId: number, index: number): string {
  return `883${String(orderId).padStart(7, '0')}${String(index).padStart(5, '0')}`;
}

/** Adds the order's SIMs to the company; runs in the transaction that completes the order. */
export async function allocateOrderedSims(tx: Executor, companyId: number, orderId: number, count: number): Promise<void> {
  for (let start = 0; start < count; start += INSERT_CHUNK) {
    const rows = Array.from({ length: Math.min(INSERT_CHUNK, count - start) }, (_, k) => ({
      companyId,
      iccid: orderedIccid(orderId, start + k),
      msisdn: orderedMsisdn(orderId, start + k),
      profile: ORDERED_SIM_PROFILE,
    }));
    await tx.insert(sims).values(rows);
  }
}
