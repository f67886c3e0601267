import type PgBoss from 'pg-boss';
import { runBillingCycle, type BillingDeps } from '../modules/billing/engine.js';
import { JOB_QUEUES } from './boss.js';

/**
 * The billing engine's schedule: hourly, a few minutes past the hour. Every step is idempotent per
 * company and period, so a tick missed while no worker ran is caught up by the next one.
 */
export async function startBillingJobs(boss: PgBoss, deps: BillingDeps): Promise<void> {
  await boss.work(JOB_QUEUES.billingCycle, async () => {
    await runBillingCycle(deps, new Date());
  });
  await boss.schedule(JOB_QUEUES.billingCycle, '5 * * * *');
}
