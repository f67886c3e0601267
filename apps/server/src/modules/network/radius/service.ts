import type { RadiusClient, RadiusClientCreateRequest, RadiusClientsResult, RadiusDropReason, RadiusStatsResult, RadiusUnknownImsisResult } from '@cab/contract/radius';
import { RADIUS_CLIENTS_MAX, RADIUS_DROP_REASONS } from '@cab/contract/radius';
import type { Principal } from '../../../auth/principal.js';
import type { Sealer } from '../../../auth/sealing.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { canonicalAddress } from '../../../network/radius/nas-clients.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import * as repo from './repository.js';

export interface RadiusToolsDeps {
  db: Db;
  sealer: Sealer;
}

/** NAS rows shown: every client root added, and as many unknown senders as fit. */
const NAS_STATS_SHOWN = 200;
const UNKNOWN_IMSIS_SHOWN = 50;

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
const toClient = (row: repo.RadiusClientRow): RadiusClient => ({ id: row.id, name: row.name, address: row.address, created: seconds(row.createdAt) });

export async function listClients(deps: RadiusToolsDeps): Promise<RadiusClientsResult> {
  const items = (await repo.listClients(deps.db, RADIUS_CLIENTS_MAX)).map(toClient);
  return { items, total: items.length };
}

/**
 * Adds a NAS client: its packets are then checked with its own secret, sealed at rest (the listener
 * reads clients again within seconds). The secret is neither answered nor audited.
 */
export async function createClient(deps: RadiusToolsDeps, principal: Principal, input: RadiusClientCreateRequest): Promise<RadiusClientsResult> {
  const address = canonicalAddress(input.address);
  await deps.db.transaction(async (tx) => {
    if ((await repo.countClients(tx)) >= RADIUS_CLIENTS_MAX) throw new AppError('conflict');
    const id = await repo.insertClient(tx, { name: input.name, address, secretSealed: deps.sealer.seal(input.secret) });
    if (id === null) throw new AppError('radius_client_exists', { address: 'invalid' });
    await insertAudit(tx, { ...auditActor(principal), action: 'radius_client_create', details: { id, name: input.name, address } });
  });
  return listClients(deps);
}

export async function deleteClient(deps: RadiusToolsDeps, principal: Principal, id: number): Promise<RadiusClientsResult> {
  await deps.db.transaction(async (tx) => {
    const removed = await repo.deleteClient(tx, id);
    if (!removed) throw new AppError('not_found');
    await insertAudit(tx, { ...auditActor(principal), action: 'radius_client_delete', details: { id, ...removed } });
  });
  return listClients(deps);
}

const isDropReason = (reason: string): reason is RadiusDropReason => (RADIUS_DROP_REASONS as readonly string[]).includes(reason);

/** Packets per NAS: accepted (answered), dropped by reason, the last one's time; and the link's state. */
export async function radiusStats(deps: RadiusToolsDeps): Promise<RadiusStatsResult> {
  const [rows, link] = await Promise.all([repo.listNasStats(deps.db, NAS_STATS_SHOWN), repo.findRadiusLink(deps.db)]);
  return {
    items: rows.map((row) => ({
      nas: row.nas,
      name: row.name,
      accepted: row.accepted,
      dropped: row.dropped,
      dropped_by: Object.fromEntries(Object.entries(row.droppedBy).filter(([reason]) => isDropReason(reason))),
      last_packet: row.lastPacketAt && seconds(row.lastPacketAt),
    })),
    link: link && {
      state: link.state,
      address: typeof link.detail.address === 'string' ? link.detail.address : null,
      packets_per_second: typeof link.detail.packetsPerSecond === 'number' ? link.detail.packetsPerSecond : null,
      updated: seconds(link.updatedAt),
    },
  };
}

export async function unknownImsis(deps: RadiusToolsDeps, size = UNKNOWN_IMSIS_SHOWN): Promise<RadiusUnknownImsisResult> {
  const { rows, total } = await repo.listUnknownImsis(deps.db, size);
  return {
    items: rows.map((r) => ({ imsi: r.imsi, nas: r.nas, packets: r.packets, first_seen: seconds(r.firstSeenAt), last_seen: seconds(r.lastSeenAt) })),
    total,
  };
}
