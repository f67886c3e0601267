import type PgBoss from 'pg-boss';
import type { Db } from '../../../db/client.js';
import { DeliveryError } from '../../../delivery/http.js';
import { describeError } from '../../../log/loggable-error.js';
import { type NotificationEventStored, onNotificationEvent } from '../notify/index.js';
import { deliverOnce, type DeliverDeps, type DeliveryEvent } from './deliver.js';
import * as repo from './repository.js';
import { workEach } from '../../../pg-boss/work-each.js';
import { connectSimEventDelivery, dispatchSimEvents, SIM_EVENTS_QUEUE, type SimEventsJob } from './sim-event-webhooks.js';

/**
 * A company's events are dispatched and delivered in the order they happened ("issued" before "paid");
 * companies side by side. Dispatch only writes delivery rows; delivery waits on receivers (up to
 * NOTIFY_TIMEOUT_MS each), so more of them at once.
 */
const DISPATCH_WORK = { batchSize: 20, concurrency: 4 };
const DELIVER_WORK = { batchSize: 16, concurrency: 8 };

export const NOTIFY_QUEUES = { dispatch: 'notify-dispatch', deliver: 'notify-deliver', simEvents: SIM_EVENTS_QUEUE } as const;

export interface DeliveryRetry {
  retryLimit: number;
  retryDelaySeconds: number;
}

interface DeliverJob {
  companyId: number;
  deliveryId: number;
}

/** A delivery job: pg-boss retries it `retryLimit` times, each wait about double the last. */
export async function enqueueDelivery(boss: PgBoss, retry: DeliveryRetry, job: DeliverJob): Promise<void> {
  await boss.send(NOTIFY_QUEUES.deliver, job, {
    retryLimit: retry.retryLimit,
    retryDelay: retry.retryDelaySeconds,
    retryBackoff: true,
  });
}

/** Hands a committed event to the workers; the caller does not wait for any channel. */
export async function enqueueDispatch(boss: PgBoss, event: NotificationEventStored): Promise<void> {
  await boss.send(NOTIFY_QUEUES.dispatch, event, { retryLimit: 3, retryDelay: 5, retryBackoff: true });
}

export interface NotifyWorkerDeps extends DeliverDeps {
  db: Db;
  retry: DeliveryRetry;
  log: (message: string) => void;
}

/**
 * One delivery row per (event, method whose flag matches): an event told to every admin reaches a
 * method once, and a re-run dispatch finds its rows already there.
 */
async function dispatch(boss: PgBoss, deps: NotifyWorkerDeps, stored: NotificationEventStored): Promise<void> {
  const notification = await repo.findEventNotification(deps.db, stored.companyId, stored.eventKey);
  if (!notification) return;
  const event: DeliveryEvent = {
    id: notification.id,
    event_key: stored.eventKey,
    type: stored.webhook?.type ?? notification.type,
    category: stored.category,
    text: notification.text,
    created_at: notification.createdAt.toISOString(),
    company_id: notification.companyId,
    ...(stored.webhook ? { [stored.webhook.key]: stored.webhook.data } : {}),
  };
  for (const method of await repo.findMethodsFor(deps.db, stored.companyId, stored.category)) {
    const row = await repo.insertDelivery(deps.db, {
      companyId: stored.companyId,
      methodId: method.id,
      notificationId: notification.id,
      eventKey: stored.eventKey,
      payload: { ...event },
    });
    if (row) await enqueueDelivery(boss, deps.retry, { companyId: row.companyId, deliveryId: row.id });
  }
}

/** One attempt; a failure that may pass is thrown back to pg-boss so it retries with backoff. */
async function deliver(deps: NotifyWorkerDeps, job: PgBoss.JobWithMetadata<DeliverJob>): Promise<void> {
  const { companyId, deliveryId } = job.data;
  const delivery = await repo.findDelivery(deps.db, companyId, deliveryId);
  if (delivery?.status !== 'pending') return;
  await repo.countAttempt(deps.db, companyId, deliveryId);
  try {
    const method = await repo.findMethod(deps.db, companyId, delivery.methodId);
    if (!method) throw new DeliveryError('the notification method was deleted', null, true);
    const result = await deliverOnce(deps, method, delivery);
    await repo.recordOutcome(deps.db, companyId, deliveryId, {
      status: 'sent',
      responseStatus: result.responseStatus,
      lastError: null,
    });
  } catch (error) {
    // Anything else (a bug, a database hiccup) is kept out of the log admins read.
    const failure = error instanceof DeliveryError ? error : new DeliveryError('delivery_failed');
    if (!(error instanceof DeliveryError)) deps.log(`notification delivery ${deliveryId} broke: ${describeError(error)}`);
    const final = failure.permanent || job.retryCount >= job.retryLimit;
    await repo.recordOutcome(deps.db, companyId, deliveryId, {
      status: final ? 'failed' : 'pending',
      responseStatus: failure.responseStatus,
      lastError: failure.message.slice(0, 500),
    });
    deps.log(
      `notification delivery ${deliveryId} (company ${companyId}) ${final ? 'failed' : 'will be retried'}: ${failure.message}`,
    );
    if (!final) throw failure;
  }
}

/**
 * Creates the delivery queues and sends every notification event this process announces to them:
 * any role may create notifications, only workers deliver them.
 */
export async function connectNotifyDelivery(boss: PgBoss, db: Db): Promise<void> {
  await boss.createQueue(NOTIFY_QUEUES.dispatch);
  await boss.createQueue(NOTIFY_QUEUES.deliver);
  const off = onNotificationEvent((event) => {
    enqueueDispatch(boss, event).catch((error: unknown) => console.error(`notification delivery not queued: ${describeError(error)}`));
  });
  await connectSimEventDelivery(boss, db);
  // Several apps may live in one process one after another (the tests): a stopped queue's hook goes.
  boss.once('stopped', off);
}

/** Works notification delivery in this process (ROLE=worker|all). */
export async function startNotifyDelivery(boss: PgBoss, deps: NotifyWorkerDeps): Promise<() => Promise<void>> {
  await workEach<NotificationEventStored>(boss, NOTIFY_QUEUES.dispatch, { ...DISPATCH_WORK, orderedBy: (job) => job.data.companyId }, (job) =>
    dispatch(boss, deps, job.data),
  );
  await workEach<DeliverJob>(boss, NOTIFY_QUEUES.deliver, { ...DELIVER_WORK, orderedBy: (job) => job.data.companyId }, (job) => deliver(deps, job));
  await workEach<SimEventsJob>(boss, NOTIFY_QUEUES.simEvents, { ...DISPATCH_WORK, orderedBy: (job) => job.data.companyId }, async (job) => {
    for (const delivery of await dispatchSimEvents(deps.db, job.data)) await enqueueDelivery(boss, deps.retry, delivery);
  });
  return async () => {
    await boss.offWork(NOTIFY_QUEUES.dispatch);
    await boss.offWork(NOTIFY_QUEUES.deliver);
    await boss.offWork(NOTIFY_QUEUES.simEvents);
  };
}
