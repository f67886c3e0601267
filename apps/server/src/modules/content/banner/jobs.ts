import type PgBoss from 'pg-boss';
import type { EventBus } from '../../../realtime/bus.js';

export const CONTENT_JOB = {
  /** A banner's start or end time came: open cabinets re-read their user data. */
  bannerEdge: 'content-banner-edge',
} as const;

export async function createContentQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(CONTENT_JOB.bannerEdge);
}

export async function startContentJobs(boss: PgBoss, deps: { bus: EventBus }): Promise<void> {
  await boss.work(CONTENT_JOB.bannerEdge, async () => {
    await deps.bus.publish({}, { type: 'portal_update', data: {} });
  });
}
