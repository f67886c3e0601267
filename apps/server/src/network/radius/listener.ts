import { createSocket, type RemoteInfo } from 'node:dgram';
import { isIP } from 'node:net';
import type { Sealer } from '../../auth/sealing.js';
import type { Db } from '../../db/client.js';
import { createErrorReporter } from '../../db/outage-report.js';
import { announceNotificationEvents } from '../../modules/platform/notify/index.js';
import { announceSimEvents } from '../../modules/sims/events/index.js';
import { applyNetworkEvents } from '../../modules/sims/usage/index.js';
import type { EventBus } from '../../realtime/bus.js';
import { Batcher } from './batcher.js';
import { PacketCounters, type DropReason } from './counters.js';
import { recordBatch, type Answer, type BatchPacket } from './ingest.js';
import { recordSessions } from './ingest-repository.js';
import { NasDirectory, canonicalAddress } from './nas-clients.js';
import { accountingRequestLength, accountingResponse, decodeAccounting, hasValidAuthenticator, type DecodedRequest } from './packet.js';
import { writeRadiusLink } from './stats-repository.js';

export interface RadiusAccountingOptions {
  db: Db;
  /** Only publishing is needed (sockets hear of MSU blocks and notifications). */
  bus: Pick<EventBus, 'publish'>;
  sealer: Sealer;
  /** host:port to listen on (RADIUS_ACCT_ADDR); port 0 takes a free one. */
  listen: string;
  /** RADIUS_SECRET: the shared secret of clients on the loopback that root did not add. */
  loopbackSecret?: string;
  log?: (message: string) => void;
}

export interface RadiusAccounting {
  address: string;
  port: number;
  close(): Promise<void>;
}

/** A packet waits at most this long for company before its batch commits (while none is committing). */
const LINGER_MS = 5;
const MAX_BATCH = 2000;
/** Dropped packets alone are counted in the database about once a second. */
const IDLE_FLUSH_MS = 1000;
const LINK_EVERY_MS = 5000;
const RECEIVE_BUFFER_BYTES = 8 * 1024 * 1024;

interface Pending extends BatchPacket {
  decoded: DecodedRequest;
  secret: string;
  rinfo: RemoteInfo;
}

/**
 * RADIUS accounting in (RFC 2866) on a UDP socket: each authentic Accounting-Request joins the next
 * batch, and its Accounting-Response leaves only once that batch is committed. Anything else — an
 * unknown NAS, a wrong authenticator, a malformed packet — is dropped and counted, never thrown.
 */
export async function startRadiusAccounting(options: RadiusAccountingOptions): Promise<RadiusAccounting> {
  const { host, port } = splitHostPort(options.listen);
  const log = options.log ?? ((message: string) => console.warn(message));
  const reportError = createErrorReporter(log);
  const counters = new PacketCounters();
  const directory = new NasDirectory(options.db, options.sealer, options.loopbackSecret, log);
  await directory.refresh();
  // An empty batch on the two connections batches use (one records while one applies usage): their
  // first real packets would otherwise wait for the database to open every table involved.
  await Promise.all([0, 1].map(() => recordSessions(options.db, [], [])));
  const socket = createSocket({ type: isIP(host) === 6 ? 'udp6' : 'udp4', recvBufferSize: RECEIVE_BUFFER_BYTES });
  const link = linkMeter();

  // Usage of stopped sessions is applied while the next batch records, one batch's at a time.
  const applyingKeys = new Set<string>();
  let applying: Promise<boolean> = Promise.resolve(true);
  const answer = (items: Pending[], answers: Answer[], which: (answer: Answer) => boolean) =>
    items.forEach((item, index) => {
      const given = answers[index];
      if (given && which(given)) socket.send(accountingResponse(item.decoded, item.secret), item.rinfo.port, item.rinfo.address);
    });

  const batcher = new Batcher<Pending>(
    async (items) => {
      const batch = await recordBatch({ db: options.db, counters, linkDetail: () => link.detail(bound) }, items, applyingKeys);
      answer(items, batch.answers, (given) => given === 'now');
      // This batch's packets are counted in the next one, or alone within a second.
      if (counters.pending) batcher.poke();
      const earlierApplied = await applying;
      for (const key of batch.keys) applyingKeys.add(key);
      void announceSimEvents(options.bus, batch.logged);
      void announceNotificationEvents(options.bus, batch.notifications);
      applying = (batch.events.length > 0 ? applyNetworkEvents(options.db, options.bus, batch.events, { sessionsLogged: true }) : Promise.resolve())
        .then(() => {
          // A Stop repeated while an earlier batch applied its session is answered once that one landed.
          answer(items, batch.answers, (given) => given === 'usage' || (given === 'earlier' && earlierApplied));
          return true;
        })
        .catch((error: unknown) => {
          reportError('RADIUS accounting usage', error);
          return false;
        })
        .finally(() => batch.keys.forEach((key) => applyingKeys.delete(key)));
    },
    // Unanswered packets are repeated by their NAS: a failed batch is simply lost.
    { lingerMs: LINGER_MS, maxItems: MAX_BATCH, idleFlushMs: IDLE_FLUSH_MS, onError: (error) => reportError('RADIUS accounting batch', error) },
  );

  const drop = (nas: string, reason: DropReason, at: Date) => {
    counters.drop(nas, reason, at);
    batcher.poke();
  };

  const receive = (message: Buffer, rinfo: RemoteInfo, secret: string | null, length: number, receivedAt: Date) => {
    const nas = canonicalAddress(rinfo.address);
    if (secret === null) return drop(nas, 'unknown_nas', receivedAt);
    if (!hasValidAuthenticator(message, length, secret)) return drop(nas, 'bad_authenticator', receivedAt);
    const request = decodeAccounting(message, length);
    if (!request) return drop(nas, 'malformed', receivedAt);
    const at = new Date(receivedAt.getTime() - request.record.delaySeconds * 1000);
    batcher.add({ nas, record: request.record, at, receivedAt, decoded: request.decoded, secret, rinfo });
  };

  socket.on('message', (message, rinfo) => {
    link.count();
    const receivedAt = new Date();
    const nas = canonicalAddress(rinfo.address);
    const length = accountingRequestLength(message);
    if (length === null) return drop(nas, 'malformed', receivedAt);
    const secret = directory.secretFor(nas);
    if (secret !== null) return receive(message, rinfo, secret, length, receivedAt);
    // Perhaps root has just added it: read the clients again (at most once a second) before refusing.
    directory.refresh(true).then(
      () => receive(message, rinfo, directory.secretFor(nas), length, receivedAt),
      (error: unknown) => {
        reportError('RADIUS clients', error);
        drop(nas, 'unknown_nas', receivedAt);
      },
    );
  });
  socket.on('error', (error) => reportError('RADIUS socket', error));

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  const bound = socket.address();
  await writeRadiusLink(options.db, 'up', link.detail(bound, true) ?? {});
  const timer = setInterval(() => {
    directory.refresh().catch((error: unknown) => reportError('RADIUS clients', error));
    if (link.due()) batcher.poke();
  }, LINK_EVERY_MS);
  timer.unref();

  return {
    address: bound.address,
    port: bound.port,
    close: async () => {
      clearInterval(timer);
      await new Promise<void>((resolve) => socket.close(() => resolve()));
      await batcher.drain();
      await applying;
      await writeRadiusLink(options.db, 'down', { address: `${bound.address}:${bound.port}` }).catch((error: unknown) => reportError('RADIUS link', error));
    },
  };
}

/** Packets per second since the link was last written, written every LINK_EVERY_MS at most. */
function linkMeter() {
  let packets = 0;
  let since = Date.now();
  return {
    count: () => {
      packets += 1;
    },
    due: () => Date.now() - since >= LINK_EVERY_MS,
    detail(bound: { address: string; port: number }, force = false): Record<string, unknown> | null {
      const now = Date.now();
      if (!force && now - since < LINK_EVERY_MS) return null;
      const seconds = (now - since) / 1000;
      const detail = { address: `${bound.address}:${bound.port}`, packetsPerSecond: seconds > 0 ? Math.round((packets / seconds) * 10) / 10 : 0 };
      packets = 0;
      since = now;
      return detail;
    },
  };
}

function splitHostPort(value: string): { host: string; port: number } {
  const at = value.lastIndexOf(':');
  const host = value.slice(0, at).replace(/^\[|\]$/g, '');
  const port = Number(value.slice(at + 1));
  if (at <= 0 || !Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`RADIUS_ACCT_ADDR: expected host:port, got ${value}`);
  return { host, port };
}

