import type PgBoss from 'pg-boss';
import type { Db } from '../db/client.js';
import { applyNetworkEvents, resetMonthSpend } from '../modules/usage/service.js';
import { generateActivity } from '../network/activity.js';
import type { EventBus } from '../realtime/bus.js';
import { JOB_QUEUES } from './boss.js';

/**
 * The simulated network's life: every minute some active SIMs open sessions, send SMS and make
 * calls (and pass their MSU cap); on the first of each month the month's spend starts again.
 */
export async function startNetworkJobs(boss: PgBoss, deps: { db: Db; bus: EventBus; activitySims: number }): Promise<void> {
  await boss.work(JOB_QUEUES.networkActivity, async () => {
    const events = await generateActivity(deps.db, { now: new Date(), maxSims: deps.activitySims, random: Math.random });
    await applyNetworkEvents(deps.db, deps.bus, events);
  });
  await boss.work(JOB_QUEUES.monthStart, async () => {
    await resetMonthSpend(deps.db);
  });
  if (deps.activitySims > 0) await boss.schedule(JOB_QUEUES.networkActivity, '* * * * *');
  else await boss.unschedule(JOB_QUEUES.networkActivity);
  await boss.schedule(JOB_QUEUES.monthStart, '0 0 1 * *');
}
