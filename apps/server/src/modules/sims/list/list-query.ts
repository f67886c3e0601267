import { BLOCKED_FILTER, type SimSortColumn } from '@cab/contract/constants';
import type { SimListFilter } from '@cab/contract/sims';
import { sql, type SQL } from 'drizzle-orm';
import type { CompanyScope } from '../../accounts/companies/index.js';
import { hasLabel } from '../labels/index.js';
import type { CsvIdentifiers } from './csv-filter.js';
import { searchTextHolds } from './search-term.js';

export interface SimCriteria {
  scope: CompanyScope;
  filter: Omit<SimListFilter, 'csv' | 'company'>;
  csv: CsvIdentifiers | null;
}

/**
 * The WHERE clause of the cards filter over `sims s`; also selects the SIMs of bulk operations.
 * Each condition is written so an index of migration 0009 answers it (see the comments below).
 */
export function simWhere({ scope, filter, csv }: SimCriteria): SQL {
  const parts: SQL[] = [];
  if (scope?.length) parts.push(scope.length === 1 ? sql`s.company_id = ${scope[0]}` : sql`s.company_id in ${scope}`);
  if (scope?.length === 0) parts.push(sql`false`);
  const query = filter.query?.trim().toLowerCase();
  if (query) parts.push(searchTextHolds(query));
  if (filter.profile) parts.push(sql`s.profile = ${filter.profile}`);
  if (filter.blocked === BLOCKED_FILTER.blocked) parts.push(sql`s.is_blocked`);
  if (filter.blocked === BLOCKED_FILTER.notBlocked) parts.push(sql`not s.is_blocked`);
  // MSU implies blocked; saying so lets sims_company_state_idx serve MSU with a profile too.
  if (filter.blocked === BLOCKED_FILTER.msu || filter.msu_block) parts.push(sql`s.is_blocked and s.block_type = 'msu'`);
  // Written exactly as the predicate of the partial index sims_company_unnamed_idx.
  if (filter.empty_name) parts.push(sql`(s.name is null or s.name = '')`);
  if (filter.group) parts.push(groupMember(filter.group));
  // A probe of sim_labels' key per SIM, or a range of it the planner drives from (migration 0030).
  if (filter.label) parts.push(hasLabel(filter.label));
  if (csv) {
    const byIccid = csv.iccids.length ? sql`s.iccid = any(${toTextArray(csv.iccids)})` : sql`false`;
    const byNumber = csv.numbers.length ? sql`s.msisdn = any(${toTextArray(csv.numbers)})` : sql`false`;
    parts.push(sql`(${byIccid} or ${byNumber})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * Membership as a semi-join, for callers that select SIMs by the filter (bulk operations). The
 * cards list reads a group from its members instead (repository, groupSims).
 */
export function groupMember(groupId: number): SQL {
  return sql`exists (select 1 from sim_group_members m where m.group_id = ${groupId} and m.sim_id = s.id)`;
}

/** Passes a list as one array parameter, so 100,000 identifiers stay one bind value. */
function toTextArray(values: string[]): SQL {
  return sql`${`{${values.join(',')}}`}::text[]`;
}

const SORT_EXPRESSIONS: Record<Exclude<SimSortColumn, 'company'>, SQL> = {
  iccid: sql`s.iccid`,
  msisdn: sql`s.msisdn`,
  name: sql`s.name`,
  profile: sql`s.profile`,
  block_type: sql`s.block_type`,
  added: sql`s.created_at`,
};

export interface SimSort {
  column: SimSortColumn;
  direction: SQL;
}

/** The first sort entry wins; ICCID ascending by default. */
export function simSort(sort: Partial<Record<SimSortColumn, 'asc' | 'desc'>> | undefined): SimSort {
  const entries = Object.entries(sort ?? {}) as Array<[SimSortColumn, 'asc' | 'desc']>;
  const [column, direction] = entries[0] ?? ['iccid', 'asc'];
  return { column, direction: direction === 'desc' ? sql`desc` : sql`asc` };
}

/** The value a SIM sorts by; sorting by company uses the name of `companies c` joined to `s`. */
export function simSortValue(column: SimSortColumn): SQL {
  return column === 'company' ? sql`c.name` : SORT_EXPRESSIONS[column];
}

/**
 * ORDER BY over `sims s` for a column of the SIM itself. The id tie-breaker follows the direction,
 * so one (backward) index scan serves the sort. Sorting by company is done by the repository.
 */
export function simOrderBy({ column, direction }: SimSort): SQL {
  const expression = column === 'company' ? sql`s.company_id` : SORT_EXPRESSIONS[column];
  // SIMs without a name come last both ways (only the name can be empty).
  const nulls = column === 'name' ? sql` nulls last` : sql``;
  return sql`${expression} ${direction}${nulls}, s.id ${direction}${nulls}`;
}
