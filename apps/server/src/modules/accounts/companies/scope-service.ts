import { SCOPE_COMPANIES_LIMIT, type ScopeCompaniesResult } from '@cab/contract/companies';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.js';
import { queryRows, type Db } from '../../../db/client.js';
import { resolveCompanyScope } from './scope.js';

/**
 * The companies the pickers offer (cards filter, bills, orders, deposit): what the principal may see,
 * matching the query. A registration in progress is not a customer yet and is never offered.
 */
export async function listScopeCompanies(db: Db, principal: Principal, query: string | undefined): Promise<ScopeCompaniesResult> {
  const scope = await resolveCompanyScope(db, principal, undefined, true);
  const inScope = scope ? sql`and id in ${scope.length ? scope : [0]}` : sql``;
  const byName = query ? sql`and lower(name) like ${`%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  const items = await queryRows<{ id: number; name: string; parent_id: number | null }>(db, sql`
    select id::int as id, name, parent_id::int as parent_id from companies
    where deleted_at is null and registration_complete ${inScope} ${byName}
    order by (id = ${principal.companyId}) desc, name, id
    limit ${SCOPE_COMPANIES_LIMIT}`);
  return { items: items.map((c) => ({ ...c, own: c.id === principal.companyId })) };
}
