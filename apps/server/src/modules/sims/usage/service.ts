import type { Db, Executor } from '../../../db/client.js';
import { isUsageEvent, type MsuBlockEvent, type NetworkEvent } from '../../../network/events.js';
import type { EventBus } from '../../../realtime/bus.js';
import { announceSimEvents, logNetworkFeed, type RecordedSimEvent } from '../events/index.js';
import { announceNotificationEvents, byCompany, eventForUsers, findActiveUsers, type StoredNotificationEvent, storeNotificationEvents } from '../../platform/notify/index.js';
import { evaluateAlerts } from '../alerts/index.js';
import { enforceImeiLocks } from '../imei-lock/index.js';
import { recordDeviceSms } from '../messages/index.js';
import { recordUsage } from './records-repository.js';
import * as repo from './repository.js';
import type { BlockedSim, CompanyNotice } from './repository.js';


/** Only publishing is needed, so tests can pass a spy instead of a bus over PostgreSQL. */
export type EventPublisher = Pick<EventBus, 'publish'>;

export const MSU_BLOCK_REASON = 'MSU cap reached';

/**
 * Up to this many SIMs of one company blocked in one batch get a notification each; beyond it the
 * company gets one summary, so a month-end wave of MSU blocks does not bury users in popups.
 */
export const MSU_NOTICES_PER_SIM_MAX = 3;

export interface AppliedNetworkEvents {
  /** Usage records stored now (a repeated record is not counted again). */
  usageRows: number;
  blocked: BlockedSim[];
  notifications: number;
  /** Pushes that failed; the rows are committed regardless, clients see them on their next load. */
  publishFailures: number;
}

/**
 * The domain's sink for what the network reports: records usage, adds its cost to the SIMs'
 * month-to-date spend, applies MSU blocks, writes the event log and tells the companies' users. All writes commit
 * together (a block and its notification exist or neither); sockets and notification methods hear
 * about them only after the commit.
 */
export async function applyNetworkEvents(
  db: Db,
  bus: EventPublisher,
  events: NetworkEvent[],
  options: { sessionsLogged?: boolean } = {},
): Promise<AppliedNetworkEvents> {
  const usage = events.filter(isUsageEvent);
  const msuBlocks = events.filter((e): e is MsuBlockEvent => e.type === 'msu_block');
  const { blocked, notifications, usageRows, logged } = await db.transaction(async (tx) => {
    // Only records not stored before count: a re-delivered batch bills nothing twice.
    const fresh = await recordUsage(tx, usage);
    await repo.insertUsage(tx, fresh);
    await recordDeviceSms(tx, fresh);
    const newlyBlocked = await repo.blockForMsu(tx, msuBlocks, MSU_BLOCK_REASON);
    const stored = await storeCompanyNotices(tx, msuNotices(newlyBlocked));
    const msuBlocked = newlyBlocked.map((sim) => ({ ...sim, reason: MSU_BLOCK_REASON }));
    const feed = await logNetworkFeed(tx, { usage: fresh, msuBlocked, msuEvents: msuBlocks, sessionsLogged: options.sessionsLogged });
    const logged = [...feed, ...(await enforceImeiLocks(tx, feed))];
    await evaluateAlerts(tx, { usage: fresh, events: logged, notifications: stored });
    return { blocked: newlyBlocked, notifications: stored, usageRows: fresh.length, logged };
  });
  // Not retried by failing: the caller must not re-apply committed usage because a push was lost.
  const publishFailures = await publish(bus, blocked, notifications, logged);
  const told = notifications.reduce((n, event) => n + event.told.length, 0);
  return { usageRows, blocked, notifications: told, publishFailures };
}

export function msuNotices(blocked: BlockedSim[]): CompanyNotice[] {
  const byCompany = new Map<number, BlockedSim[]>();
  for (const sim of blocked) byCompany.set(sim.companyId, [...(byCompany.get(sim.companyId) ?? []), sim]);
  return [...byCompany].flatMap(([companyId, sims]): CompanyNotice[] => {
    if (sims.length > MSU_NOTICES_PER_SIM_MAX) {
      const n = sims.length;
      return [
        { companyId, link: '/list?blocked=3', text: { ru: `${n} SIM заблокированы: превышен MSU`, en: `${n} SIMs blocked: MSU cap reached` } },
      ];
    }
    return sims.map((sim) => ({
      companyId,
      link: `/sim/${sim.simId}`,
      text: { ru: `SIM ${sim.iccid} заблокирована: превышен MSU`, en: `SIM ${sim.iccid} blocked: MSU cap reached` },
    }));
  });
}

/** Each notice is one event (category sim, a warning) told to every active user of its company. */
async function storeCompanyNotices(tx: Executor, notices: CompanyNotice[]): Promise<StoredNotificationEvent[]> {
  const users = byCompany(await findActiveUsers(tx, [...new Set(notices.map((n) => n.companyId))]));
  return storeNotificationEvents(
    tx,
    notices.map((notice) =>
      eventForUsers(notice.companyId, users.get(notice.companyId) ?? [], { category: 'sim', type: 'warning', text: notice.text, popup: true, link: notice.link ?? null }),
    ),
  );
}

/** After the commit: notifications (sockets and notification methods), the event log's news and the SIMs' new block. */
async function publish(bus: EventPublisher, blocked: BlockedSim[], notifications: StoredNotificationEvent[], logged: RecordedSimEvent[]): Promise<number> {
  const notifyFailures = (await announceNotificationEvents(bus, notifications)) + (await announceSimEvents(bus, logged));
  const results = await Promise.allSettled(
    blocked.map((sim) => bus.publish({ companyId: sim.companyId }, { type: 'sim_update', data: { id: sim.simId, block_type: 'msu' } })),
  );
  return notifyFailures + results.filter((r) => r.status === 'rejected').length;
}
