import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { createErrorReporter, type ReportError } from '../db/outage-report.js';
import { connectNotifyDelivery } from '../modules/platform/notify-methods/index.js';
import { createContentQueues } from '../modules/content/banner/index.js';
import { JOB_QUEUES } from '../job-queues.js';

/**
 * The job queue (pg-boss) on the app's own database. Every role can send jobs; only processes
 * that work (ROLE=worker|all) supervise and run schedules.
 */
export async function startJobQueue(
  database: Database,
  options: { works: boolean; reportError?: ReportError },
): Promise<PgBoss> {
  const connection = database.jobConnection;
  const boss = new PgBoss({
    ...('connectionString' in connection ? { connectionString: connection.connectionString, max: 4 } : { db: connection }),
    schema: 'pgboss',
    supervise: options.works,
    schedule: options.works,
    migrate: true,
  });
  // pg-boss reports its pool's lost connections and its pollers' failures here; without a listener
  // an 'error' event ends the process. Its pollers go on by themselves once the database is back.
  const report = options.reportError ?? createErrorReporter((message) => console.error(message));
  boss.on('error', (error) => report('job queue error', error));
  // pg-boss installs its schema on start; processes starting together would deadlock doing it at once.
  await database.withStartupLock(async () => {
    await boss.start();
    await boss.createQueue(JOB_QUEUES.queueBatch);
    // Periodic jobs run one at a time: a second tick would read spend the first has not written yet.
    await boss.createQueue(JOB_QUEUES.networkActivity, { name: JOB_QUEUES.networkActivity, policy: 'singleton' });
    await connectNotifyDelivery(boss, database.db);
    await boss.createQueue(JOB_QUEUES.billingCycle, { name: JOB_QUEUES.billingCycle, policy: 'singleton' });
    await createContentQueues(boss);
    await boss.createQueue(JOB_QUEUES.usageHousekeeping, { name: JOB_QUEUES.usageHousekeeping, policy: 'singleton' });
    await boss.createQueue(JOB_QUEUES.simEventsRetention, { name: JOB_QUEUES.simEventsRetention, policy: 'singleton' });
    await boss.createQueue(JOB_QUEUES.alertSilence, { name: JOB_QUEUES.alertSilence, policy: 'singleton' });
    await boss.createQueue(JOB_QUEUES.reportGenerate);
    await boss.createQueue(JOB_QUEUES.reportSchedules);
    // One reconcile runs and one waits at most: asking again while one waits adds nothing.
    await boss.createQueue(JOB_QUEUES.hlrReconcile, { name: JOB_QUEUES.hlrReconcile, policy: 'stately' });
    await boss.createQueue(JOB_QUEUES.hlrProvision);
  });
  return boss;
}
