import type { CompanyLabelsResult, SimLabelsResult } from '@cab/contract/sim-labels';
import { SIM_LABELS_PER_COMPANY, SIM_LABELS_PER_SIM } from '@cab/contract/constants';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import * as repo from './repository.js';

/**
 * The company of the SIM as the principal may see it (its own company, children included; root: any),
 * or 404. Read here, not through sims/list: the list filters by labels, so it depends on this module.
 */
async function visibleSimCompany(db: Db, principal: Principal, simId: number): Promise<number> {
  const companyId = await repo.findVisibleSimCompany(db, await resolveCompanyScope(db, principal, undefined, true), simId);
  if (companyId === undefined) throw new AppError('not_found');
  return companyId;
}

const tooMany = () => new AppError('sim_labels_too_many', undefined, { max: SIM_LABELS_PER_SIM, company: SIM_LABELS_PER_COMPANY });

/**
 * Adds a label to a SIM of its own company. Again and again (ten parallel clicks) it is added once;
 * the SIM's and the company's bounds hold under parallel additions (row lock, company lock).
 */
export async function addSimLabel(db: Db, principal: Principal, simId: number, label: string): Promise<SimLabelsResult> {
  const companyId = await visibleSimCompany(db, principal, simId);
  const labels = await db.transaction(async (tx) => {
    if (!(await repo.lockSim(tx, companyId, simId))) throw new AppError('not_found');
    const current = await repo.findSimLabels(tx, companyId, simId);
    if (current.includes(label)) return current;
    if (current.length >= SIM_LABELS_PER_SIM) throw tooMany();
    if (!(await repo.labelInUse(tx, companyId, label))) {
      await repo.lockCompanyLabels(tx, companyId);
      const known = await repo.companyLabels(tx, companyId, SIM_LABELS_PER_COMPANY);
      if (!known.includes(label) && known.length >= SIM_LABELS_PER_COMPANY) throw tooMany();
    }
    await repo.insertSimLabel(tx, companyId, simId, label);
    return repo.findSimLabels(tx, companyId, simId);
  });
  return { id: simId, labels };
}

/** Removes a label from a SIM; a label it does not have changes nothing. */
export async function removeSimLabel(db: Db, principal: Principal, simId: number, label: string): Promise<SimLabelsResult> {
  const companyId = await visibleSimCompany(db, principal, simId);
  await repo.deleteSimLabel(db, companyId, simId, label);
  return { id: simId, labels: await repo.findSimLabels(db, companyId, simId) };
}

/** The labels in use in the principal's company (root: in the company asked for, or in all). */
export async function listLabels(db: Db, principal: Principal, company: number | undefined): Promise<CompanyLabelsResult> {
  const scope = await resolveCompanyScope(db, principal, company === undefined ? undefined : [company], false);
  return { items: await repo.scopeLabels(db, scope, SIM_LABELS_PER_COMPANY) };
}
