import type { DecodedMessage, Pdu } from 'smpp';

/**
 * What a deliver_sm carries: a delivery receipt for a message the cabinet sent (esm_class message
 * type 0x04, or 0x20 for an intermediate notification), or a mobile-originated message.
 */
export type InboundSms =
  | { kind: 'receipt'; messageId: string; stat: string; status: 'delivered' | 'failed' | 'queued'; error: string | null }
  | { kind: 'mo'; from: string; to: string; text: string }
  | { kind: 'invalid'; why: string };

/** esm_class bits 2-5: the message type. */
const MESSAGE_TYPE_MASK = 0x3c;
const RECEIPT_TYPES = new Set([0x04, 0x20]);

/** SMPP 3.4 appendix B final states and what they make of a message; others (ENROUTE, ACCEPTD) are not final. */
const FINAL_STATS: Record<string, 'delivered' | 'failed'> = {
  DELIVRD: 'delivered',
  UNDELIV: 'failed',
  REJECTD: 'failed',
  EXPIRED: 'failed',
  DELETED: 'failed',
  UNKNOWN: 'failed',
};

/** The message_state TLV's values by name, for receipts that carry it instead of a stat: field. */
const MESSAGE_STATES: Record<number, string> = {
  1: 'ENROUTE',
  2: 'DELIVRD',
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  6: 'ACCEPTD',
  7: 'UNKNOWN',
  8: 'REJECTD',
};

/** Longest text stored from one message (a concatenated MO part, a long receipt). */
const TEXT_MAX = 1000;

export function readDeliverSm(pdu: Pdu): InboundSms {
  const text = messageText(pdu);
  if (RECEIPT_TYPES.has((pdu.esm_class ?? 0) & MESSAGE_TYPE_MASK)) return readReceipt(pdu, text);
  const from = pdu.source_addr?.replace(/^\+/, '') ?? '';
  if (!from) return { kind: 'invalid', why: 'mobile-originated message without source_addr' };
  return { kind: 'mo', from, to: pdu.destination_addr ?? '', text: text.slice(0, TEXT_MAX) };
}

function readReceipt(pdu: Pdu, text: string): InboundSms {
  const messageId = pdu.receipted_message_id || /\bid:(\S+)/i.exec(text)?.[1];
  if (!messageId) return { kind: 'invalid', why: 'delivery receipt without a message id' };
  const stat = (/\bstat:(\w+)/i.exec(text)?.[1] ?? MESSAGE_STATES[pdu.message_state ?? -1] ?? 'UNKNOWN').toUpperCase();
  const error = /\berr:(\w+)/i.exec(text)?.[1] ?? null;
  return { kind: 'receipt', messageId: messageId.slice(0, 64), stat: stat.slice(0, 16), status: FINAL_STATS[stat] ?? 'queued', error };
}

/** The text of short_message, or of message_payload when short_message is empty. */
function messageText(pdu: Pdu): string {
  const short = decoded(pdu.short_message);
  return short || decoded(pdu.message_payload);
}

function decoded(value: DecodedMessage | Buffer | string | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.length ? `[binary] ${value.toString('hex')}` : '';
  return typeof value.message === 'string' ? value.message : decoded(value.message);
}
