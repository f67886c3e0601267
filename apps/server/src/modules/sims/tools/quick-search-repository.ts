import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { searchTextHolds } from '../list/index.js';

export interface QuickSearchRow {
  id: number;
  iccid: string;
  msisdn: string;
  name: string | null;
  external_id: string | null;
  imei: string | null;
  company_name: string;
}

function inScope(column: SQL, scope: number[] | null): SQL {
  if (scope === null) return sql`true`;
  if (scope.length === 0) return sql`false`;
  return scope.length === 1 ? sql`${column} = ${scope[0]}` : sql`${column} in ${scope}`;
}

/** Up to `take` SIMs of the scope whose search text holds `needle`, or whose IMEI starts with it; exact matches first. */
export async function searchSims(db: Executor, scope: number[] | null, needle: string, take: number): Promise<QuickSearchRow[]> {
  const byText = sql`(select s.id from sims s where ${inScope(sql`s.company_id`, scope)}
    and ${searchTextHolds(needle)} limit ${take})`;
  const byImei = /^\d+$/.test(needle)
    ? sql` union (select n.sim_id from sim_network_state n where n.imei like ${`${needle}%`}
        and ${inScope(sql`n.company_id`, scope)} limit ${take})`
    : sql``;
  return queryRows<QuickSearchRow>(db, sql`
    select s.id::int as id, s.iccid, s.msisdn, s.name, s.external_id, n.imei, c.name as company_name
    from sims s
    join companies c on c.id = s.company_id
    left join sim_network_state n on n.company_id = s.company_id and n.sim_id = s.id
    where s.id in (${byText}${byImei})
    order by (s.iccid = ${needle} or s.msisdn = ${needle} or n.imei = ${needle}) desc, s.iccid
    limit ${take}`);
}
