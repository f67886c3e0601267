import {
  COUNTRY_RULE_PROFILE,
  countryOfCell,
  countryRuleAgainst,
  type CountryRule,
  type CountryRuleCreateRequest,
  type CountryWarning,
} from '@cab/contract/sim-rules';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import * as repo from './repository.js';

const toRule = (row: repo.CountryRuleRow): CountryRule => ({
  id: row.id,
  country: row.country,
  from: row.from,
  added: Math.floor(row.createdAt.getTime() / 1000),
});

export async function listRules(db: Db): Promise<CountryRule[]> {
  return (await repo.listCountryRules(db)).map(toRule);
}

export async function createRule(db: Db, principal: Principal, input: CountryRuleCreateRequest): Promise<CountryRule[]> {
  await db.transaction(async (tx) => {
    const id = await repo.insertCountryRule(tx, input.country, input.from);
    if (id === null) throw new AppError('country_rule_exists', { country: 'invalid' });
    await insertAudit(tx, { ...auditActor(principal), action: 'country_rule_create', details: { id, country: input.country, from: input.from } });
  });
  return listRules(db);
}

export async function deleteRule(db: Db, principal: Principal, id: number): Promise<CountryRule[]> {
  await db.transaction(async (tx) => {
    const removed = await repo.deleteCountryRule(tx, id);
    if (!removed) throw new AppError('not_found');
    await insertAudit(tx, { ...auditActor(principal), action: 'country_rule_delete', details: { id, ...removed } });
  });
  return listRules(db);
}

/** TC SIMs among `ids` last seen in a country whose rule is in force: the SIM page and list warn of them. */
export async function countryWarnings(db: Db, principal: Principal, ids: number[], now = new Date()): Promise<CountryWarning[]> {
  const scope = await resolveCompanyScope(db, principal, undefined, true);
  const [rules, seen] = await Promise.all([repo.listCountryRules(db), repo.findSeenSims(db, scope, ids, COUNTRY_RULE_PROFILE)]);
  return seen.flatMap((sim) => {
    const country = countryOfCell(sim.cell);
    const rule = countryRuleAgainst(rules, sim.profile, country?.code, now);
    if (!rule) return [];
    return [{ id: sim.id, country: rule.country, from: rule.from, seen: sim.lastSeenAt ? Math.floor(sim.lastSeenAt.getTime() / 1000) : null }];
  });
}
