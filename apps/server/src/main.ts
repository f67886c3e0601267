import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { fileStoreFor } from './storage/file-store.js';
import { createSealer } from './auth/sealing.js';
import { resolveJwtSecret, resolveSimKeysSecret } from './auth/secret.js';
import { buildApp } from './app.js';
import { loadConfig, publicUrl, shouldSeedDemo, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { isDatabaseUnavailable } from './db/connection-errors.js';
import { createErrorReporter } from './db/outage-report.js';
import { untilDatabaseAnswers } from './db/wait-for-database.js';
import { startJobQueue } from './jobs/boss.js';
import { startBillingJobs } from './jobs/billing-jobs.js';
import { startNetworkJobs } from './jobs/network-jobs.js';
import { startContentJobs } from './modules/content/banner/jobs.js';
import { seedFaqOnce } from './modules/content/faq/service.js';
import { createMailer } from './delivery/mail.js';
import { startNotifyDelivery } from './modules/platform/notify-methods/jobs.js';
import { startQueueWorker } from './jobs/queue-worker.js';
import { startReportWorker } from './modules/platform/generated-reports/jobs.js';
import { startReportScheduleJobs } from './jobs/report-schedule-jobs.js';
import { startRadiusAccounting } from './network/radius/listener.js';
import { createNetwork } from './network/create-adapter.js';
import { simulatorDefaults } from './network/simulator-settings.js';
import { EventBus } from './realtime/bus.js';
import { DEMO_USERS, seedDemo } from './seed/demo.js';
import { startHousekeeping } from './worker/housekeeping.js';
import { describeError, describeErrorWithStack } from './log/loggable-error.js';

type Stop = () => Promise<void> | void;

const reportError = createErrorReporter((message) => console.error(message));

// pg-boss completes and fails jobs without awaiting the query: if the database is away or refuses
// at that moment the rejection is unhandled, and Node would end the process. Such a rejection is
// reported (the job is retried or expires); any other is a bug and still ends the process.
process.on('unhandledRejection', (reason) => {
  if (isDatabaseUnavailable(reason)) return reportError('background database call failed', reason);
  // Once shutdown has begun, a late call into what was just closed (a pool ended under a timer that
  // fired late) is reported; the exit code tells whether the shutdown itself went cleanly.
  if (stopping) return reportError('background call failed during shutdown', reason);
  endOnBug('unhandled rejection', reason);
});
// Node itself would print the error with all its properties, a failed query's parameters among them.
process.on('uncaughtException', (error) => endOnBug('uncaught exception', error));

/** Set when SIGTERM or SIGINT starts the shutdown. */
let stopping = false;

function endOnBug(kind: string, error: unknown): never {
  console.error(`${kind}: ${describeErrorWithStack(error)}`);
  process.exit(1);
}

/** Starts the roles this process plays: `all` (API + worker), `api` or `worker`. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const { jwtSecret, seeded, sealer } = await untilDatabaseAnswers(async () => {
    await database.migrate();
    return database.withStartupLock(async () => {
      const sealer = createSealer(await resolveSimKeysSecret(database.db, config.SIM_KEYS_SECRET));
      return {
        sealer,
        jwtSecret: await resolveJwtSecret(database.db, config.JWT_SECRET),
        seeded: shouldSeedDemo(config) ? await seedDemo(database.db, config.DEMO_PASSWORD, sealer, { usageDays: config.DEMO_USAGE_DAYS }) : false,
        faqSeeded: await seedFaqOnce(database.db),
      };
    });
  }, (message) => console.warn(message));
  const works = config.ROLE !== 'api';
  const jobs = await startJobQueue(database, { works, reportError });
  const bus = new EventBus(database);
  const files = fileStoreFor(config.DATA_DIR, tmpdir());
  const log = (message: string) => console.log(message);
  const network = createNetwork({ config, db: database.db, sealer, log });
  // Stopped in order: stop taking requests, finish jobs, then close the job queue and the database.
  const stops: Stop[] = [];

  if (config.ROLE !== 'worker') {
    const { app, hub } = await buildApp({ config, database, jwtSecret, sealer, network, jobs, bus, files });
    await bus.listen();
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    stops.push(async () => {
      hub.closeAll();
      await closeServing(app);
      await bus.close();
    });
    printWelcome(address, config, seeded);
  }
  if (works) {
    stops.push(startHousekeeping(database.db, log, { embedded: database.kind === 'pglite' }));
    stops.push(
      await startQueueWorker(
        jobs,
        {
          db: database.db,
          network: network.adapter,
          bus,
          batchSize: config.QUEUE_BATCH_SIZE,
          staleSeconds: config.QUEUE_STALE_SECONDS,
          progressIntervalMs: config.QUEUE_PROGRESS_INTERVAL_MS,
        },
        config.QUEUE_CONCURRENCY,
        log,
      ),
    );
    stops.push(
      await startReportWorker(
        jobs,
        {
          db: database.db,
          bus,
          files,
          progressIntervalMs: config.QUEUE_PROGRESS_INTERVAL_MS,
          staleSeconds: config.QUEUE_STALE_SECONDS,
        },
        config.REPORT_CONCURRENCY,
        log,
      ),
    );
    stops.push(
      await startNotifyDelivery(jobs, {
        db: database.db,
        config,
        mailer: createMailer({
          smtpUrl: config.SMTP_URL,
          db: database.db,
          log: { warn: (details, message) => console.warn(message, details) },
        }),
        retry: { retryLimit: config.NOTIFY_RETRY_LIMIT, retryDelaySeconds: config.NOTIFY_RETRY_DELAY_SECONDS },
        log,
      }),
    );
    stops.push(
      await startReportScheduleJobs(jobs, {
        db: database.db,
        bus,
        jobs,
        files,
        ttlDays: config.GENERATED_REPORTS_TTL_DAYS,
        maxRunning: config.QUEUE_MAX_RUNNING_PER_COMPANY,
        progressIntervalMs: config.QUEUE_PROGRESS_INTERVAL_MS,
        staleSeconds: config.QUEUE_STALE_SECONDS,
        mailer: createMailer({ smtpUrl: config.SMTP_URL, db: database.db, log: { warn: (details, message) => console.warn(message, details) } }),
        publicUrl: publicUrl(config),
        log,
      }),
    );
    await startNetworkJobs(jobs, { db: database.db, bus, defaults: simulatorDefaults(config), network });
    await startContentJobs(jobs, { bus });
    if (config.RADIUS_ACCT_ADDR) {
      const radius = await startRadiusAccounting({ db: database.db, bus, sealer, listen: config.RADIUS_ACCT_ADDR, loopbackSecret: config.RADIUS_SECRET });
      log(`RADIUS accounting on ${radius.address}:${radius.port}`);
      stops.push(() => radius.close());
    }
    await startBillingJobs(jobs, { db: database.db, bus, jobs, graceHours: config.BILLING_GRACE_HOURS }, config.BILLING_CRON);
    // A worker serves no page: this line is how whoever started it knows it is taking jobs.
    log(`worker ${process.pid} is taking jobs`);
  }
  stops.push(() => jobs.stop({ graceful: true, wait: true, timeout: 8000 }));
  stops.push(() => network.close());

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    // Long enough for running jobs (8 s) and the database to close on a loaded machine; a hang still ends.
    const force = setTimeout(() => {
      console.error('shutdown: forced exit after 25 s');
      process.exit(1);
    }, 25_000);
    force.unref();
    (async () => {
      for (const [index, stop] of [...stops, () => database.close()].entries()) {
        // A hang shows in the log as the step it is stuck in (forced exits were silent).
        const slow = setTimeout(() => log(`shutdown: step ${index + 1} of ${stops.length + 1} still running after 5 s`), 5000);
        slow.unref();
        await stop();
        clearTimeout(slow);
      }
    })()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(`shutdown failed: ${describeErrorWithStack(error)}`);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** How long the shutdown lets answers on their way reach their clients before it cuts the connections. */
const ANSWER_GRACE_MS = 10_000;

/**
 * Stops taking requests and lets running ones answer; a client that stops reading its answer (a
 * probe that never reads the body, a stalled phone) would otherwise hold the shutdown until the
 * forced exit, so its connection is cut after the grace.
 */
async function closeServing(app: FastifyInstance): Promise<void> {
  const cut = setTimeout(() => app.server.closeAllConnections(), ANSWER_GRACE_MS);
  cut.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}

function printWelcome(address: string, config: Config, seeded: boolean): void {
  const url = address.replace('127.0.0.1', 'localhost');
  console.log(`\nSIM cabinet is running at ${url}\nAPI docs: ${url}/api/docs`);
  if (seeded || shouldSeedDemo(config)) {
    console.log(`Demo logins (password "${config.DEMO_PASSWORD}"):`);
    for (const user of DEMO_USERS) console.log(`  ${user.email.padEnd(22)} ${user.role}`);
  }
  console.log('');
}

main().catch((error: unknown) => {
  console.error(describeError(error));
  process.exit(1);
});
