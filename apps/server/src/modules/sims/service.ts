import { BLOCK_TYPES, SIM_PROFILES } from '@cab/contract/constants';
import { SIM_COUNT_CAP, type SimListQuery, type SimListResult, type SimRow } from '@cab/contract/sims';
import type { Principal } from '../../auth/principal.js';
import { requirePermission } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { resolveCompanyScope } from '../companies/scope.js';
import { parseCsvFilter } from './csv-filter.js';
import { simOrderBy, simWhere, type SimCriteria } from './list-query.js';
import * as repo from './repository.js';

const cents = (value: number | null) => (value === null ? null : value / 100);

function toSimRow(row: repo.SimListRow): SimRow {
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
  };
}

/** Turns the cards filter into criteria the repository understands, checking the company scope. */
export async function resolveSimCriteria(db: Db, principal: Principal, request: SimListQuery): Promise<SimCriteria> {
  const { csv, company, ...filter } = request.filter;
  const scope = await resolveCompanyScope(db, principal, company, request.childs);
  return { scope, filter, csv: csv ? parseCsvFilter(csv) : null };
}

/**
 * One page of the cards list. Pages never reach past the count cap: beyond 10,000 matches the
 * user narrows the filter, which keeps every page (and the count) fast at a million SIMs.
 */
export async function listCards(db: Db, principal: Principal, request: SimListQuery): Promise<SimListResult> {
  requirePermission(principal, 'sims.read');
  const criteria = await resolveSimCriteria(db, principal, request);
  const where = simWhere(criteria);
  const offset = request.page * request.size;
  const [rows, count] = await Promise.all([
    offset < SIM_COUNT_CAP ? repo.listSims(db, where, simOrderBy(request.sort), request.size, offset) : [],
    repo.countSimsCapped(db, where),
  ]);
  return { items: rows.map(toSimRow), total: count.total, total_exact: count.exact };
}
