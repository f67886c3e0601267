import type { Db } from '../../db/client.js';
import type { OperationOutcome, OperationRequest } from '../adapter.js';
import { AcceptedWrites, handleDeliverSm } from './inbound.js';
import { SmppLink, type LinkState } from './smpp-link.js';
import { parseSmppUrl } from './smpp-url.js';
import { sendSms } from './sms-sender.js';
import { writeLinkState } from './sms-repository.js';

export interface SmppSms {
  /** Sends the operation's SMS, one per SIM; ok when the SMSC accepted it (status queued), else its reason. */
  execute(request: OperationRequest): Promise<OperationOutcome[]>;
  close(): Promise<void>;
}

/**
 * SMS over SMPP 3.4 (SMPP_URL): one transceiver bind to the SMSC for submit_sm out and deliver_sm
 * in (delivery receipts and mobile-originated messages), kept in sms_messages; the link's state
 * goes to network_links (link 'smpp') for Tools → Network.
 */
export function startSmppSms(options: { url: string; db: Db; log: (message: string) => void }): SmppSms {
  const { db, log } = options;
  const address = parseSmppUrl(options.url);
  const accepted = new AcceptedWrites();
  // Writes in the order the states happened; a failed write is logged, never thrown at the link.
  let written: Promise<void> = Promise.resolve();
  const recordState = (state: LinkState, detail: { error?: string }) => {
    const row = { address: address.display, system_id: address.systemId, ...detail };
    written = written
      .then(() => writeLinkState(db, state, row))
      .catch((error: unknown) => log(`SMPP: link state not recorded: ${error instanceof Error ? error.message : String(error)}`));
  };
  const link = new SmppLink({
    address,
    log,
    onState: recordState,
    onDeliverSm: (pdu, respond) => handleDeliverSm({ db, accepted, log }, pdu, respond),
  });
  link.start();
  return {
    execute: (request) => sendSms({ db, link, accepted, source: address.source }, request),
    close: async () => {
      await link.close();
      await written;
    },
  };
}
