import { BLOCK_TYPES, SIM_PROFILES } from '@cab/contract/constants';
import { CSV_MISSING_SHOWN, SIM_COUNT_CAP, type CsvLine, type CsvMissingResult, type SimListQuery, type SimListResult, type SimRow } from '@cab/contract/sims';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { AppError } from '../../../http/errors.js';
import { parseCsvFilter } from './csv-filter.js';
import { groupVisible } from './repository.js';
import { countSimsRemembered } from './remembered-count.js';
import { simSort, simWhere, type SimCriteria, type SimSort } from './list-query.js';
import * as repo from './repository.js';

const cents = (value: number | null) => (value === null ? null : value / 100);

/** A SIM row as the API answers it: enums checked, money in EUR. */
export function toSimRow(row: repo.SimListRow): SimRow {
  return {
    id: row.id,
    iccid: row.iccid,
    msisdn: row.msisdn,
    name: row.name,
    profile: SIM_PROFILES.find((p) => p === row.profile) ?? 'BK',
    block_type: BLOCK_TYPES.find((b) => b === row.block_type) ?? 'none',
    company_id: row.company_id,
    company_name: row.company_name,
    msu: cents(row.msu_cents),
    package: row.package,
    limit_mb: row.limit_mb,
    balance: cents(row.balance_cents),
    external_id: row.external_id,
    added: row.added,
    labels: row.labels,
  };
}

/** Turns the cards filter into criteria the repository understands, checking the company scope. */
export async function resolveSimCriteria(db: Db, principal: Principal, request: SimListQuery): Promise<SimCriteria> {
  const { csv, company, ...filter } = request.filter;
  const scope = await resolveCompanyScope(db, principal, company, request.childs);
  if (filter.group !== undefined && !(await groupVisible(db, scope, filter.group))) throw new AppError('not_found');
  // An empty file is a mistake to report, not "no CSV filter".
  return { scope, filter, csv: csv !== undefined ? parseCsvFilter(csv) : null };
}

/**
 * One page of the cards list. Pages never reach past the count cap: beyond 10,000 matches the
 * user narrows the filter, which keeps every page (and the count) fast at a million SIMs.
 */
/** Up to this many companies, each is read through its own index and the pages are merged. */
const MERGE_COMPANIES_MAX = 50;

export async function listCards(db: Db, principal: Principal, request: SimListQuery): Promise<SimListResult> {
  const criteria = await resolveSimCriteria(db, principal, request);
  const offset = request.page * request.size;
  const sort = simSort(request.sort);
  const { scope } = criteria;
  // One company: every order is an index walk; sorting by company is then sorting by id.
  const single = scope?.length === 1;
  const effectiveSort = single && sort.column === 'company' ? { ...sort, column: 'added' as const } : sort;
  const parts =
    scope && scope.length > 1 && scope.length <= MERGE_COMPANIES_MAX && sort.column !== 'company'
      ? scope.map((companyId) => simWhere({ ...criteria, scope: [companyId] }))
      : [simWhere(criteria)];
  const { group } = criteria.filter;
  const page = () =>
    group === undefined
      ? repo.listSims(db, parts, effectiveSort, request.size, offset)
      : repo.listGroupSims(db, criteria, group, effectiveSort, request.size, offset);
  if (group !== undefined && offset < SIM_COUNT_CAP && (offset >= GROUP_DEEP_OFFSET || narrowsGroup(criteria))) {
    return listGroupPageCountFirst(db, criteria, group, request, effectiveSort);
  }
  // A remembered count is confirmed by the page's own read; past the cap there is none.
  if (offset >= SIM_COUNT_CAP) {
    const count = await repo.countSimsCapped(db, criteria);
    return { items: [], total: count.total, total_exact: count.exact, ...(await csvMissing(db, criteria)) };
  }
  if (group === undefined && criteria.filter.query?.trim() && effectiveSort.column !== 'company') {
    return listSearchCountFirst(db, criteria, effectiveSort, request.size, offset, page);
  }
  const [rows, counted] = await Promise.all([page(), countSimsRemembered(db, criteria)]);
  const count = counted.stillCurrent() ? counted.count : await repo.countSimsCapped(db, criteria);
  return { items: rows.map(toSimRow), total: count.total, total_exact: count.exact, ...(await csvMissing(db, criteria)) };
}

/**
 * A search: counted first. A count not remembered is taken with the page in one read when the
 * matches are few (repo.countAndPageOfMatches), so the trigram candidates are checked in the table
 * once, not by the count and the page each: a new term costs one query instead of two. A remembered
 * count, or more matches, leave the page to its own walk of the sort order.
 */
async function listSearchCountFirst(
  db: Db,
  criteria: SimCriteria,
  sort: SimSort,
  size: number,
  offset: number,
  page: () => Promise<repo.SimListRow[]>,
): Promise<SimListResult> {
  const oneRead: { result?: Awaited<ReturnType<typeof repo.countAndPageOfMatches>> } = {};
  const counted = await countSimsRemembered(db, criteria, async () => {
    oneRead.result = await repo.countAndPageOfMatches(db, criteria, sort, size, offset);
    return oneRead.result.count;
  });
  const rowsRead = oneRead.result?.rows;
  if (rowsRead) return { items: rowsRead.map(toSimRow), total: counted.count.total, total_exact: counted.count.exact, ...(await csvMissing(db, criteria)) };
  const rows = await page();
  const count = counted.stillCurrent() ? counted.count : await repo.countSimsCapped(db, criteria);
  return { items: rows.map(toSimRow), total: count.total, total_exact: count.exact, ...(await csvMissing(db, criteria)) };
}

/** With a CSV filter, its lines none of whose identifiers a SIM of the filter has (issue 25.9). */
async function csvMissing(db: Db, criteria: SimCriteria): Promise<Pick<SimListResult, 'csv_missing'>> {
  if (!criteria.csv) return {};
  const lines = await missingCsvLines(db, criteria);
  return { csv_missing: { count: lines.length, lines: lines.slice(0, CSV_MISSING_SHOWN) } };
}

/** The "Not found" download: every line of the list's CSV filter that matched no SIM. */
export async function listCsvMissing(db: Db, principal: Principal, request: Pick<SimListQuery, 'filter' | 'childs'>): Promise<CsvMissingResult> {
  const criteria = await resolveSimCriteria(db, principal, { ...request, page: 0, size: 1 });
  return { lines: await missingCsvLines(db, criteria) };
}

/** Every line of the CSV filter that matched no SIM of the filter, in file order. */
export async function missingCsvLines(db: Db, criteria: SimCriteria): Promise<CsvLine[]> {
  if (!criteria.csv) return [];
  const found = await repo.foundCsvIdentifiers(db, criteria);
  return criteria.csv.lines.filter((line) => !line.ids.some((id) => found.has(id))).map(({ line, text }) => ({ line, text }));
}

/** From this offset on, a group's page may be nearer its last match than its first. */
const GROUP_DEEP_OFFSET = 1_000;
/** Up to this many matches a group's page reads them all (by id) instead of walking the sort order. */
const GROUP_FEW_MATCHES = 2_000;

/** Whether the filter says more than the group (so how many members match is unknown). */
function narrowsGroup({ filter, csv }: SimCriteria): boolean {
  return Boolean(filter.profile || filter.blocked || filter.msu_block || filter.empty_name || filter.label || filter.query?.trim() || csv);
}

/**
 * A group's page when its count decides how to read it: counted first (cheap, bounded by the
 * group), then
 * - few matches: read them all by id and sort them (a walk of the sort order would look through
 *   thousands of rows that do not match);
 * - a deep page past the middle: read from the far end (the last pages then cost what the first
 *   ones do). Sorts whose reversal is not the exact mirror (by name: unnamed SIMs last both ways;
 *   by company) read forward.
 */
async function listGroupPageCountFirst(
  db: Db,
  criteria: SimCriteria,
  group: number,
  request: SimListQuery,
  sort: SimSort,
): Promise<SimListResult> {
  const count = await repo.countSimsCapped(db, criteria);
  const offset = request.page * request.size;
  const few = count.exact && count.total <= GROUP_FEW_MATCHES;
  const [column, direction] = Object.entries(request.sort ?? {})[0] ?? ['iccid', 'asc'];
  const mirrored = column !== 'name' && column !== 'company';
  let rows: repo.SimListRow[];
  if (count.exact && offset >= count.total) rows = [];
  else if (count.exact && mirrored && offset >= GROUP_DEEP_OFFSET && offset > count.total / 2) {
    const end = Math.min(offset + request.size, count.total);
    const reversed = simSort({ [column]: direction === 'desc' ? 'asc' : 'desc' });
    rows = (await repo.listGroupSims(db, criteria, group, reversed, end - offset, count.total - end, few)).reverse();
  } else rows = await repo.listGroupSims(db, criteria, group, sort, request.size, offset, few);
  return { items: rows.map(toSimRow), total: count.total, total_exact: count.exact, ...(await csvMissing(db, criteria)) };
}
