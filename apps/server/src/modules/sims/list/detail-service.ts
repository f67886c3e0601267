import type { SimDetail, SimUpdateRequest, SimUsageResult } from '@cab/contract/sims';
import { USAGE_KINDS } from '@cab/contract/sims';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { NetworkAdapter } from '../../../network/adapter.js';
import type { EventBus } from '../../../realtime/bus.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import * as repo from './detail-repository.js';
import { toSimRow } from './service.js';

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

export interface SimDeps {
  db: Db;
  network: NetworkAdapter;
  bus: EventBus;
}

async function findVisibleSim(db: Db, principal: Principal, id: number): Promise<repo.SimDetailRow> {
  const scope = await resolveCompanyScope(db, principal, undefined, true);
  const row = await repo.findSim(db, scope, id);
  if (!row) throw new AppError('not_found');
  return row;
}

/** A SIM with its groups and live network state; the network may fail, the rest still shows. */
export async function getSim(deps: SimDeps, principal: Principal, id: number): Promise<SimDetail> {
  const row = await findVisibleSim(deps.db, principal, id);
  const { profile } = toSimRow(row);
  const [groups, imeiLock, network] = await Promise.all([
    repo.findSimGroups(deps.db, id),
    repo.findImeiLock(deps.db, row.company_id, id),
    deps.network
      .getState({ companyId: row.company_id, simId: row.id, iccid: row.iccid, msisdn: row.msisdn, imsi: row.imsi, profile })
      .catch(() => null),
  ]);
  return {
    ...toSimRow(row),
    imsi: row.imsi,
    block_reason: row.block_reason,
    m25_id: row.m25_id,
    month_spend: row.month_spend_cents / 100,
    groups,
    network: network && {
      online: network.online,
      last_seen: seconds(network.lastSeenAt),
      imei: network.imei,
      cell: network.cell,
      rat: network.rat,
      session_started: seconds(network.sessionStartedAt),
      operator: network.operator ?? null,
      hlr: network.hlr
        ? {
            provisioned: network.hlr.provisioned,
            attached: network.hlr.attached,
            vlr_number: network.hlr.vlrNumber,
            sgsn_number: network.hlr.sgsnNumber,
            ps_enabled: network.hlr.psEnabled,
            cs_enabled: network.hlr.csEnabled,
          }
        : null,
    },
    imei_lock: imeiLock,
  };
}

/** Rename, MSU cap and external id: the SIM's own settings, changed directly (not through the queue). */
export async function updateSim(deps: SimDeps, principal: Principal, input: SimUpdateRequest): Promise<SimDetail> {
  const row = await findVisibleSim(deps.db, principal, input.id);
  await deps.db.transaction(async (tx) => {
    await repo.updateSim(tx, input.id, {
      name: input.name === undefined ? undefined : input.name || null,
      msuCents: input.msu === undefined ? undefined : input.msu === null ? null : Math.round(input.msu * 100),
      externalId: input.external_id === undefined ? undefined : input.external_id || null,
    });
    await insertAudit(tx, {
      ...auditActor(principal),
      action: 'sim_update',
      details: { id: input.id, name: input.name, msu: input.msu, external_id: input.external_id },
    });
  });
  await deps.bus.publish({ companyId: row.company_id }, { type: 'sim_update', data: { id: input.id } });
  return getSim(deps, principal, input.id);
}

export async function listSimUsage(
  deps: SimDeps,
  principal: Principal,
  input: { id: number; kind?: (typeof USAGE_KINDS)[number]; page: number; size: number },
): Promise<SimUsageResult> {
  const row = await findVisibleSim(deps.db, principal, input.id);
  const { items, total } = await repo.listUsage(deps.db, { companyId: row.company_id, id: row.id }, input.kind, input.page, input.size);
  return {
    total,
    items: items.map((u) => ({
      id: u.id,
      kind: USAGE_KINDS.find((k) => k === u.kind) ?? 'data',
      direction: u.direction === 'in' || u.direction === 'out' ? u.direction : null,
      started: u.started,
      bytes: u.bytes === null ? null : Number(u.bytes),
      seconds: u.seconds,
      text: u.text,
      cost: u.cost_cents / 100,
    })),
  };
}
