import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CtrlClient } from '../src/network/hlr/ctrl-client.js';
import { HlrCtrlError, type CtrlClientEvent, type CtrlClientOptions } from '../src/network/hlr/ctrl-types.js';
import { encodeCtrlFrame, IpaFrameDecoder, parseCtrlReply } from '../src/network/hlr/ctrl-frames.js';
import { HlrSubscribers, parseSubscriberInfo } from '../src/network/hlr/hlr-subscribers.js';
import { HLR_CTRL_HOST, HLR_CTRL_PORT, OsmoHlr, osmoHlrMissingReason } from './support/osmo-hlr.js';
import { waitFor } from './support/wait.js';

// Every test that starts the real osmo-hlr lives in this one file: its CTRL port is fixed, so two
// files on two vitest workers would start two HLRs on one port.

const K = '000102030405060708090a0b0c0d0e0f';
const OPC = '101112131415161718191a1b1c1d1e1f';
const KI = 'a0a1a2a3a4a5a6a7a8a9aaabacadaeaf';

/** A CTRL server on 127.0.0.1 whose answers (and how they are cut into TCP writes) each test decides. */
class FakeCtrlServer {
  readonly received: string[] = [];
  readonly sockets: Socket[] = [];
  readonly rawIn: Buffer[] = [];
  port = 0;
  answer: (id: string, text: string, socket: Socket) => void = (id, text, socket) => {
    const [method, , variable] = text.split(' ');
    socket.write(encodeCtrlFrame(`${method}_REPLY ${id} ${variable} OK`));
  };
  private readonly server: Server;

  constructor() {
    this.server = createServer((socket) => {
      this.sockets.push(socket);
      const decoder = new IpaFrameDecoder();
      socket.on('error', () => undefined);
      socket.on('data', (chunk: Buffer) => {
        this.rawIn.push(chunk);
        for (const message of decoder.push(chunk)) {
          if (message.kind !== 'ctrl') continue;
          this.received.push(message.text);
          this.answer(message.text.split(' ')[1] ?? '', message.text, socket);
        }
      });
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function clientOf(port: number, options: Partial<CtrlClientOptions> = {}): CtrlClient {
  return new CtrlClient({ host: '127.0.0.1', port, requestTimeoutMs: 2000, backoffInitialMs: 20, backoffMaxMs: 200, ...options });
}

async function rejection(promise: Promise<unknown>): Promise<HlrCtrlError> {
  const error = await promise.then(
    () => new Error('expected a rejection'),
    (reason: unknown) => reason,
  );
  if (!(error instanceof HlrCtrlError)) throw error instanceof Error ? error : new Error(String(error));
  return error;
}

describe('CTRL frames', () => {
  it('reads frames cut anywhere: byte by byte, several in one chunk, a header split across chunks', () => {
    const frames = [encodeCtrlFrame('GET_REPLY 1 a.b 1'), encodeCtrlFrame('ERROR 2 No such subscriber.'), encodeCtrlFrame('SET_REPLY 3 x OK')];
    const stream = Buffer.concat(frames);
    const decoder = new IpaFrameDecoder();
    const texts: string[] = [];
    for (const byte of stream) texts.push(...decoder.push(Buffer.from([byte])).map((m) => (m.kind === 'ctrl' ? m.text : m.kind)));
    expect(texts).toEqual(['GET_REPLY 1 a.b 1', 'ERROR 2 No such subscriber.', 'SET_REPLY 3 x OK']);

    const concatenated = new IpaFrameDecoder().push(stream);
    expect(concatenated.map((m) => (m.kind === 'ctrl' ? m.text : m.kind))).toEqual(texts);

    const split = new IpaFrameDecoder();
    const cut = (frames[0]?.length ?? 0) + 1; // the second frame's length bytes land in two chunks
    expect(split.push(stream.subarray(0, cut))).toHaveLength(1);
    expect(split.push(stream.subarray(cut))).toHaveLength(2);
  });

  it('writes the IPA header the HLR expects and parses answers, multi-line values included', () => {
    expect([...encodeCtrlFrame('GET 1 x').subarray(0, 4)]).toEqual([0x00, 0x08, 0xee, 0x00]);
    expect(parseCtrlReply('GET_REPLY 7 subscriber.by-imsi-1.info \nid\t2\nimsi\t1')).toEqual({
      type: 'GET_REPLY',
      id: 7,
      variable: 'subscriber.by-imsi-1.info',
      value: '\nid\t2\nimsi\t1',
    });
    expect(parseCtrlReply('ERROR 14 Subscriber doesn\'t exist.')).toEqual({ type: 'ERROR', id: 14, reason: "Subscriber doesn't exist." });
    expect(parseCtrlReply('SET_REPLY x y')).toBeNull();
    expect(new IpaFrameDecoder().push(Buffer.from([0, 1, 0xfe, 0]))).toEqual([{ kind: 'ping' }]);
  });

  it('reads an attached subscriber from info', () => {
    const info = parseSubscriberInfo(
      '\nid\t3\nimsi\t001010000000001\nmsisdn\t4912345\nvlr_number\t49000001\nsgsn_number\t49000002\nnam_cs\t1\nnam_ps\t0\nms_purged_cs\t0\nms_purged_ps\t1',
    );
    expect(info).toMatchObject({ id: 3, msisdn: '4912345', csEnabled: true, psEnabled: false, vlrNumber: '49000001', attached: true, purgedPs: true });
    expect(parseSubscriberInfo('\nid\t4\nimsi\t001010000000002\nnam_cs\t1\nnam_ps\t1')).toMatchObject({ msisdn: null, vlrNumber: null, attached: false });
  });
});

describe('CTRL client against a fake server', () => {
  let server: FakeCtrlServer;
  let client: CtrlClient | null = null;

  beforeAll(async () => {
    server = new FakeCtrlServer();
    await server.listen();
  });
  afterEach(async () => {
    await client?.close();
    client = null;
  });
  afterAll(async () => {
    await server.close();
  });

  it('matches answers cut byte by byte, concatenated and out of order to their requests', async () => {
    const held: string[] = [];
    server.answer = (id, _text, socket) => {
      held.push(`GET_REPLY ${id} v.${id} value-${id}`);
      if (held.length < 5) return;
      const stream = Buffer.concat(held.reverse().map(encodeCtrlFrame));
      held.length = 0;
      // The first two answers one byte per write, the rest in one write.
      const head = stream.subarray(0, 40);
      for (const byte of head) socket.write(Buffer.from([byte]));
      socket.write(stream.subarray(40));
    };
    const c = clientOf(server.port);
    client = c;
    const ids = [1, 2, 3, 4, 5];
    const answers = await Promise.all(ids.map((id) => c.get(`v.${id}`)));
    expect(answers).toEqual(ids.map((id) => `value-${id}`));
  });

  it('answers the HLR keepalive ping and ignores traps', async () => {
    server.answer = (id, _text, socket) => {
      socket.write(Buffer.concat([Buffer.from([0, 1, 0xfe, 0]), encodeCtrlFrame('TRAP 0 x.y 1'), encodeCtrlFrame(`GET_REPLY ${id} a OK`)]));
    };
    server.rawIn.length = 0;
    client = clientOf(server.port);
    expect(await client.get('a')).toBe('OK');
    await waitFor(() => Buffer.concat(server.rawIn).includes(Buffer.from([0, 1, 0xfe, 1])), 2000, 'the PONG');
  });

  it('keeps at most maxInFlight on the wire, queues a bounded number more, and rejects beyond', async () => {
    const held: Array<() => void> = [];
    let outstanding = 0;
    let most = 0;
    server.answer = (id, text, socket) => {
      outstanding++;
      most = Math.max(most, outstanding);
      held.push(() => {
        outstanding--;
        socket.write(encodeCtrlFrame(`SET_REPLY ${id} ${text.split(' ')[2]} OK`));
      });
    };
    const c = clientOf(server.port, { maxInFlight: 3, maxQueued: 4 });
    client = c;
    await c.connect();
    const accepted = Array.from({ length: 7 }, (_, i) => c.set(`n.${i}`, '1'));
    let settled = 0;
    for (const request of accepted) void request.then(() => settled++, () => settled++);
    const overloaded = await rejection(c.set('n.7', '1'));
    expect(overloaded.kind).toBe('overloaded');
    for (let round = 0; round < 10 && settled < accepted.length; round++) {
      await waitFor(() => held.length > 0 || settled === accepted.length, 2000, 'a held answer');
      for (const release of held.splice(0)) release();
    }
    expect(await Promise.all(accepted)).toEqual(Array(7).fill('OK'));
    expect(most).toBe(3);
  });

  it('rejects with the HLR ERROR text, and a silent HLR by a timeout that also drops the connection', async () => {
    server.answer = (id, text, socket) => {
      if (text.includes('missing')) socket.write(encodeCtrlFrame(`ERROR ${id} No such subscriber.`));
    };
    const events: CtrlClientEvent[] = [];
    client = clientOf(server.port, { requestTimeoutMs: 300, onEvent: (event) => events.push(event) });
    const error = await rejection(client.get('missing.info'));
    expect([error.kind, error.message]).toEqual(['hlr', 'No such subscriber.']);

    const connections = server.sockets.length;
    const started = Date.now();
    const timeout = await rejection(client.get('silent.info'));
    expect(timeout.kind).toBe('timeout');
    expect(timeout.message).toContain('no answer from the HLR within 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
    await waitFor(() => events.some((event) => event.type === 'disconnected'), 2000, 'the dead connection to be dropped');
    server.answer = (id, _text, socket) => socket.write(encodeCtrlFrame(`GET_REPLY ${id} again.info fine`));
    await waitFor(() => client?.state === 'open', 3000, 'the reconnect');
    expect(await client.get('again.info')).toBe('fine');
    expect(server.sockets.length).toBe(connections + 1);
  });

  it('fails requests on the wire and in the queue when the connection drops, then reconnects', async () => {
    let seen = 0;
    server.answer = (_id, _text, socket) => {
      if (++seen === 3) socket.destroy();
    };
    const c = clientOf(server.port, { maxInFlight: 3 });
    client = c;
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => c.set(`drop.${i}`, '0')));
    const reasons = results.map((result) => (result.status === 'rejected' ? (result.reason as HlrCtrlError).message : 'ok'));
    expect(reasons.slice(0, 3).every((reason) => reason.includes('connection lost before the answer'))).toBe(true);
    expect(reasons.slice(3).every((reason) => reason.includes('connection lost') && reason.endsWith('not sent'))).toBe(true);
    expect(results.every((result) => result.status === 'rejected' && (result.reason as HlrCtrlError).kind === 'connection')).toBe(true);

    server.answer = (id, text, socket) => socket.write(encodeCtrlFrame(`SET_REPLY ${id} ${text.split(' ')[2]} OK`));
    await waitFor(() => client?.state === 'open', 3000, 'the reconnect');
    expect(await client.set('drop.after', '1')).toBe('OK');
  });

  it('fails at once while the HLR is unreachable; close() fails what is pending', async () => {
    const closed = new FakeCtrlServer();
    await closed.listen();
    const port = closed.port;
    await closed.close();
    client = clientOf(port, { backoffInitialMs: 5000, backoffMaxMs: 5000 });
    const first = await rejection(client.get('a.b'));
    expect(first.kind).toBe('connection');
    expect(first.message).toContain(`127.0.0.1:${port} unreachable`);
    const started = Date.now();
    const second = await rejection(client.get('a.b'));
    expect(second.message).toContain('unavailable');
    expect(Date.now() - started).toBeLessThan(100);

    const held = clientOf(server.port);
    server.answer = () => undefined;
    const pending = rejection(held.get('never.answered'));
    await waitFor(() => held.inFlightCount === 1, 2000, 'the request on the wire');
    await held.close();
    expect((await pending).kind).toBe('closed');
  });

  it('refuses values and names that would add words or commands, before anything is sent', async () => {
    server.received.length = 0;
    client = clientOf(server.port);
    const subscribers = new HlrSubscribers(client);
    const attempts = [
      client.set('subscriber.create', '001010000000001 x'),
      client.set('subscriber.create', '001010000000001\nSET 9 subscriber.delete 001010000000002'),
      client.get('a b'),
      client.get(''),
      subscribers.createSubscriber('00101000000001'),
      subscribers.createSubscriber('0010100000000 1'),
      subscribers.setMsisdn('001010000000001', '12 34'),
      subscribers.setMsisdn('001010000000001', '1234567890123456'),
      subscribers.setAud3g('001010000000001', K.slice(2), OPC),
      subscribers.setAud3g('001010000000001', K, `${OPC.slice(2)} x`),
      subscribers.setAud2g('001010000000001', `${KI}00`),
    ];
    const errors = await Promise.all(attempts.map((attempt) => rejection(attempt)));
    expect(errors.every((error) => error.kind === 'invalid')).toBe(true);
    for (const error of errors) for (const key of [K, OPC, KI, K.slice(2), OPC.slice(2)]) expect(error.message).not.toContain(key);
    expect(server.received).toEqual([]);
  });
});

const missing = osmoHlrMissingReason();
const describeHlr = missing ? describe.skip : describe;

describeHlr(`CTRL client against a real osmo-hlr${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let hlr: OsmoHlr;
  let client: CtrlClient;
  let subscribers: HlrSubscribers;
  const events: CtrlClientEvent[] = [];
  const errorTexts: string[] = [];
  // Each test its own IMSI range (MCC 001 MNC 01, the test network).
  const imsi = (range: number, n: number) => `00101${String(range * 100_000 + n).padStart(10, '0')}`;

  beforeAll(async () => {
    hlr = await OsmoHlr.start();
    client = new CtrlClient({
      host: HLR_CTRL_HOST,
      port: HLR_CTRL_PORT,
      requestTimeoutMs: 3000,
      backoffInitialMs: 50,
      backoffMaxMs: 300,
      onEvent: (event) => events.push(event),
    });
    subscribers = new HlrSubscribers(client);
    await client.connect();
  });
  afterAll(async () => {
    await client?.close();
    await hlr?.dispose();
    // Nothing the client reported, and no error it raised, carries a key.
    for (const text of [...events.map((event) => event.detail), ...errorTexts]) {
      for (const key of [K, OPC, KI]) expect(text).not.toContain(key);
    }
  });

  it('creates, provisions, reads, and deletes a subscriber; create and delete are idempotent', async () => {
    const id = imsi(1, 1);
    expect((await subscribers.createSubscriber(id)).created).toBe(true);
    expect(await subscribers.createSubscriber(id)).toEqual({ created: false, id: null });
    await subscribers.setMsisdn(id, '491700001');
    await subscribers.setAud3g(id, K.toUpperCase(), OPC);
    await subscribers.setAud2g(id, KI);
    await subscribers.setPsEnabled(id, false);
    expect(await client.get(`subscriber.by-imsi-${id}.ps-enabled`)).toBe('0');
    expect(await subscribers.info(id)).toMatchObject({ imsi: id, msisdn: '491700001', csEnabled: true, psEnabled: false, attached: false });
    await subscribers.setCsEnabled(id, false);
    await subscribers.setPsEnabled(id, true);
    expect(await subscribers.info(id)).toMatchObject({ csEnabled: false, psEnabled: true });
    await subscribers.setMsisdn(id, null);
    expect((await subscribers.info(id)).msisdn).toBeNull();
    expect(await subscribers.deleteSubscriber(id)).toEqual({ deleted: true });
    expect(await subscribers.deleteSubscriber(id)).toEqual({ deleted: false });
  });

  it('rejects with the HLR own reasons', async () => {
    const gone = imsi(2, 1);
    const taken = imsi(2, 2);
    const other = imsi(2, 3);
    await subscribers.createSubscriber(taken);
    await subscribers.createSubscriber(other);
    await subscribers.setMsisdn(taken, '491700002');
    const errors = await Promise.all([
      rejection(subscribers.info(gone)),
      rejection(subscribers.setMsisdn(gone, '491700009')),
      rejection(subscribers.setAud3g(gone, K, OPC)),
      rejection(subscribers.setMsisdn(other, '491700002')),
      rejection(subscribers.setPsEnabled(gone, true)),
      rejection(client.get('no.such.variable')),
    ]);
    errorTexts.push(...errors.map((error) => error.message));
    expect(errors.map((error) => [error.kind, error.message])).toEqual([
      ['hlr', 'No such subscriber.'],
      ['hlr', 'No such subscriber.'],
      ['hlr', 'No such subscriber.'],
      ['hlr', 'Update MSISDN failed'],
      ['hlr', 'An error has occurred.'],
      ['hlr', 'Command not found'],
    ]);
  });

  it('runs 20 requests in flight on one connection', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => imsi(3, i));
    const creating = Promise.all(ids.map((id) => subscribers.createSubscriber(id)));
    // On an open connection the first 20 go on the wire at once; the rest wait their turn.
    expect([client.inFlightCount, client.queuedCount]).toEqual([20, 80]);
    const created = await creating;
    const infos = await Promise.all(ids.map((id) => subscribers.info(id)));
    expect(created.every((result) => result.created)).toBe(true);
    expect(infos.map((info) => info.imsi)).toEqual(ids);
  });

  it('fails what is in flight when the HLR stops, stays up, and works again once the HLR is back', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => imsi(4, i));
    await Promise.all(ids.map((id) => subscribers.createSubscriber(id)));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // The HLR is stopped (by its pid) as soon as the first answer arrives, with ~2,000 still to go.
      const stopping: { done: Promise<void> | null } = { done: null };
      const stop = () => {
        stopping.done ??= hlr.stop();
      };
      const requests = Array.from({ length: 2000 }, (_, i) => subscribers.setPsEnabled(ids[i % ids.length] as string, i % 2 === 0));
      void requests[0]?.then(stop, stop);
      const results = await Promise.allSettled(requests);
      await stopping.done;
      const failed = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as HlrCtrlError] : []));
      expect(results.length - failed.length).toBeGreaterThan(0);
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((error) => error instanceof HlrCtrlError && error.kind === 'connection')).toBe(true);
      expect(failed.some((error) => error.message.includes('connection lost before the answer'))).toBe(true);
      errorTexts.push(...new Set(failed.map((error) => error.message.replace(/\d{15}/, 'IMSI'))));

      const whileDown = await rejection(subscribers.info(ids[0] as string));
      expect(whileDown.kind).toBe('connection');

      await hlr.resume();
      await waitFor(() => client.state === 'open', 10_000, 'the client to reconnect');
      expect((await subscribers.info(ids[0] as string)).imsi).toBe(ids[0]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
