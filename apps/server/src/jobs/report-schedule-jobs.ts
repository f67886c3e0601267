import type PgBoss from 'pg-boss';
import { JOB_QUEUES } from '../job-queues.js';
import { runDueSchedules, type ScheduleRunnerDeps } from '../modules/platform/report-schedules/index.js';

/**
 * Scheduled reports: a tick every minute (pg-boss cron; schedules are due on the hour, UTC) and a job
 * whenever someone asks for a run now. Any number of workers may run ticks at once: each run is
 * claimed by one of them (report_schedules' lease), so a report is mailed once.
 */
export async function startReportScheduleJobs(boss: PgBoss, deps: ScheduleRunnerDeps): Promise<() => Promise<void>> {
  await boss.work(JOB_QUEUES.reportSchedules, { pollingIntervalSeconds: 1, batchSize: 1 }, async () => {
    await runDueSchedules(deps);
  });
  await boss.schedule(JOB_QUEUES.reportSchedules, '* * * * *');
  return () => boss.offWork(JOB_QUEUES.reportSchedules);
}
