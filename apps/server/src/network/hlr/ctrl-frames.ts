/**
 * The Osmocom CTRL protocol's wire format: each message rides in an IPA frame —
 * a 2-byte big-endian length, a protocol byte (0xEE for osmo extensions), then the payload; for
 * CTRL the payload is the extension byte 0x00 followed by ASCII text (`GET|SET <id> <var> [value]`
 * out, `GET_REPLY|SET_REPLY|ERROR|TRAP <id> …` back). The length counts the payload only, so a
 * frame is `3 + length` bytes long.
 */

const IPA_PROTO_OSMO = 0xee;
const IPA_PROTO_CCM = 0xfe;
const IPA_EXT_CTRL = 0x00;
const IPA_CCM_PING = 0x00;
const IPA_CCM_PONG = 0x01;
const HEADER_BYTES = 3;
const MAX_PAYLOAD = 0xffff;

/** An IPA CCM PONG, the answer to the peer's keepalive PING. */
export const IPA_PONG = Buffer.from([0x00, 0x01, IPA_PROTO_CCM, IPA_CCM_PONG]);

/** One CTRL message (text without the extension byte) as a complete IPA frame. */
export function encodeCtrlFrame(text: string): Buffer {
  const body = Buffer.from(text, 'ascii');
  if (body.length + 1 > MAX_PAYLOAD) throw new RangeError('CTRL message too long for one IPA frame');
  const frame = Buffer.allocUnsafe(HEADER_BYTES + 1 + body.length);
  frame.writeUInt16BE(body.length + 1, 0);
  frame[2] = IPA_PROTO_OSMO;
  frame[3] = IPA_EXT_CTRL;
  body.copy(frame, HEADER_BYTES + 1);
  return frame;
}

export type IpaMessage = { kind: 'ctrl'; text: string } | { kind: 'ping' } | { kind: 'other'; proto: number };

/**
 * Splits a TCP byte stream into IPA messages: a chunk may hold part of a frame, several frames, or
 * the end of one and the start of the next. Keeps at most one partial frame (≤ 64 KiB) between chunks.
 */
export class IpaFrameDecoder {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): IpaMessage[] {
    const buffer = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const messages: IpaMessage[] = [];
    let offset = 0;
    while (buffer.length - offset >= HEADER_BYTES) {
      const length = buffer.readUInt16BE(offset);
      const end = offset + HEADER_BYTES + length;
      if (end > buffer.length) break;
      messages.push(readMessage(buffer[offset + 2] ?? 0, buffer.subarray(offset + HEADER_BYTES, end)));
      offset = end;
    }
    // Copy the remainder so a large chunk's buffer is not kept alive by a few trailing bytes.
    this.pending = offset === buffer.length ? Buffer.alloc(0) : Buffer.from(buffer.subarray(offset));
    return messages;
  }

  /** Drops a partial frame (on reconnect the stream starts afresh). */
  reset(): void {
    this.pending = Buffer.alloc(0);
  }
}

function readMessage(proto: number, payload: Buffer): IpaMessage {
  if (proto === IPA_PROTO_OSMO && payload[0] === IPA_EXT_CTRL) {
    return { kind: 'ctrl', text: payload.subarray(1).toString('latin1') };
  }
  if (proto === IPA_PROTO_CCM && payload[0] === IPA_CCM_PING) return { kind: 'ping' };
  return { kind: 'other', proto };
}

export type CtrlReply =
  | { type: 'GET_REPLY' | 'SET_REPLY'; id: number; variable: string; value: string }
  | { type: 'ERROR'; id: number; reason: string }
  | { type: 'TRAP'; variable: string; value: string };

/** Parses an answer's text; null for text that is not a CTRL answer. */
export function parseCtrlReply(text: string): CtrlReply | null {
  const [type, second, rest] = splitFirst(text, 2);
  if (second === undefined) return null;
  if (type === 'TRAP') {
    const [variable, value = ''] = splitFirst(rest ?? '', 1);
    return { type, variable: variable ?? '', value };
  }
  if (!/^\d{1,10}$/.test(second)) return null;
  const id = Number(second);
  if (type === 'ERROR') return { type, id, reason: (rest ?? '').trim() };
  if (type !== 'GET_REPLY' && type !== 'SET_REPLY') return null;
  const [variable, value = ''] = splitFirst(rest ?? '', 1);
  return { type, id, variable: variable ?? '', value };
}

/** Splits at the first `count` spaces; the last part keeps its spaces and newlines. */
function splitFirst(text: string, count: number): (string | undefined)[] {
  const parts: string[] = [];
  let rest = text;
  for (let i = 0; i < count; i++) {
    const at = rest.indexOf(' ');
    if (at < 0) return [...parts, rest];
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  return [...parts, rest];
}
