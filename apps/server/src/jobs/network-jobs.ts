import type PgBoss from 'pg-boss';
import type { Db } from '../db/client.js';
import { checkSilentSims } from '../modules/sims/alerts/index.js';
import { deleteExpiredSimEvents } from '../modules/sims/events/index.js';
import { applyDueRoamingChanges } from '../modules/sims/roaming/index.js';
import { applyNetworkEvents, usageHousekeeping } from '../modules/sims/usage/index.js';
import { generateActivity } from '../network/activity.js';
import { loadSessionLocation } from '../network/session-location.js';
import { readSimulatorSettings, type SimulatorSettings } from '../network/simulator-settings.js';
import type { EventBus } from '../realtime/bus.js';
import { JOB_QUEUES } from '../job-queues.js';
import type { NetworkRuntime } from '../network/create-adapter.js';
import { startHlrJobs } from './hlr-jobs.js';

/** A queue an older version scheduled (the month's spend reset): unscheduled at start. */
const RETIRED_MONTH_START_QUEUE = 'month-start';

/**
 * The simulated network's life: every minute some active SIMs open sessions, send SMS and make
 * calls (and pass their MSU cap) and due roaming changes apply; on the first of each month the
 * month's spend starts again; every night raw usage records and event-log entries past their
 * retention are deleted.
 * How many SIMs act is root's setting (Tools), read every tick. Under osmo-hlr, the HLR's jobs too.
 */
export async function startNetworkJobs(
  boss: PgBoss,
  deps: { db: Db; bus: EventBus; defaults: SimulatorSettings; network: NetworkRuntime },
): Promise<void> {
  // Under a real network, usage arrives as RADIUS accounting; the simulator makes none.
  const simulated = deps.network.kind === 'simulator';
  await boss.work(JOB_QUEUES.networkActivity, async () => {
    const now = new Date();
    const { activitySims } = await readSimulatorSettings(deps.db, deps.defaults);
    if (simulated && activitySims > 0) {
      const location = await loadSessionLocation(deps.db);
      const events = await generateActivity(deps.db, { now, maxSims: activitySims, random: Math.random, location });
      await applyNetworkEvents(deps.db, deps.bus, events);
    }
    await applyDueRoamingChanges(deps.db, deps.bus, now);
  });
  // Retention of raw usage records (18 months); rollups stay.
  await boss.work(JOB_QUEUES.usageHousekeeping, async () => {
    await usageHousekeeping(deps.db, new Date());
  });
  // The event log keeps 30 days (README "Data retention").
  await boss.work(JOB_QUEUES.simEventsRetention, async () => {
    await deleteExpiredSimEvents(deps.db, new Date());
  });
  // Alert rules "no traffic for N days": the SIMs whose silence reached N days since yesterday's run.
  await boss.work(JOB_QUEUES.alertSilence, async () => {
    await checkSilentSims(deps.db, deps.bus, new Date());
  });
  if (deps.network.hlr) await startHlrJobs(boss, deps.db, deps.network.hlr);
  await boss.schedule(JOB_QUEUES.networkActivity, '* * * * *');
  // Retired: the month's spend is read from the daily rollups, nothing resets on the first; an older install's schedule goes.
  await boss.unschedule(RETIRED_MONTH_START_QUEUE);
  await boss.schedule(JOB_QUEUES.usageHousekeeping, '30 3 * * *');
  await boss.schedule(JOB_QUEUES.simEventsRetention, '45 3 * * *');
  await boss.schedule(JOB_QUEUES.alertSilence, '15 4 * * *');
}
