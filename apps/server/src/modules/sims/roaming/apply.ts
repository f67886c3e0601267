import type { Db } from '../../../db/client.js';
import type { EventBus } from '../../../realtime/bus.js';
import { announceNotificationEvents, byCompany, eventForUsers, findActiveUsers, storeNotificationEvents } from '../../platform/notify/index.js';
import * as repo from './repository.js';
import { roamingAppliedText } from './texts.js';

/** Requests one tick applies at most; the rest wait for the next minute. */
const REQUESTS_PER_TICK = 200;

/**
 * The simulated network completing roaming changes: every request due by `now` is applied to the
 * SIMs still waiting for it and its company's users are told (category sim), all in one transaction.
 */
export async function applyDueRoamingChanges(db: Db, bus: Pick<EventBus, 'publish'>, now: Date): Promise<number> {
  const { stored, changed } = await db.transaction(async (tx) => {
    const due = await repo.claimDueRequests(tx, now, REQUESTS_PER_TICK);
    const applied: Array<{ request: repo.DueRoamingRequest; simIds: number[] }> = [];
    for (const request of due) applied.push({ request, simIds: await repo.applyRequest(tx, request.id, now) });
    const told = applied.filter((a) => a.simIds.length > 0);
    const users = byCompany(await findActiveUsers(tx, [...new Set(told.map((a) => a.request.companyId))]));
    const events = told.map(({ request, simIds }) =>
      eventForUsers(request.companyId, users.get(request.companyId) ?? [], {
        category: 'sim',
        type: 'info',
        text: roamingAppliedText({ ...request, simCount: simIds.length }),
        popup: true,
      }),
    );
    return { stored: await storeNotificationEvents(tx, events), changed: told };
  });
  await announceNotificationEvents(bus, stored);
  const updates = changed.flatMap(({ request, simIds }) =>
    simIds.slice(0, 100).map((id) => bus.publish({ companyId: request.companyId }, { type: 'sim_update', data: { id, roaming: request.mode } })),
  );
  await Promise.allSettled(updates);
  return changed.length;
}
