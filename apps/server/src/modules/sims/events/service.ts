import {
  SIM_EVENT_ACTOR_KINDS,
  SIM_EVENT_TYPES,
  type CompanyEventsRequest,
  type SimEvent,
  type SimEventsRequest,
  type SimEventsResult,
} from '@cab/contract/sim-events';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { findSim } from '../list/index.js';
import * as repo from './repository.js';

type Filters = Pick<SimEventsRequest, 'types' | 'from' | 'to' | 'cursor' | 'size'>;

/** One SIM's events, newest first; a SIM outside the caller's companies answers 404 like its page. */
export async function listSimEvents(db: Db, principal: Principal, request: SimEventsRequest): Promise<SimEventsResult> {
  const sim = await findSim(db, await resolveCompanyScope(db, principal, undefined, true), request.id);
  if (!sim) throw new AppError('not_found');
  return page(db, { companies: [sim.company_id], simId: sim.id }, request);
}

/**
 * The company's events (root: every company's, or the one asked), newest first, by SIM (id or
 * ICCID), group, label, types and time. A SIM, group or label of another company finds nothing.
 */
export async function listCompanyEvents(db: Db, principal: Principal, request: CompanyEventsRequest): Promise<SimEventsResult> {
  const companies = await resolveCompanyScope(db, principal, request.company === undefined ? undefined : [request.company], false);
  return page(db, { companies, simId: request.sim, iccid: request.iccid, groupId: request.group, label: request.label }, request);
}

async function page(db: Db, scope: Omit<repo.EventQuery, 'limit'>, filters: Filters): Promise<SimEventsResult> {
  const rows = await repo.listEvents(db, {
    ...scope,
    types: filters.types,
    from: filters.from === undefined ? undefined : new Date(filters.from * 1000),
    to: filters.to === undefined ? undefined : new Date(filters.to * 1000),
    after: filters.cursor === undefined ? undefined : parseCursor(filters.cursor),
    limit: filters.size + 1,
  });
  const shown = rows.slice(0, filters.size);
  const last = shown.at(-1);
  return { items: shown.map(toSimEvent), next: rows.length > filters.size && last ? `${last.at_us}:${last.id}` : null };
}

/** `<microseconds since 1970>:<id>` (the contract checked its digits). */
function parseCursor(cursor: string): { atMicros: bigint; id: number } {
  const [micros = '0', id = '0'] = cursor.split(':');
  return { atMicros: BigInt(micros), id: Number(id) };
}

function toSimEvent(row: repo.EventRow): SimEvent {
  return {
    id: Number(row.id),
    sim: Number(row.sim_id),
    iccid: row.iccid,
    type: SIM_EVENT_TYPES.find((type) => type === row.type) ?? 'attach',
    at: Number(row.at_s),
    actor: { kind: SIM_EVENT_ACTOR_KINDS.find((kind) => kind === row.actor_kind) ?? 'network', label: row.actor_label },
    details: row.details ?? {},
  };
}
