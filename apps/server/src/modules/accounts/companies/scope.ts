import { hasPermission, type Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import * as repo from './scope-repository.js';

/** Company ids a query may touch; `null` means every company (root without a company filter). */
export type CompanyScope = number[] | null;

/**
 * Which companies' data the principal may see: with 'companies.all' (root) any; with
 * 'companies.referred' (agents) the companies it referred; everyone else its own company, with its
 * child companies when asked. Asking for a company outside that answers 404 — it must not reveal
 * that the company exists. The one place where a company scope follows from the principal.
 */
export async function resolveCompanyScope(
  db: Db,
  principal: Principal,
  requested: number[] | undefined,
  includeChildren: boolean,
): Promise<CompanyScope> {
  if (hasPermission(principal, 'companies.all')) {
    if (!requested?.length) return null;
    const found = await repo.findExistingCompanies(db, requested);
    if (found.length !== new Set(requested).size) throw new AppError('not_found');
    return includeChildren ? expand(db, found) : found;
  }
  // The common case (own company, no filter) needs no lookup: a company is always in its own tree.
  const referred = hasPermission(principal, 'companies.referred');
  if (!referred && !requested?.length && !includeChildren) return [principal.companyId];
  const allowed = referred
    ? await repo.findAgentCompanies(db, principal.companyId)
    : await repo.findCompanyTree(db, principal.companyId);
  if (requested?.length) {
    if (requested.some((id) => !allowed.includes(id))) throw new AppError('not_found');
    return includeChildren ? (await expand(db, requested)).filter((id) => allowed.includes(id)) : requested;
  }
  if (referred || includeChildren) return allowed;
  return [principal.companyId];
}

async function expand(db: Db, ids: number[]): Promise<number[]> {
  const trees = await Promise.all(ids.map((id) => repo.findCompanyTree(db, id)));
  return [...new Set(trees.flat())];
}
