import { SCOPE_COMPANIES_LIMIT, type ScopeCompaniesResult } from '@cab/contract/companies';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { resolveCompanyScope } from './scope.js';
import { findScopeCompanies } from './scope-repository.js';

/**
 * The companies the pickers offer (cards filter, bills, orders, deposit): what the principal may see,
 * matching the query. A registration in progress is not a customer yet and is never offered.
 */
export async function listScopeCompanies(db: Db, principal: Principal, query: string | undefined): Promise<ScopeCompaniesResult> {
  const scope = await resolveCompanyScope(db, principal, undefined, true);
  const items = await findScopeCompanies(db, scope, query, principal.companyId, SCOPE_COMPANIES_LIMIT);
  return { items: items.map((c) => ({ ...c, own: c.id === principal.companyId })) };
}
