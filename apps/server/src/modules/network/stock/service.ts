import {
  STOCK_AUTH_KINDS,
  STOCK_PROBLEMS_LISTED,
  type StockImportRequest,
  type StockImportResult,
  type StockLevels,
  type StockProblem,
} from '@cab/contract/sim-stock';
import type { Principal } from '../../../auth/principal.js';
import type { Sealer } from '../../../auth/sealing.js';
import type { Db, Executor } from '../../../db/client.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import * as repo from './repository.js';
import { parseStockFile, type StockCard } from './vendor-file.js';

export interface StockDeps {
  db: Db;
  sealer: Sealer;
}

/** Cards sealed and inserted per statement: bounded arrays, each statement well under a second. */
const INSERT_CHUNK = 10_000;
const IDENTITY_FIELDS = ['iccid', 'imsi', 'msisdn'] as const;
const FIELD_ORDER = ['iccid', 'imsi', 'msisdn', 'ki', 'k', 'opc'];

/** Keeps out the cards whose ICCID, IMSI or MSISDN a stock card or a SIM already has, each with its reason. */
async function withoutTaken(db: Executor, cards: StockCard[], problems: StockProblem[]): Promise<StockCard[]> {
  const refused = new Set<number>();
  for (const field of IDENTITY_FIELDS) {
    const taken = await repo.findTakenValues(db, field, cards.map((card) => card[field]));
    for (const card of cards) {
      const value = card[field];
      if (!taken.inStock.has(value) && !taken.onSim.has(value)) continue;
      // A card already made a SIM is both: the SIM is what root will recognise.
      problems.push({ row: card.row, field, reason: taken.onSim.has(value) ? 'on_sim' : 'in_stock' });
      refused.add(card.row);
    }
  }
  return cards.filter((card) => !refused.has(card.row));
}

function sealKeys(sealer: Sealer, card: StockCard): string {
  return sealer.seal(JSON.stringify(card.keys));
}

/**
 * Checks a vendor file row by row; `import_valid` then adds its valid rows to stock in one
 * transaction. Cards a concurrent import added meanwhile are skipped by the unique indexes.
 */
export async function importStock(deps: StockDeps, principal: Principal, request: StockImportRequest): Promise<StockImportResult> {
  const parsed = parseStockFile(request.file);
  const problems = [...parsed.problems];
  const cards = await withoutTaken(deps.db, parsed.cards, problems);
  let imported = 0;
  if (request.mode === 'import_valid' && cards.length > 0) {
    imported = await deps.db.transaction(async (tx) => {
      let added = 0;
      for (let start = 0; start < cards.length; start += INSERT_CHUNK) {
        const chunk = cards.slice(start, start + INSERT_CHUNK).map((card) => ({ ...card, keysSealed: sealKeys(deps.sealer, card) }));
        added += await repo.insertStockCards(tx, chunk);
      }
      await insertAudit(tx, { ...auditActor(principal), action: 'sim_stock_import', details: { rows: parsed.rows, valid: cards.length, imported: added } });
      return added;
    });
  }
  problems.sort((a, b) => a.row - b.row || FIELD_ORDER.indexOf(a.field ?? '') - FIELD_ORDER.indexOf(b.field ?? ''));
  return {
    mode: request.mode,
    rows: parsed.rows,
    valid: cards.length,
    invalid: parsed.rows - cards.length,
    problems: problems.slice(0, STOCK_PROBLEMS_LISTED),
    problems_total: problems.length,
    imported,
    already_imported: request.mode === 'import_valid' ? cards.length - imported : 0,
  };
}

export async function getStockLevels(db: Db): Promise<StockLevels> {
  const rows = await repo.readStockLevels(db);
  const byAuth = STOCK_AUTH_KINDS.map((auth) => {
    const row = rows.find((r) => r.auth === auth);
    return { auth, free: row?.free ?? 0, allocated: row?.allocated ?? 0 };
  });
  const free = byAuth.reduce((sum, level) => sum + level.free, 0);
  const allocated = byAuth.reduce((sum, level) => sum + level.allocated, 0);
  const imports = rows.map((row) => row.last_import).filter((at): at is number => at !== null);
  return { free, allocated, total: free + allocated, by_auth: byAuth, last_import: imports.length > 0 ? Math.max(...imports) : null };
}

/** What completing an order found: its SIMs issued, or too few free cards (how many there are). */
export type StockAllocation = { issued: true; simIds: number[] } | { issued: false; free: number };

/**
 * Issues `count` SIMs to the company from the oldest free cards, in the caller's transaction. Cards
 * another completion holds are skipped, so two orders never take the same card; when fewer than
 * `count` are left, nothing is issued.
 */
export async function issueSimsFromStock(tx: Executor, sim: { companyId: number; profile: string }, count: number): Promise<StockAllocation> {
  const cardIds = await repo.lockFreeCards(tx, count);
  if (cardIds.length < count) return { issued: false, free: await repo.countFreeCards(tx) };
  return { issued: true, simIds: await repo.issueCards(tx, cardIds, sim) };
}
