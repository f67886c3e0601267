import { QUICK_SEARCH_LIMIT, type QuickSearchResult } from '@cab/contract/sim-tools';
import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.js';
import { queryRows, type Db } from '../../../db/client.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function inScope(column: SQL, scope: number[] | null): SQL {
  if (scope === null) return sql`true`;
  if (scope.length === 0) return sql`false`;
  return scope.length === 1 ? sql`${column} = ${scope[0]}` : sql`${column} in ${scope}`;
}

/**
 * The header's quick search: a substring of ICCID, number, name or external id (the list's trigram
 * index over search_text), or the start of an IMEI (sim_network_state_imei_idx), within every company
 * the caller may see. Exact ICCID/number/IMEI matches come first; at most QUICK_SEARCH_LIMIT SIMs.
 */
export async function quickSearch(db: Db, principal: Principal, q: string): Promise<QuickSearchResult> {
  const scope = await resolveCompanyScope(db, principal, undefined, true);
  const needle = q.trim().toLowerCase();
  const take = QUICK_SEARCH_LIMIT + 1;
  const byText = sql`(select s.id from sims s where ${inScope(sql`s.company_id`, scope)}
    and s.search_text like ${`%${likeEscape(needle)}%`} limit ${take})`;
  const byImei = /^\d+$/.test(needle)
    ? sql` union (select n.sim_id from sim_network_state n where n.imei like ${`${needle}%`}
        and ${inScope(sql`n.company_id`, scope)} limit ${take})`
    : sql``;
  const rows = await queryRows<{
    id: number;
    iccid: string;
    msisdn: string;
    name: string | null;
    external_id: string | null;
    imei: string | null;
    company_name: string;
  }>(db, sql`
    select s.id::int as id, s.iccid, s.msisdn, s.name, s.external_id, n.imei, c.name as company_name
    from sims s
    join companies c on c.id = s.company_id
    left join sim_network_state n on n.company_id = s.company_id and n.sim_id = s.id
    where s.id in (${byText}${byImei})
    order by (s.iccid = ${needle} or s.msisdn = ${needle} or n.imei = ${needle}) desc, s.iccid
    limit ${take}`);
  return { items: rows.slice(0, QUICK_SEARCH_LIMIT), more: rows.length > QUICK_SEARCH_LIMIT };
}
