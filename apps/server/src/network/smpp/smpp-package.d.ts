/**
 * Types for the npm `smpp` package (0.5.1 ships none): only what the cabinet uses of it — a session
 * (client or server side), its PDUs, the server, and the constants. PDU fields keep the SMPP names.
 */
declare module 'smpp' {
  import type { Socket, Server as NetServer } from 'node:net';

  /** short_message as the package decodes it: the text (or raw bytes of an unknown coding) and any UDH. */
  interface DecodedMessage {
    message: string | Buffer;
    udh?: Buffer[];
  }

  interface Pdu {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    system_id?: string;
    password?: string;
    message_id?: string;
    service_type?: string;
    source_addr_ton?: number;
    source_addr_npi?: number;
    source_addr?: string;
    dest_addr_ton?: number;
    dest_addr_npi?: number;
    destination_addr?: string;
    esm_class?: number;
    registered_delivery?: number;
    data_coding?: number;
    short_message?: DecodedMessage | Buffer | string;
    message_payload?: DecodedMessage | Buffer | string;
    receipted_message_id?: string;
    message_state?: number;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
  }

  type PduCallback = (pdu: Pdu) => void;

  interface Session {
    readonly socket: Socket;
    on(event: 'connect' | 'close', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: string, listener: PduCallback): this;
    send(pdu: Pdu, responseCallback?: PduCallback): boolean;
    bind_transceiver(options: Record<string, unknown>, responseCallback?: PduCallback): boolean;
    submit_sm(options: Record<string, unknown>, responseCallback?: PduCallback): boolean;
    deliver_sm(options: Record<string, unknown>, responseCallback?: PduCallback): boolean;
    enquire_link(responseCallback?: PduCallback): boolean;
    unbind(responseCallback?: PduCallback): boolean;
    pause(): void;
    resume(): void;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
  }

  interface Server extends NetServer {
    readonly sessions: Session[];
  }

  interface SmppPackage {
    connect(options: { host: string; port: number }): Session;
    createServer(options: Record<string, unknown>, listener: (session: Session) => void): Server;
    PDU: new (command: string, options?: Record<string, unknown>) => Pdu;
    ESME_ROK: number;
    ESME_RBINDFAIL: number;
    ESME_RINVDSTADR: number;
    ESME_RSUBMITFAIL: number;
    ESME_RSYSERR: number;
    ESME_RX_T_APPN: number;
    ESM_CLASS: { MC_DELIVERY_RECEIPT: number; INTERMEDIATE_DELIVERY: number };
    REGISTERED_DELIVERY: { FINAL: number };
    ENCODING: { SMSC_DEFAULT: number; UCS2: number };
  }

  const smpp: SmppPackage;
  export default smpp;
  export type { DecodedMessage, Pdu, Server, Session };
}
