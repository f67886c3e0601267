// The load generator of bench/radius-ingest.ts, in a process of its own: Accounting-Request packets
// (RFC 2866) built here byte by byte, sent over UDP at a fixed rate from many source ports, each
// answer timed (from the first send) by its source port and identifier; unanswered ones are sent
// again 3 s later (radclient's default), up to three times, as a NAS does, then counted lost; an answer
// counts only when its Response Authenticator proves it answers that packet. Prints one JSON line with what it measured.
// Env: RADIUS_PORT, RADIUS_SECRET, ROUND (a tag in every Acct-Session-Id), SESSIONS, RATE (packets/s),
// FIRST_SIM and SIM_COUNT (the SIMs whose IMSI is IMSI_PREFIX + a number padded to 10 digits: the bench's serials), SIM_OFFSET
// (session i goes to SIM FIRST_SIM + (SIM_OFFSET + i) % SIM_COUNT), MODE: `sessions` (Start, Interim and
// Stop of each session) or `stops` (a Stop alone, whole session in it — a usage record a packet, as from
// a NAS that lost its Start or a CDR feed).
import { createHash } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`${name} is required`);
  return value;
};
const PORT = Number(env('RADIUS_PORT'));
const SECRET = env('RADIUS_SECRET');
const ROUND = env('ROUND');
const SESSIONS = Number(env('SESSIONS', '20000'));
const RATE = Number(env('RATE', '6000'));
const FIRST_SIM = Number(env('FIRST_SIM'));
const SIM_COUNT = Number(env('SIM_COUNT'));
const IMSI_PREFIX = env('IMSI_PREFIX', '25099');
const SIM_OFFSET = Number(env('SIM_OFFSET', '0'));
const MODE = env('MODE', 'sessions');
if (MODE !== 'sessions' && MODE !== 'stops') throw new Error('MODE is sessions or stops');
/** Sessions between a session's Start and its Interim, and between its Interim and its Stop. */
const LAG = 1000;
// 256 identifiers a source port, none reused while its packet waits: up to 32,768 packets in flight.
const SOCKETS = 128;
const TICK_MS = 5;
/** Like a NAS, an unanswered packet is sent again (the same bytes) after RETRY_MS, at most RETRIES times; sooner only feeds an overload. */
const RETRY_MS = 3000;
const RETRIES = 3;
const ANSWER_WAIT_MS = RETRY_MS * (RETRIES + 1);

const attribute = (type: number, value: Buffer) => Buffer.concat([Buffer.from([type, value.length + 2]), value]);
const integer = (type: number, value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value >>> 0);
  return attribute(type, buffer);
};
const vendor3gpp = (type: number, value: Buffer) => {
  const id = Buffer.alloc(4);
  id.writeUInt32BE(10415);
  return attribute(26, Buffer.concat([id, Buffer.from([type, value.length + 2]), value]));
};
const STATUS = { start: 1, stop: 2, interim: 3 } as const;

function packet(identifier: number, status: keyof typeof STATUS, session: number): Buffer {
  const sim = FIRST_SIM + ((SIM_OFFSET + session) % SIM_COUNT);
  const seconds = status === 'start' ? 0 : status === 'interim' ? 30 : 60;
  const up = status === 'start' ? 0 : status === 'interim' ? 40_000 : 90_000 + (session % 1000);
  const attributes = Buffer.concat([
    integer(40, STATUS[status]),
    attribute(44, Buffer.from(`${ROUND}-${session}`)),
    vendor3gpp(1, Buffer.from(IMSI_PREFIX + String(sim).padStart(10, '0'))),
    vendor3gpp(20, Buffer.from('3548990123456701')),
    vendor3gpp(18, Buffer.from('25001')),
    vendor3gpp(21, Buffer.from([6])),
    integer(42, up),
    integer(43, up * 4),
    integer(46, seconds),
  ]);
  const header = Buffer.from([4, identifier, 0, 0]);
  header.writeUInt16BE(20 + attributes.length, 2);
  const authenticator = createHash('md5').update(header).update(Buffer.alloc(16)).update(attributes).update(SECRET).digest();
  return Buffer.concat([header, authenticator, attributes]);
}

/** Start, Interim and Stop of SESSIONS sessions, interleaved: each session's packets LAG sessions apart (or their Stops alone). */
function* schedule(): Generator<[keyof typeof STATUS, number]> {
  if (MODE === 'stops') {
    for (let i = 0; i < SESSIONS; i++) yield ['stop', i];
    return;
  }
  for (let i = 0; i < SESSIONS + 2 * LAG; i++) {
    if (i < SESSIONS) yield ['start', i];
    if (i - LAG >= 0 && i - LAG < SESSIONS) yield ['interim', i - LAG];
    if (i - 2 * LAG >= 0 && i - 2 * LAG < SESSIONS) yield ['stop', i - 2 * LAG];
  }
}

const sockets: Socket[] = [];
/** Unanswered packets by source port and identifier: first send time, bytes, sends so far. */
const sentAt = new Map<number, { at: number; stop: boolean; bytes: Buffer; tries: number; lastAt: number }>();
let retransmitted = 0;
let lost = 0;
const latencies: number[] = [];
const stopLatencies: number[] = [];
let answered = 0;
let lastAnswerAt = 0;
for (let s = 0; s < SOCKETS; s++) {
  const socket = createSocket('udp4');
  socket.on('message', (message) => {
    if (message[0] !== 5) return;
    const key = s * 256 + (message[1] ?? 0);
    const sending = sentAt.get(key);
    // The Response Authenticator covers the request's: an answer to another packet is not this one's.
    if (sending === undefined || !answers(message, sending.bytes)) return;
    sentAt.delete(key);
    lastAnswerAt = performance.now();
    latencies.push(lastAnswerAt - sending.at);
    if (sending.stop) stopLatencies.push(lastAnswerAt - sending.at);
    answered += 1;
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  sockets.push(socket);
}

const packets = [...schedule()];
const nextId = new Array<number>(SOCKETS).fill(0);
let sent = 0;
const started = performance.now();
const perTick = Math.max(1, Math.round((RATE * TICK_MS) / 1000));
while (sent < packets.length) {
  // Paced against the clock, so a slow tick is made up by the next ones.
  const due = Math.min(packets.length, Math.round(((performance.now() - started) / 1000) * RATE) + perTick);
  while (sent < due) {
    const index = sent;
    const [status, session] = packets[index] ?? ['start', 0];
    const key = freeKey(index % SOCKETS);
    // Every identifier of every socket waits for an answer: the server is far behind; the next tick sends.
    if (key === null) break;
    const bytes = packet(key % 256, status, session);
    const now = performance.now();
    sentAt.set(key, { at: now, stop: status === 'stop', bytes, tries: 1, lastAt: now });
    sockets[Math.floor(key / 256)]?.send(bytes, PORT, '127.0.0.1');
    sent += 1;
  }
  retransmit();
  await new Promise((resolve) => setTimeout(resolve, TICK_MS));
}
const sendEnded = performance.now();
const deadline = sendEnded + ANSWER_WAIT_MS;
while (answered < sent && performance.now() < deadline) {
  retransmit();
  await new Promise((resolve) => setTimeout(resolve, 20));
}
for (const socket of sockets) socket.close();

/** A free identifier, on socket `from` or the next with one: an identifier is never reused while its packet waits for an answer. */
function freeKey(from: number): number | null {
  for (let i = 0; i < SOCKETS; i++) {
    const s = (from + i) % SOCKETS;
    for (let j = 0; j < 256; j++) {
      const id = ((nextId[s] ?? 0) + j) % 256;
      if (sentAt.has(s * 256 + id)) continue;
      nextId[s] = (id + 1) % 256;
      return s * 256 + id;
    }
  }
  return null;
}

/** Whether `response` answers `request`: MD5(code, identifier, length, the request's authenticator, attributes, secret). */
function answers(response: Buffer, request: Buffer): boolean {
  if (response.length < 20 || response[1] !== request[1]) return false;
  const expected = createHash('md5').update(response.subarray(0, 4)).update(request.subarray(4, 20)).update(response.subarray(20)).update(SECRET).digest();
  return expected.equals(response.subarray(4, 20));
}

function retransmit(): void {
  const now = performance.now();
  for (const [key, sending] of sentAt) {
    if (now - sending.lastAt < RETRY_MS) continue;
    if (sending.tries > RETRIES) {
      // Given up, as a NAS gives up: lost, and its identifier free again.
      sentAt.delete(key);
      lost += 1;
      continue;
    }
    sending.tries += 1;
    sending.lastAt = now;
    retransmitted += 1;
    sockets[Math.floor(key / 256)]?.send(sending.bytes, PORT, '127.0.0.1');
  }
}

latencies.sort((a, b) => a - b);
stopLatencies.sort((a, b) => a - b);
const pickOf = (values: number[], p: number) => values[Math.min(values.length - 1, Math.max(0, Math.ceil((p / 100) * values.length) - 1))] ?? 0;
const pick = (p: number) => pickOf(latencies, p);
const seconds = ((lastAnswerAt || sendEnded) - started) / 1000;
console.log(
  JSON.stringify({
    sent,
    answered,
    retransmitted,
    lost,
    seconds: Math.round(seconds * 100) / 100,
    offeredRate: Math.round(sent / ((sendEnded - started) / 1000)),
    packetsPerSecond: Math.round(answered / seconds),
    p50: Math.round(pick(50) * 10) / 10,
    p99: Math.round(pick(99) * 10) / 10,
    max: Math.round(pick(100) * 10) / 10,
    /** Stop waits for its session's usage too (the sink's own transaction). */
    p99Stop: Math.round(pickOf(stopLatencies, 99) * 10) / 10,
  }),
);
