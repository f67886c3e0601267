import { createHash, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import radius from 'radius';
import { imeiFromImeisv, imsiOf, msisdnFromCallingStation, octetsWithGigawords, operatorFromMccMnc, ratLabel } from './attributes.js';

/*
 * Accounting-Request packets in, Accounting-Response packets out (RFC 2866), decoded and encoded
 * with the npm `radius` package. The authenticator is checked here, before any attribute is read:
 * the package compares digests as UTF-8 strings, which tells fewer of them apart than the bytes do.
 */

// src/network/radius and dist/network/radius sit at the same depth, so one relative path serves both.
// Missing, every packet would decode as malformed: the start fails instead.
const DICTIONARY = fileURLToPath(new URL('../../../src/network/radius/dictionary.3gpp', import.meta.url));
if (!existsSync(DICTIONARY)) throw new Error(`RADIUS dictionary missing: ${DICTIONARY}`);
radius.add_dictionary(DICTIONARY);

const ACCOUNTING_REQUEST = 4;
const HEADER_LENGTH = 20;
/** RFC 2865 §3: a packet is at most 4096 octets. */
const MAX_LENGTH = 4096;
const VENDOR_3GPP = 'Vendor-Specific';

export type AccountingStatus = 'start' | 'interim' | 'stop' | 'other';

/** What one Accounting-Request says about a data session. */
export interface AccountingRecord {
  status: AccountingStatus;
  sessionId: string;
  imsi: string | null;
  msisdn: string | null;
  imei: string | null;
  operator: string | null;
  rat: string | null;
  /** Octets the subscriber sent (Acct-Input) and received (Acct-Output), Gigawords included. */
  bytesUp: number;
  bytesDown: number;
  /** Acct-Session-Time: seconds since the session started, when the NAS says. */
  sessionSeconds: number | null;
  /** Acct-Delay-Time: seconds the NAS held the packet before sending it. */
  delaySeconds: number;
}

export type DecodedRequest = ReturnType<typeof radius.decode_without_secret>;

/** The header's length when the datagram is an Accounting-Request of a sane size; null otherwise. */
export function accountingRequestLength(packet: Buffer): number | null {
  if (packet.length < HEADER_LENGTH || packet[0] !== ACCOUNTING_REQUEST) return null;
  const length = packet.readUInt16BE(2);
  // Octets past the length are padding (RFC 2865 §3); fewer than it say means a truncated packet.
  if (length < HEADER_LENGTH || length > MAX_LENGTH || length > packet.length) return null;
  return length;
}

/** RFC 2866 §3: MD5(Code + Identifier + Length + 16 zero octets + attributes + secret). */
export function hasValidAuthenticator(packet: Buffer, length: number, secret: string): boolean {
  const digest = createHash('md5')
    .update(packet.subarray(0, 4))
    .update(Buffer.alloc(16))
    .update(packet.subarray(HEADER_LENGTH, length))
    .update(secret, 'utf8')
    .digest();
  return timingSafeEqual(digest, packet.subarray(4, HEADER_LENGTH));
}

/** The request's attributes, or null when they do not parse or a session cannot be told from them. */
export function decodeAccounting(packet: Buffer, length: number): { decoded: DecodedRequest; record: AccountingRecord } | null {
  let decoded: DecodedRequest;
  try {
    decoded = radius.decode_without_secret({ packet: packet.subarray(0, length) });
  } catch {
    return null;
  }
  const attributes = decoded.attributes as Record<string, unknown>;
  const sessionId = text(attributes['Acct-Session-Id']);
  const status = statusOf(attributes['Acct-Status-Type']);
  if (!sessionId || sessionId.length > 253 || status === null) return null;
  const vendor = (attributes[VENDOR_3GPP] ?? {}) as Record<string, unknown>;
  const ratOctet = first(vendor['3GPP-RAT-Type']);
  return {
    decoded,
    record: {
      status,
      sessionId,
      imsi: imsiOf(text(vendor['3GPP-IMSI'])),
      msisdn: msisdnFromCallingStation(text(attributes['Calling-Station-Id'])),
      imei: imeiFromImeisv(text(vendor['3GPP-IMEISV'])),
      operator: operatorFromMccMnc(text(vendor['3GPP-SGSN-MCC-MNC'])),
      rat: ratLabel(Buffer.isBuffer(ratOctet) && ratOctet.length > 0 ? ratOctet[0] : undefined),
      bytesUp: octetsWithGigawords(count(attributes['Acct-Input-Octets']), count(attributes['Acct-Input-Gigawords'])),
      bytesDown: octetsWithGigawords(count(attributes['Acct-Output-Octets']), count(attributes['Acct-Output-Gigawords'])),
      sessionSeconds: count(attributes['Acct-Session-Time']) ?? null,
      delaySeconds: count(attributes['Acct-Delay-Time']) ?? 0,
    },
  };
}

/** The Accounting-Response to a request (its Proxy-State echoed, as RFC 2866 asks). */
export function accountingResponse(request: DecodedRequest, secret: string): Buffer {
  return radius.encode_response({ packet: request, code: 'Accounting-Response', secret });
}

const STATUSES: Readonly<Record<string, AccountingStatus>> = {
  Start: 'start',
  'Interim-Update': 'interim',
  Stop: 'stop',
};

function statusOf(value: unknown): AccountingStatus | null {
  const status = first(value);
  if (typeof status === 'string') return STATUSES[status] ?? 'other';
  return typeof status === 'number' ? 'other' : null;
}

/** An attribute sent twice decodes as an array: the first one counts. */
const first = (value: unknown): unknown => (Array.isArray(value) ? (value as unknown[])[0] : value);

function text(value: unknown): string | undefined {
  const found = first(value);
  return typeof found === 'string' ? found : undefined;
}

function count(value: unknown): number | undefined {
  const found = first(value);
  return typeof found === 'number' && Number.isInteger(found) && found >= 0 ? found : undefined;
}
