import { SIM_COUNT_CAP } from '@cab/contract/sims';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';

export type SimListRow = {
  id: number;
  iccid: string;
  msisdn: string;
  name: string | null;
  profile: string;
  block_type: string;
  company_id: number;
  company_name: string;
  msu_cents: number | null;
  package: string | null;
  limit_mb: number | null;
  balance_cents: number | null;
  external_id: string | null;
  added: number;
};

export async function listSims(db: Executor, where: SQL, orderBy: SQL, limit: number, offset: number): Promise<SimListRow[]> {
  return queryRows<SimListRow>(db, sql`
    select s.id::int as id, s.iccid, s.msisdn, s.name, s.profile, s.block_type, s.company_id::int as company_id,
           c.name as company_name, s.msu_cents, s.package, s.limit_mb, s.balance_cents, s.external_id,
           extract(epoch from s.created_at)::int as added
    from sims s join companies c on c.id = s.company_id
    where ${where}
    order by ${orderBy}
    limit ${limit} offset ${offset}`);
}

/** Counts matches up to the cap plus one, so a count never costs more than reading the cap. */
export async function countSimsCapped(db: Executor, where: SQL): Promise<{ total: number; exact: boolean }> {
  const rows = await queryRows<{ n: number }>(db, sql`
    select count(*)::int as n from (select 1 from sims s where ${where} limit ${SIM_COUNT_CAP + 1}) t`);
  const n = Number(rows[0]?.n ?? 0);
  return n > SIM_COUNT_CAP ? { total: SIM_COUNT_CAP, exact: false } : { total: n, exact: true };
}
