import type { ReportGroupsResult } from '@cab/contract/reports';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { listCompanyGroups } from '../groups/index.js';

/**
 * The groups of one company the caller may report on (its own, a child, a referred one, or any for
 * root), for the Group filter beside the Company filter; another company answers 404.
 */
export async function listReportGroups(db: Db, principal: Principal, company: number): Promise<ReportGroupsResult> {
  await resolveCompanyScope(db, principal, [company], false);
  const groups = await listCompanyGroups(db, company);
  return { items: groups.map(({ id, name }) => ({ id, name })) };
}
