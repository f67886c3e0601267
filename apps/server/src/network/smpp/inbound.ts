import smpp, { type Pdu } from 'smpp';
import type { Db } from '../../db/client.js';
import { readDeliverSm } from './deliver-sm.js';
import * as repo from './sms-repository.js';

/**
 * Message ids the SMSC has just answered whose row is still being written: the receipt may follow
 * the submit_sm_resp in the same read, before that write commits, and waits for it here.
 */
export class AcceptedWrites {
  private readonly writes = new Map<string, Promise<unknown>>();

  expect(messageId: string, write: Promise<unknown>): void {
    const settled = write.catch(() => undefined);
    this.writes.set(messageId, settled);
    void settled.then(() => {
      if (this.writes.get(messageId) === settled) this.writes.delete(messageId);
    });
  }

  async settled(messageId: string): Promise<void> {
    await this.writes.get(messageId);
  }
}

export interface InboundDeps {
  db: Db;
  accepted: AcceptedWrites;
  log: (message: string) => void;
}

/**
 * A receipt of another process's message (every transceiver of the same system_id may get it) can
 * come before that process wrote the message id: it is looked for again after these pauses.
 */
const RECEIPT_RETRY_MS = [200, 500, 1000];

/**
 * Every deliver_sm gets its deliver_sm_resp once it is handled: OK when stored or deliberately
 * dropped (unknown number, unknown receipt, malformed), a temporary error when the database failed,
 * so the SMSC delivers it again later.
 */
export function handleDeliverSm(deps: InboundDeps, pdu: Pdu, respond: (status: number) => void): void {
  handle(deps, pdu).then(
    () => respond(smpp.ESME_ROK),
    (error: unknown) => {
      deps.log(`SMPP: deliver_sm not stored, the SMSC will retry: ${error instanceof Error ? error.message : String(error)}`);
      respond(smpp.ESME_RX_T_APPN);
    },
  );
}

async function handle(deps: InboundDeps, pdu: Pdu): Promise<void> {
  const sms = readDeliverSm(pdu);
  if (sms.kind === 'invalid') {
    deps.log(`SMPP: deliver_sm dropped: ${sms.why}`);
    return;
  }
  if (sms.kind === 'receipt') {
    await deps.accepted.settled(sms.messageId);
    const receipt = { messageId: sms.messageId, status: sms.status, detail: sms.error && sms.error !== '000' ? `${sms.stat} err:${sms.error}` : sms.stat };
    for (const pause of [0, ...RECEIPT_RETRY_MS]) {
      if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
      if (await repo.applyReceipt(deps.db, receipt)) return;
    }
    deps.log(`SMPP: delivery receipt for unknown message id ${sms.messageId} (${sms.stat}) dropped`);
    return;
  }
  const sims = await repo.findSimsByMsisdn(deps.db, sms.from);
  const sim = sims[0];
  if (!sim || sims.length > 1) {
    deps.log(`SMPP: mobile-originated message from ${sms.from} dropped: ${sim ? 'several SIMs have that number' : 'no SIM has that number'}`);
    return;
  }
  await repo.insertIncoming(deps.db, { companyId: sim.company_id, simId: sim.id, peer: sms.to, text: sms.text });
}
