import { SIM_PROFILES } from '@cab/contract/constants';
import type { SimDiagnosis } from '@cab/contract/sim-diagnostics';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { NetworkAdapter } from '../../../network/adapter.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { countryWarnings } from '../country-rules/index.js';
import { findSim } from '../list/index.js';
import { explainSim } from './checks.js';
import { readSimFacts } from './repository.js';

export interface DiagnosticsDeps {
  db: Db;
  network: NetworkAdapter;
  now?: () => Date;
}

/** The SIM page's answer to "why is this SIM not connecting?": every check, in order, for one visible SIM. */
export async function diagnoseSim(deps: DiagnosticsDeps, principal: Principal, id: number): Promise<SimDiagnosis> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const sim = await findSim(db, await resolveCompanyScope(db, principal, undefined, true), id);
  if (!sim) throw new AppError('not_found');
  const profile = SIM_PROFILES.find((p) => p === sim.profile) ?? 'BK';
  const [facts, state, warnings] = await Promise.all([
    readSimFacts(db, sim.company_id, id),
    deps.network
      .getState({ companyId: sim.company_id, simId: id, iccid: sim.iccid, msisdn: sim.msisdn, imsi: sim.imsi, profile })
      .catch(() => null),
    countryWarnings(db, principal, [id], now),
  ]);
  if (!facts) throw new AppError('not_found');
  const checks = explainSim(facts, state, warnings[0], now);
  return { id, checks, problems: checks.filter((check) => check.verdict === 'problem').length };
}
