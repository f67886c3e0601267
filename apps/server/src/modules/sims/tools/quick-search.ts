import { QUICK_SEARCH_LIMIT, type QuickSearchResult } from '@cab/contract/sim-tools';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { searchSims } from './quick-search-repository.js';

/**
 * The header's quick search: a substring of ICCID, number, name or external id (the list's trigram
 * index over search_text), or the start of an IMEI (sim_network_state_imei_idx), within every company
 * the caller may see. Exact ICCID/number/IMEI matches come first; at most QUICK_SEARCH_LIMIT SIMs.
 */
export async function quickSearch(db: Db, principal: Principal, q: string): Promise<QuickSearchResult> {
  const scope = await resolveCompanyScope(db, principal, undefined, true);
  const needle = q.trim().toLowerCase();
  const take = QUICK_SEARCH_LIMIT + 1;
  const rows = await searchSims(db, scope, needle, take);
  return { items: rows.slice(0, QUICK_SEARCH_LIMIT), more: rows.length > QUICK_SEARCH_LIMIT };
}
