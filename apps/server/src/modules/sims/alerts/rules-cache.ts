import type { Executor } from '../../../db/client.js';
import { findRules, type RuleRow } from './repository.js';

/**
 * Each company's enabled rules, loaded once per batch for the companies in it and kept for a few
 * seconds: a network tick of thousands of records reads them once, not per SIM. A rule change in
 * this process drops its company at once; other processes (the worker evaluates, the API edits)
 * see it within RULES_TTL_MS.
 */
const RULES_TTL_MS = 5_000;
const cache = new Map<number, { rules: RuleRow[]; loadedAt: number }>();

export function invalidateCompanyRules(companyId: number): void {
  cache.delete(companyId);
}

/**
 * Forgets every company's rules. A process serves one database, so only a new database in the same
 * process needs it: each test app (test files share a worker's modules) starts with it.
 */
export function forgetAllCompanyRules(): void {
  cache.clear();
}

export async function companyRules(db: Executor, companyIds: number[], now = Date.now()): Promise<Map<number, RuleRow[]>> {
  const missing = companyIds.filter((id) => {
    const entry = cache.get(id);
    return !entry || now - entry.loadedAt > RULES_TTL_MS;
  });
  if (missing.length > 0) {
    const loaded = await findRules(db, missing, { enabledOnly: true });
    for (const id of missing) cache.set(id, { rules: [], loadedAt: now });
    for (const rule of loaded) cache.get(rule.company_id)?.rules.push(rule);
  }
  return new Map(companyIds.map((id) => [id, cache.get(id)?.rules ?? []]));
}
