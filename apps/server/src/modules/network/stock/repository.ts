import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

/*
 * The SQL of sim_stock. Long lists travel as one array parameter each (a PostgreSQL array literal),
 * so a 100,000-row file is a handful of statements, not a statement per card or 600,000 parameters.
 */

/** An array literal of values that hold no quote or backslash (digits, hex, base64url, words). */
const textArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v}"`).join(',')}}`}::text[]`;
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

export interface TakenValues {
  inStock: Set<string>;
  onSim: Set<string>;
}

/** Which of these ICCIDs (or IMSIs, MSISDNs) a stock card or a SIM already has. */
export async function findTakenValues(db: Executor, column: 'iccid' | 'imsi' | 'msisdn', values: readonly string[]): Promise<TakenValues> {
  if (values.length === 0) return { inStock: new Set(), onSim: new Set() };
  const name = sql.identifier(column);
  const rows = await queryRows<{ value: string; source: 'stock' | 'sim' }>(db, sql`
    select v.value, 'stock' as source from unnest(${textArray(values)}) as v(value) join sim_stock t on t.${name} = v.value
    union all
    select v.value, 'sim' as source from unnest(${textArray(values)}) as v(value) join sims s on s.${name} = v.value`);
  const taken: TakenValues = { inStock: new Set(), onSim: new Set() };
  for (const row of rows) (row.source === 'stock' ? taken.inStock : taken.onSim).add(row.value);
  return taken;
}

export interface NewStockCard {
  iccid: string;
  imsi: string;
  msisdn: string;
  auth: string;
  keysSealed: string;
}

/**
 * Adds cards; one already there (by ICCID, IMSI or MSISDN, each a unique index) is skipped, so a
 * repeated or concurrent import of the same file adds nothing new. Answers how many it added.
 */
export async function insertStockCards(tx: Executor, cards: readonly NewStockCard[]): Promise<number> {
  if (cards.length === 0) return 0;
  const [row] = await queryRows<{ n: number }>(tx, sql`
    with added as (
      insert into sim_stock (iccid, imsi, msisdn, auth, keys_sealed)
      select * from unnest(${textArray(cards.map((c) => c.iccid))}, ${textArray(cards.map((c) => c.imsi))},
                           ${textArray(cards.map((c) => c.msisdn))}, ${textArray(cards.map((c) => c.auth))},
                           ${textArray(cards.map((c) => c.keysSealed))})
      on conflict do nothing
      returning 1)
    select count(*)::int as n from added`);
  return row?.n ?? 0;
}

export interface StockLevelRow {
  auth: string;
  free: number;
  allocated: number;
  last_import: number | null;
}

export async function readStockLevels(db: Executor): Promise<StockLevelRow[]> {
  return queryRows<StockLevelRow>(db, sql`
    select auth, count(*) filter (where sim_id is null)::int as free, count(*) filter (where sim_id is not null)::int as allocated,
           extract(epoch from max(created_at))::int as last_import
    from sim_stock group by auth order by auth`);
}

/** The oldest free cards, locked for this transaction; cards another transaction holds are passed over. */
export async function lockFreeCards(tx: Executor, count: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(tx, sql`
    select id::float8 as id from sim_stock where sim_id is null order by id limit ${count} for update skip locked`);
  return rows.map((row) => Number(row.id));
}

export async function countFreeCards(db: Executor): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sim_stock where sim_id is null`);
  return row?.n ?? 0;
}

/** Makes the cards the company's SIMs (ICCID, MSISDN, IMSI of the card), marks them allocated; the new SIMs' ids. */
export async function issueCards(tx: Executor, cardIds: readonly number[], sim: { companyId: number; profile: string }): Promise<number[]> {
  await tx.execute(sql`
    insert into sims (company_id, iccid, msisdn, imsi, profile)
    select ${sim.companyId}, iccid, msisdn, imsi, ${sim.profile} from sim_stock where id = any(${idArray(cardIds)}) order by id`);
  const rows = await queryRows<{ sim_id: number | string }>(
    tx,
    sql`update sim_stock t set sim_id = s.id, allocated_at = now()
        from sims s where t.id = any(${idArray(cardIds)}) and s.iccid = t.iccid
        returning s.id as sim_id`,
  );
  return rows.map((row) => Number(row.sim_id));
}

export interface SubscriberKeysRow {
  sim_id: number;
  iccid: string;
  imsi: string;
  msisdn: string;
  auth: string;
  keys_sealed: string;
}

/** The stock cards these SIMs were made from, with their sealed keys. */
export async function findSubscriberCards(db: Executor, simIds: readonly number[]): Promise<SubscriberKeysRow[]> {
  if (simIds.length === 0) return [];
  return queryRows<SubscriberKeysRow>(db, sql`
    select s.id::float8 as sim_id, s.iccid, t.imsi, s.msisdn, t.auth, t.keys_sealed
    from sim_stock t join sims s on s.id = t.sim_id
    where t.sim_id = any(${idArray(simIds)}) order by s.id`);
}
