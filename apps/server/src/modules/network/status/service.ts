import type { NetworkStatusResult, ReconcileReport } from '@cab/contract/network';
import type PgBoss from 'pg-boss';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { JOB_QUEUES } from '../../../job-queues.js';
import type { NetworkRuntime } from '../../../network/create-adapter.js';
import { HlrCtrlError } from '../../../network/hlr/ctrl-types.js';
import { lastReconcileRecord, type ReconcileRecord } from '../../../network/hlr/reconcile-repository.js';
import { listNetworkLinks } from './repository.js';

export interface NetworkStatusDeps {
  db: Db;
  jobs: PgBoss;
  network: NetworkRuntime;
}

/** An IMSI no SIM has: asking for it costs the HLR one lookup and proves it answers. */
const PROBE_IMSI = '001010000000000';
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** Tools → Network: the adapter, the HLR's connection and round trip, its last reconcile, the links. */
export async function networkStatus(deps: NetworkStatusDeps): Promise<NetworkStatusResult> {
  const [hlr, reconcile, links] = await Promise.all([
    hlrStatus(deps.network),
    deps.network.hlr ? lastReconcileRecord(deps.db) : null,
    listNetworkLinks(deps.db),
  ]);
  return {
    adapter: deps.network.kind,
    hlr,
    reconcile: reconcile && toReport(reconcile),
    links: links.map((row) => ({ link: row.link, state: row.state, detail: row.detail, updated: seconds(row.updatedAt) })),
  };
}

/** Asks the reconcile job to run; a second call while one waits adds nothing (the queue's policy). */
export async function startReconcile(deps: NetworkStatusDeps): Promise<{ queued: boolean }> {
  if (!deps.network.hlr) throw new AppError('network_not_hlr');
  const id = await deps.jobs.send(JOB_QUEUES.hlrReconcile, { trigger: 'tools' });
  return { queued: id !== null };
}

async function hlrStatus(network: NetworkRuntime): Promise<NetworkStatusResult['hlr']> {
  const hlr = network.hlr;
  if (!hlr) return null;
  const started = performance.now();
  let error: string | null = null;
  try {
    await hlr.client.get(`subscriber.by-imsi-${PROBE_IMSI}.info`);
  } catch (failure) {
    // The HLR's "No such subscriber." is an answer: the round trip counts.
    if (!(failure instanceof HlrCtrlError && failure.kind === 'hlr')) error = failure instanceof Error ? failure.message : String(failure);
  }
  const roundTrip = error === null ? Math.round((performance.now() - started) * 10) / 10 : null;
  return { address: hlr.address, state: hlr.client.state, round_trip_ms: roundTrip, error };
}

function toReport(record: ReconcileRecord): ReconcileReport {
  return {
    id: record.id,
    trigger: record.trigger,
    started: seconds(record.startedAt),
    finished: record.finishedAt && seconds(record.finishedAt),
    checked: record.checked,
    created: record.created,
    corrected: record.corrected,
    failed: record.failed,
    changes: record.changes.map(({ iccid = '', imsi = '', change, reason }) => ({ iccid, imsi, ...(change ? { change } : {}), ...(reason ? { reason } : {}) })),
    error: record.error,
  };
}
