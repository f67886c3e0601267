import { ALL_COMPANIES_SIMS_TAG, requestCachesOf } from '../../../auth/request-caches.js';
import type { Db } from '../../../db/client.js';
import type { SimCriteria } from './list-query.js';
import { countSimsCapped, type SimCount } from './repository.js';

/** A scope of more companies is counted each time: the entry would carry a tag per company. */
const REMEMBERED_SCOPE_MAX = 100;

export interface RememberedCount {
  count: SimCount;
  /**
   * Asked once the request's own read (its page) is back: false when a change of the counted SIMs
   * arrived meanwhile, and the count must be taken again (request-caches.ts, simCount).
   */
  stillCurrent: () => boolean;
}

/**
 * The capped count of the cards filter, kept by this process until a SIM of its companies changes
 * (migration 0040 announces it): paging through a search, and the refetches a SIM event causes,
 * then cost the page alone. A search common in a big company otherwise counts 30,000 index entries
 * on each call. Filters by group, label or CSV depend on other tables and are counted every time.
 */
export async function countSimsRemembered(
  db: Db,
  criteria: SimCriteria,
  /** How to count when nothing is remembered (the list may take its page in the same read). */
  count: () => Promise<SimCount> = () => countSimsCapped(db, criteria),
): Promise<RememberedCount> {
  const caches = requestCachesOf(db);
  const remembered = rememberedAs(criteria);
  if (!caches || !remembered) return { count: await count(), stillCurrent: () => true };
  const { value, stillCurrent } = await caches.simCount(remembered.key, remembered.tags, count);
  return { count: value, stillCurrent };
}

/** The entry's key (everything the count depends on) and tags, or null when it is not kept. */
function rememberedAs({ scope, filter, csv }: SimCriteria): { key: string; tags: string[] } | null {
  if (csv || filter.group !== undefined || filter.label !== undefined) return null;
  // The blocking-state filters alone are summed from the counts the database keeps: cheap already.
  if (!filter.query?.trim() && !filter.profile && !filter.empty_name) return null;
  if (scope && scope.length > REMEMBERED_SCOPE_MAX) return null;
  const companies = scope ? [...scope].sort((a, b) => a - b) : null;
  const key = JSON.stringify([
    companies,
    filter.query?.trim().toLowerCase() ?? '',
    filter.profile ?? null,
    filter.blocked ?? null,
    filter.msu_block ?? null,
    filter.empty_name ?? null,
  ]);
  return { key, tags: companies ? companies.map((id) => `sims:${id}`) : [ALL_COMPANIES_SIMS_TAG] };
}
