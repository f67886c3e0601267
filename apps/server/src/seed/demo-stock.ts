import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Sealer } from '../auth/sealing.js';
import type { Tx } from '../db/client.js';
import { simStock } from '../db/schema-network.js';
import { makeIccid } from './iccid.js';

/**
 * Free cards in the demo's SIM stock: enough for the orders a demo (and each browser-test app) completes,
 * few enough to seed in a moment.
 */
export const DEMO_FREE_STOCK = 1000;
const INSERT_CHUNK = 1000;
const DAY = 86_400_000;
/** The test network's MCC 001 and MNC 01, then a 10-digit subscriber number. */
const IMSI_PREFIX = '00101';
/** Serials of free cards start here, past the demo SIMs' (makeIccid(100_000 + n)). */
const FREE_SERIAL = 1_000_000;

/** The n-th demo SIM's IMSI; free stock cards continue the same range. */
export function demoImsi(n: number): string {
  return IMSI_PREFIX + String(n).padStart(10, '0');
}

interface DemoCard {
  iccid: string;
  imsi: string;
  msisdn: string;
}

/** One COMP128 card in four, the rest MILENAGE, each with random keys, sealed as the import seals them. */
function stockRow(sealer: Sealer, card: DemoCard, index: number, importedAt: Date) {
  const hex = () => randomBytes(16).toString('hex').toUpperCase();
  const comp128 = index % 4 === 3;
  const keys = comp128 ? { ki: hex() } : { k: hex(), opc: hex() };
  return { ...card, auth: comp128 ? 'comp128' : 'milenage', keysSealed: sealer.seal(JSON.stringify(keys)), createdAt: importedAt };
}

async function insertCards(tx: Tx, rows: ReturnType<typeof stockRow>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) await tx.insert(simStock).values(rows.slice(start, start + INSERT_CHUNK));
}

/**
 * The demo's SIM stock: a card for every demo SIM (allocated to it, so an HLR can be provisioned
 * with the demo's SIMs) and DEMO_FREE_STOCK free cards for new orders.
 */
export async function seedDemoStock(tx: Tx, sealer: Sealer, demoSims: readonly DemoCard[], now = Date.now()): Promise<void> {
  const delivered = new Date(now - 60 * DAY);
  await insertCards(tx, demoSims.map((card, index) => stockRow(sealer, card, index, delivered)));
  await tx.execute(sql`
    update sim_stock t set sim_id = s.id, allocated_at = s.created_at
    from sims s where s.iccid = t.iccid and t.sim_id is null`);
  const arrived = new Date(now - 2 * DAY);
  const free = Array.from({ length: DEMO_FREE_STOCK }, (_, n) => ({
    iccid: makeIccid(FREE_SERIAL + n),
    imsi: demoImsi(FREE_SERIAL + n),
    msisdn: `7958${String(2_000_000 + n).padStart(7, '0')}`,
  }));
  await insertCards(tx, free.map((card, index) => stockRow(sealer, card, index, arrived)));
}
