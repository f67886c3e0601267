import { addWorkingDays, addWorkingMinutes } from '@cab/contract/working-time';
import {
  ROAMING_BULK_MAX,
  ROAMING_CHANGE_WORKING_DAYS,
  type RoamingChangeResult,
  type SimRoaming,
} from '@cab/contract/sim-rules';
import type { SimSelection } from '@cab/contract/queue';
import { ROAMING_MODES, ROAMING_ZONES } from '@cab/contract/sim-rules';
import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { readSimulatorSettings, type SimulatorSettings } from '../../../network/simulator-settings.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import { selectionWhere } from '../../platform/queue/index.js';
import { findSim } from '../list/index.js';
import * as repo from './repository.js';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export interface RoamingDeps {
  db: Db;
  /** The simulator's settings when root never changed them (its delay applies a request). */
  simulatorDefaults: SimulatorSettings;
  now?: () => Date;
}

export interface RoamingChoice {
  mode: (typeof ROAMING_MODES)[number];
  zones: Array<(typeof ROAMING_ZONES)[number]>;
}

function normalize(choice: RoamingChoice): { mode: string; zones: string[] } {
  if (choice.mode !== 'zones') return { mode: choice.mode, zones: [] };
  const zones = ROAMING_ZONES.filter((z) => choice.zones.includes(z));
  if (zones.length === 0) throw new AppError('roaming_zones_required', { zones: 'roamingZones' });
  return { mode: 'zones', zones };
}

async function visibleSimWhere(db: Db, principal: Principal, id: number): Promise<SQL> {
  const scope = await resolveCompanyScope(db, principal, undefined, true);
  if (!(await findSim(db, scope, id))) throw new AppError('not_found');
  return sql`s.id = ${id}`;
}

export async function getSimRoaming(db: Db, principal: Principal, id: number): Promise<SimRoaming> {
  await visibleSimWhere(db, principal, id);
  const row = await repo.findSimRoaming(db, id);
  return {
    mode: ROAMING_MODES.find((m) => m === row.mode) ?? 'off',
    zones: ROAMING_ZONES.filter((z) => row.zones.includes(z)),
    pending: row.pending && {
      mode: ROAMING_MODES.find((m) => m === row.pending?.mode) ?? 'off',
      zones: ROAMING_ZONES.filter((z) => row.pending?.zones.includes(z)),
      requested: seconds(row.pending.requestedAt),
      deadline: seconds(row.pending.deadlineAt),
    },
  };
}

/**
 * A roaming change is a request to the network, which applies it within 3 working days (spec §5);
 * the simulator applies it after root's configured delay in working time. Audited in the same transaction.
 */
async function requestChange(deps: RoamingDeps, principal: Principal, where: SQL, choice: RoamingChoice, target: Record<string, unknown>): Promise<RoamingChangeResult> {
  const setting = normalize(choice);
  const now = deps.now?.() ?? new Date();
  const { roamingDelayMinutes } = await readSimulatorSettings(deps.db, deps.simulatorDefaults);
  const deadlineAt = addWorkingDays(now, ROAMING_CHANGE_WORKING_DAYS);
  const dueAt = addWorkingMinutes(now, roamingDelayMinutes);
  const count = await deps.db.transaction(async (tx) => {
    const id = await repo.insertRoamingRequest(tx, { companyId: principal.companyId, userId: principal.userId, ...setting, requestedAt: now, dueAt, deadlineAt });
    const marked = await repo.markPending(tx, { id, ...setting }, where, ROAMING_BULK_MAX);
    if (marked.count === 0) throw new AppError('nothing_selected');
    if (marked.count > ROAMING_BULK_MAX) throw new AppError('validation_failed', { selection: 'tooManySims' });
    await repo.setRequestSims(tx, id, marked.count, marked.iccid);
    await insertAudit(tx, { ...auditActor(principal), action: 'roaming_change', details: { request: id, ...setting, count: marked.count, ...target } });
    return marked.count;
  });
  return { count, requested: seconds(now), deadline: seconds(deadlineAt) };
}

export async function setSimRoaming(deps: RoamingDeps, principal: Principal, id: number, choice: RoamingChoice): Promise<RoamingChangeResult> {
  const where = await visibleSimWhere(deps.db, principal, id);
  return requestChange(deps, principal, where, choice, { sim: id });
}

export async function setBulkRoaming(deps: RoamingDeps, principal: Principal, selection: SimSelection, choice: RoamingChoice): Promise<RoamingChangeResult> {
  const where = await selectionWhere(deps.db, principal, selection);
  return requestChange(deps, principal, where, choice, { selection: 'ids' in selection ? 'ids' : 'filter' in selection ? 'filter' : 'group' });
}
