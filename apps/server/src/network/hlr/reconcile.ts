import type { Executor } from '../../db/client.js';
import { HlrCtrlError } from './ctrl-types.js';
import { failureReason, isHlrRefusal, mapLimited } from './hlr-outcomes.js';
import type { HlrSubscriberInfo, HlrSubscribers } from './hlr-subscribers.js';
import type { SubscriberProvisioning, SubscriberRecords } from './provisioning.js';
import { saveReconcileRecord, simsWithImsi, startReconcileRecord, type ProvisionedSim, type ReconcileTotals } from './reconcile-repository.js';

const PAGE = 500;
const SIMS_AT_ONCE = 64;
/**
 * A SIM the HLR left unanswered (a request past its deadline, a connection dropped and reopened) is
 * asked again after these pauses, fewer at once: on a loaded machine osmo-hlr fell seconds behind and
 * a reconcile on start stopped at 1,000 of 5,000 SIMs with 244 "failed" that were only late.
 */
const RETRY_PAUSES_MS = [1_000, 4_000];
const SIMS_AT_ONCE_ON_RETRY = 8;
/** Changes and failures kept in the report; the counts cover all of them. */
const REPORT_LINES = 100;

export interface ReconcileDeps {
  db: Executor;
  subscribers: HlrSubscribers;
  provisioning: SubscriberProvisioning;
  records: SubscriberRecords;
}

type SimResult = { kind: 'ok' } | { kind: 'created' } | { kind: 'corrected'; change: string } | { kind: 'failed'; reason: string };

/**
 * Makes the HLR match the cabinet: every SIM with an IMSI exists there with its MSISDN and keys, a
 * blocked SIM has data and voice/SMS off, an unblocked one has voice/SMS on. Data access of an
 * unblocked SIM is left as it is: a disconnect (data off) is a state the cabinet does not keep.
 * The report (hlr_reconciles) is saved after every page, so a reconcile cut short still tells what it
 * did; an HLR that stays silent through the retries ends it with that error. Running it again
 * changes nothing more.
 */
export async function reconcileHlr(deps: ReconcileDeps, trigger: string): Promise<number> {
  const id = await startReconcileRecord(deps.db, trigger);
  const totals: ReconcileTotals = { checked: 0, created: 0, corrected: 0, failed: 0, changes: [] };
  let afterId = 0;
  try {
    for (;;) {
      const page = await simsWithImsi(deps.db, afterId, PAGE);
      if (page.length === 0) break;
      afterId = page[page.length - 1]?.simId ?? afterId;
      const results = await reconcilePage(deps, page);
      page.forEach((sim, at) => count(totals, sim, results[at] as SimResult));
      // Still unanswered after the retries: the HLR is gone; stop rather than list thousands.
      if (results.some(unanswered)) {
        throw new HlrCtrlError('connection', 'the HLR stopped answering');
      }
      await saveReconcileRecord(deps.db, id, totals, { finished: false });
    }
    await saveReconcileRecord(deps.db, id, totals, { finished: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await saveReconcileRecord(deps.db, id, totals, { finished: true, error: message });
  }
  return id;
}

const unanswered = (result: SimResult | undefined) => result?.kind === 'failed' && result.reason === 'hlr_unreachable';

/** One page of SIMs; those the HLR did not answer are asked again (RETRY_PAUSES_MS). */
async function reconcilePage(deps: ReconcileDeps, page: ProvisionedSim[]): Promise<SimResult[]> {
  const results = await mapLimited(page, SIMS_AT_ONCE, (sim) => reconcileSim(deps, sim));
  for (const pause of RETRY_PAUSES_MS) {
    const again = page.flatMap((_, at) => (unanswered(results[at]) ? [at] : []));
    if (again.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, pause));
    const retried = await mapLimited(again, SIMS_AT_ONCE_ON_RETRY, (at) => reconcileSim(deps, page[at] as ProvisionedSim));
    again.forEach((at, nth) => (results[at] = retried[nth] as SimResult));
  }
  return results;
}

async function reconcileSim(deps: ReconcileDeps, sim: ProvisionedSim): Promise<SimResult> {
  try {
    let info: HlrSubscriberInfo;
    try {
      info = await deps.subscribers.info(sim.imsi);
    } catch (error) {
      if (!isHlrRefusal(error)) throw error;
      const [record] = await deps.records([sim.simId]);
      if (!record) return { kind: 'failed', reason: 'sim_not_in_stock' };
      await deps.provisioning.provision(record, { blocked: sim.blocked });
      return { kind: 'created' };
    }
    const changes: string[] = [];
    if (info.msisdn !== sim.msisdn) {
      await deps.subscribers.setMsisdn(sim.imsi, sim.msisdn);
      changes.push(`msisdn ${info.msisdn ?? 'none'} → ${sim.msisdn}`);
    }
    if (sim.blocked && info.psEnabled) {
      await deps.subscribers.setPsEnabled(sim.imsi, false);
      changes.push('data off (blocked)');
    }
    const wantCs = !sim.blocked;
    if (info.csEnabled !== wantCs) {
      await deps.subscribers.setCsEnabled(sim.imsi, wantCs);
      changes.push(wantCs ? 'voice/SMS on (not blocked)' : 'voice/SMS off (blocked)');
    }
    return changes.length === 0 ? { kind: 'ok' } : { kind: 'corrected', change: changes.join(', ') };
  } catch (error) {
    return { kind: 'failed', reason: failureReason(error) };
  }
}

function count(totals: ReconcileTotals, sim: ProvisionedSim, result: SimResult): void {
  totals.checked++;
  const line = (entry: Record<string, string>) => {
    if (totals.changes.length < REPORT_LINES) totals.changes.push({ iccid: sim.iccid, imsi: sim.imsi, ...entry });
  };
  if (result.kind === 'created') {
    totals.created++;
    line({ change: 'created' });
  } else if (result.kind === 'corrected') {
    totals.corrected++;
    line({ change: result.change });
  } else if (result.kind === 'failed') {
    totals.failed++;
    line({ reason: result.reason });
  }
}
