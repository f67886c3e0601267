import type PgBoss from 'pg-boss';
import { type BillingDeps, runBillingCycle } from '../modules/commerce/billing/index.js';
import { JOB_QUEUES } from '../job-queues.js';

/**
 * The billing engine's schedule (BILLING_CRON, by default hourly a few minutes past the hour). Every
 * step is idempotent per company and period, so a tick missed while no worker ran is caught up by the
 * next one. `off` stops the schedule (browser flows that check exact balances).
 */
export async function startBillingJobs(boss: PgBoss, deps: BillingDeps, cron: string): Promise<void> {
  if (cron === 'off') {
    await boss.unschedule(JOB_QUEUES.billingCycle);
    return;
  }
  await boss.work(JOB_QUEUES.billingCycle, async () => {
    await runBillingCycle(deps, new Date());
  });
  await boss.schedule(JOB_QUEUES.billingCycle, cron);
}
