import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import smpp, { type Pdu, type Server, type Session } from 'smpp';

/** A message the SMSC took, as it decoded it. */
export interface SubmittedSms {
  destination: string;
  dataCoding: number;
  text: string;
  messageId: string;
}

export interface TestSmsc {
  /** smpp://system_id:password@127.0.0.1:port */
  readonly url: string;
  readonly submitted: SubmittedSms[];
  /** Successful bind_transceiver calls so far (a reconnect adds one). */
  readonly binds: number;
  /** Sends a mobile-originated deliver_sm on a bound session; resolves with its deliver_sm_resp's status. */
  sendMo(from: string, to: string, text: string): Promise<number>;
  /** Stops reading its open sessions, keeping their connections: a hung SMSC, only enquire_link notices. */
  silence(): void;
  /** Stops listening and drops every session (the SMSC goes down). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

export interface TestSmscOptions {
  systemId: string;
  password: string;
  /** A destination number ending in this digit gets an UNDELIV receipt; every other one DELIVRD. */
  undeliveredDigit: string;
}

const RECEIPT_ESM_CLASS = 0x04;

/**
 * An SMPP 3.4 SMSC for tests, made with the npm smpp package's server on 127.0.0.1: accepts a
 * transceiver bind with one system_id and password, answers submit_sm with a message_id and then
 * sends its delivery receipt at once (the way a fast SMSC does, in the same write burst).
 */
export async function startTestSmsc(options: TestSmscOptions): Promise<TestSmsc> {
  const submitted: SubmittedSms[] = [];
  const bound = new Set<Session>();
  let binds = 0;
  let server: Server | null = null;
  let port = 0;

  const onSession = (session: Session) => {
    session.on('error', () => bound.delete(session));
    session.on('close', () => bound.delete(session));
    session.on('bind_transceiver', (pdu) => {
      if (pdu.system_id !== options.systemId || pdu.password !== options.password) {
        session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
        session.close();
        return;
      }
      binds += 1;
      bound.add(session);
      session.send(pdu.response({ system_id: 'test-smsc' }));
    });
    session.on('enquire_link', (pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu) => {
      bound.delete(session);
      session.send(pdu.response());
      session.close();
    });
    session.on('submit_sm', (pdu) => {
      if (!bound.has(session)) return session.send(pdu.response({ command_status: 0x04 }));
      const messageId = randomBytes(8).toString('hex');
      const destination = pdu.destination_addr ?? '';
      submitted.push({ destination, dataCoding: pdu.data_coding ?? 0, text: messageText(pdu), messageId });
      session.send(pdu.response({ message_id: messageId }));
      if (((pdu.registered_delivery ?? 0) & 0x03) === 0) return;
      const stat = destination.endsWith(options.undeliveredDigit) ? 'UNDELIV' : 'DELIVRD';
      session.deliver_sm({
        source_addr: destination,
        destination_addr: pdu.source_addr ?? '',
        esm_class: RECEIPT_ESM_CLASS,
        data_coding: 0,
        short_message: `id:${messageId} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:2611280000 done date:2611280000 stat:${stat} err:${stat === 'DELIVRD' ? '000' : '001'} text:`,
      });
    });
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const created = smpp.createServer({}, onSession);
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => {
        port = (created.address() as AddressInfo).port;
        server = created;
        resolve();
      });
    });
  await listen();

  return {
    url: `smpp://${options.systemId}:${options.password}@127.0.0.1:${port}`,
    submitted,
    get binds() {
      return binds;
    },
    sendMo: (from, to, text) =>
      new Promise((resolve, reject) => {
        const session = [...bound][0];
        if (!session) return reject(new Error('no bound session to deliver to'));
        const timer = setTimeout(() => reject(new Error('no deliver_sm_resp in 5 s')), 5000);
        session.deliver_sm({ source_addr: from, destination_addr: to, short_message: text }, (resp) => {
          clearTimeout(timer);
          resolve(resp.command_status);
        });
      }),
    silence: () => {
      for (const session of server?.sessions ?? []) session.pause();
    },
    stop: async () => {
      const current = server;
      server = null;
      if (!current) return;
      for (const session of current.sessions) session.destroy();
      bound.clear();
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    start: listen,
  };
}

function messageText(pdu: Pdu): string {
  const message = pdu.short_message;
  if (!message || typeof message === 'string' || Buffer.isBuffer(message)) return String(message ?? '');
  return typeof message.message === 'string' ? message.message : message.message.toString('hex');
}
