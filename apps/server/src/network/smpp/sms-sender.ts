import type { Db } from '../../db/client.js';
import type { OperationOutcome, OperationRequest, SimRef } from '../adapter.js';
import type { AcceptedWrites } from './inbound.js';
import { SubmitError, type SmppLink } from './smpp-link.js';
import { addressType, bareNumber, dataCodingFor, textRejection } from './sms-encoding.js';
import * as repo from './sms-repository.js';

export interface SenderDeps {
  db: Db;
  link: SmppLink;
  accepted: AcceptedWrites;
  /** Source address of outgoing messages ('' lets the SMSC choose). */
  source: string;
}

/** How long a batch waits for a bind (a reconnect under way) before each SIM fails smsc_unavailable. */
export const BIND_WAIT_MS = 3000;
/** submit_sm on the wire at once: enough to keep the link busy, few enough not to be throttled. */
const WINDOW = 10;
/** registered_delivery: a receipt for the final outcome, delivered or not. */
const FINAL_RECEIPT = 1;

const failed = (simId: number, reason: string): OperationOutcome => ({ simId, ok: false, reason });

/** `queue:<id>` → the queue item's id; messages are keyed by it. */
export function queueIdOf(prefix: string): number | null {
  const match = /^queue:(\d{1,15})$/.exec(prefix);
  return match ? Number(match[1]) : null;
}

/**
 * Sends an operation's SMS, one per SIM, never twice: each message is recorded before its submit_sm,
 * and a repeated request for the same operation and SIM answers from that record. ok means the
 * SMSC accepted the message (status queued); its receipt later makes it delivered or failed.
 */
export async function sendSms(deps: SenderDeps, request: OperationRequest): Promise<OperationOutcome[]> {
  const sims = [...new Map(request.sims.map((sim) => [sim.simId, sim])).values()];
  const text = request.params.text ?? '';
  const queueId = queueIdOf(request.idempotencyPrefix);
  const refusal = request.operation !== 'sms' ? 'operation_not_supported' : (textRejection(text) ?? (queueId === null ? 'sms_needs_operation' : null));
  if (refusal || queueId === null) return sims.map((sim) => failed(sim.simId, refusal ?? 'sms_needs_operation'));

  const outcomes = await answerEarlier(deps.db, queueId, sims);
  const answered = new Set(outcomes.map((o) => o.simId));
  const fresh = sims.filter((sim) => !answered.has(sim.simId));
  if (fresh.length === 0) return outcomes;
  // Nothing goes while unbound, so nothing is recorded: a later operation may send these.
  if (!(await deps.link.waitBound(BIND_WAIT_MS))) return [...outcomes, ...fresh.map((sim) => failed(sim.simId, 'smsc_unavailable'))];

  const withNumber = fresh.filter((sim) => bareNumber(sim.msisdn) !== '');
  outcomes.push(...fresh.filter((sim) => bareNumber(sim.msisdn) === '').map((sim) => failed(sim.simId, 'sim_without_msisdn')));
  const mine = await repo.insertOutgoing(deps.db, { queueId, text, peer: deps.source || null }, withNumber);
  // A row another attempt wrote between our read and our insert answers for itself (it may be in flight there).
  outcomes.push(...(await answerEarlier(deps.db, queueId, withNumber.filter((sim) => !mine.has(sim.simId)), { inFlightElsewhere: true })));
  const toSend = withNumber.filter((sim) => mine.has(sim.simId));
  let next = 0;
  const lane = async () => {
    while (next < toSend.length) {
      const sim = toSend[next++];
      if (sim) outcomes.push(await submitOne(deps, { queueId, text }, sim));
    }
  };
  await Promise.all(Array.from({ length: Math.min(WINDOW, toSend.length) }, lane));
  return outcomes;
}

async function submitOne(deps: SenderDeps, message: { queueId: number; text: string }, sim: SimRef): Promise<OperationOutcome> {
  const key = { companyId: sim.companyId, queueId: message.queueId, simId: sim.simId };
  const source = addressType(deps.source);
  let recorded: Promise<void> = Promise.resolve();
  try {
    await deps.link.submit(
      {
        source_addr: deps.source,
        source_addr_ton: source.ton,
        source_addr_npi: source.npi,
        destination_addr: bareNumber(sim.msisdn),
        dest_addr_ton: 1,
        dest_addr_npi: 1,
        registered_delivery: FINAL_RECEIPT,
        data_coding: dataCodingFor(message.text),
        short_message: message.text,
      },
      (messageId) => {
        recorded = repo.markAccepted(deps.db, key, messageId);
        deps.accepted.expect(messageId, recorded);
      },
    );
  } catch (error) {
    if (!(error instanceof SubmitError)) throw error;
    await repo.markFailed(deps.db, [key], `${error.reason} ${error.detail}`);
    return failed(sim.simId, error.reason);
  }
  // Sent: should this write fail, the row stays queued without an id and a repeat answers smsc_unknown.
  await recorded;
  return { simId: sim.simId, ok: true };
}

/**
 * Outcomes of messages an earlier attempt recorded. A message the SMSC took (it has an id) was sent,
 * whatever its receipt said since. One left queued without an id was recorded and then the process
 * stopped before the SMSC's answer: it may or may not have gone, and sending it again could send it
 * twice, so it is reported failed (smsc_unknown) instead — a retry of the operation sends it anew.
 * One another attempt has just written is left as it is: that attempt is still sending it.
 */
async function answerEarlier(db: Db, queueId: number, sims: SimRef[], options = { inFlightElsewhere: false }): Promise<OperationOutcome[]> {
  if (sims.length === 0) return [];
  const rows = await repo.findOutgoing(db, queueId, sims);
  const stuck = options.inFlightElsewhere ? [] : rows.filter((row) => row.status === 'queued' && row.smsc_message_id === null);
  const stuckDetail = 'smsc_unknown interrupted before submit_sm_resp';
  await repo.markFailed(
    db,
    stuck.map((row) => ({ companyId: row.company_id, queueId, simId: row.sim_id })),
    stuckDetail,
  );
  return rows.map((row) => {
    if (row.smsc_message_id !== null) return { simId: row.sim_id, ok: true };
    const detail = row.status === 'queued' ? stuckDetail : (row.detail ?? 'smsc_unknown');
    return failed(row.sim_id, detail.split(' ')[0] ?? 'smsc_unknown');
  });
}
