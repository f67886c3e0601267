import {
  GLOBAL_UNBLOCK_TYPES,
  type GlobalUnblockFilter,
  type GlobalUnblockPreview,
  type GlobalUnblockRunResult,
  type GlobalUnblockType,
} from '@cab/contract/sim-rules';
import { BLOCKED_FILTER } from '@cab/contract/constants';
import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { parseCsvFilter, simWhere } from '../../sims/list/index.js';
import { type QueueDeps, startQueueItem } from '../queue/index.js';
import { countByBlockType, countCompanies } from './repository.js';

interface Selection {
  /** Blocked SIMs matching the filter, whatever their block type. */
  matching: SQL;
  /** Those the run lifts: the chosen block types (every one but financial by default). */
  liftable: SQL;
  summary: Record<string, unknown>;
}

function isEmpty(filter: GlobalUnblockFilter): boolean {
  return (
    !filter.query?.trim() &&
    filter.csv === undefined &&
    !filter.company?.length &&
    !filter.profile &&
    !filter.block_types?.length
  );
}

/**
 * Root's filter over every company's SIMs. An empty one is refused: "all SIMs of all companies"
 * must never be what a forgotten field means.
 */
async function selectionOf(db: Db, principal: Principal, filter: GlobalUnblockFilter): Promise<Selection> {
  if (isEmpty(filter)) throw new AppError('global_unblock_empty_filter', { filter: 'globalUnblockFilter' });
  const scope = await resolveCompanyScope(db, principal, filter.company, false);
  const csv = filter.csv !== undefined ? parseCsvFilter(filter.csv) : null;
  const matching = sql`${simWhere({ scope, filter: { query: filter.query, profile: filter.profile, blocked: BLOCKED_FILTER.blocked }, csv })}`;
  const types: GlobalUnblockType[] = filter.block_types?.length ? [...new Set(filter.block_types)] : [...GLOBAL_UNBLOCK_TYPES];
  return {
    matching,
    liftable: sql`${matching} and s.block_type in ${types}`,
    summary: {
      query: filter.query ?? null,
      company: filter.company ?? null,
      profile: filter.profile ?? null,
      block_types: types,
      csv_identifiers: csv ? csv.iccids.length + csv.numbers.length : null,
    },
  };
}

/** The dry run: how many SIMs of how many companies the run would unblock, by block type. */
export async function previewGlobalUnblock(db: Db, principal: Principal, filter: GlobalUnblockFilter): Promise<GlobalUnblockPreview> {
  const selection = await selectionOf(db, principal, filter);
  const [byType, companies] = await Promise.all([countByBlockType(db, selection.matching), countCompanies(db, selection.liftable)]);
  const chosen = (selection.summary.block_types as GlobalUnblockType[]) ?? GLOBAL_UNBLOCK_TYPES;
  const by_type = Object.fromEntries(GLOBAL_UNBLOCK_TYPES.map((t) => [t, 0])) as Record<GlobalUnblockType, number>;
  let financial = 0;
  for (const row of byType) {
    if (row.block_type === 'financial') financial = Number(row.n);
    const type = chosen.find((t) => t === row.block_type);
    if (type) by_type[type] = Number(row.n);
  }
  const total = Object.values(by_type).reduce((sum, n) => sum + n, 0);
  return { total, by_type, companies, financial };
}

/**
 * Runs queue_global_unblock over the selection as one queue item of root's, across companies, with
 * the live queue. Refused when the selection no longer has the dry run's size.
 */
export async function runGlobalUnblock(deps: QueueDeps, principal: Principal, filter: GlobalUnblockFilter, expected: number): Promise<GlobalUnblockRunResult> {
  const selection = await selectionOf(deps.db, principal, filter);
  const result = await startQueueItem(deps, principal, {
    reason: 'queue_global_unblock',
    params: {},
    where: selection.liftable,
    check: (actual) => {
      if (actual !== expected) throw new AppError('global_unblock_changed', undefined, { expected, actual });
    },
    audit: { action: 'global_unblock', details: { ...selection.summary, count: expected } },
  });
  return { qid: result.qid, count: result.count };
}
