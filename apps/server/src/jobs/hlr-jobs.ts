import type PgBoss from 'pg-boss';
import type { Db } from '../db/client.js';
import { JOB_QUEUES } from '../job-queues.js';
import type { HlrLink } from '../network/create-adapter.js';
import { provisionSims } from '../network/hlr/provision-sims.js';
import { reconcileHlr } from '../network/hlr/reconcile.js';

export interface HlrReconcileJob {
  trigger: 'start' | 'tools';
}

export interface HlrProvisionJob {
  simIds: number[];
}

/**
 * The HLR's background work under NETWORK_ADAPTER=osmo-hlr: a reconcile on start and when root asks
 * (Tools), and the provisioning of SIMs an order allocated. Both are idempotent, so pg-boss may run
 * one again after a worker died in the middle of it.
 */
export async function startHlrJobs(boss: PgBoss, db: Db, hlr: HlrLink): Promise<void> {
  const deps = { db, subscribers: hlr.subscribers, provisioning: hlr.provisioning, records: hlr.records };
  await boss.work<HlrReconcileJob>(JOB_QUEUES.hlrReconcile, { batchSize: 1 }, async ([job]) => {
    if (job) await reconcileHlr(deps, job.data.trigger);
  });
  await boss.work<HlrProvisionJob>(JOB_QUEUES.hlrProvision, { batchSize: 1 }, async ([job]) => {
    if (!job) return;
    const { failed } = await provisionSims(deps, job.data.simIds);
    // pg-boss tries again later (the HLR may be away); SIMs already done are simply done again.
    if (failed > 0) throw new Error(`${failed} of ${job.data.simIds.length} SIMs not provisioned in the HLR`);
  });
  await boss.send(JOB_QUEUES.hlrReconcile, { trigger: 'start' } satisfies HlrReconcileJob);
}
