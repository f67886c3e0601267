import { hasPermission, type Principal } from '../../../../auth/principal.js';
import type { Db } from '../../../../db/client.js';
import { AppError } from '../../../../http/errors.js';
import { findCompanyTree } from '../scope-repository.js';

/**
 * Which company a company-page call is about: the caller's own when no id is given. Root may open
 * any company; everyone else their own and its child companies. Another company answers 404, so
 * the answer does not tell whether it exists.
 */
export async function resolveCompanyId(db: Db, principal: Principal, requested: number | undefined): Promise<number> {
  const id = requested ?? principal.companyId;
  if (hasPermission(principal, 'companies.all')) return id;
  if (id === principal.companyId) return id;
  const tree = await findCompanyTree(db, principal.companyId);
  if (!tree.includes(id)) throw new AppError('not_found');
  return id;
}
