import dns from 'node:dns/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NotifyDeliveryListResult, NotifyMethod } from '@cab/contract/notify-methods';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { createMailer } from '../src/delivery/mail.js';
import { startNotifyDelivery } from '../src/modules/platform/notify-methods/jobs.js';
import { insertMethod } from '../src/modules/platform/notify-methods/repository.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';

/*
 * Send time is where the guard really protects: every attempt resolves the host, refuses it when an
 * address is not public, connects to the checked address, follows no redirect, and the delivery log
 * keeps a fixed reason and the status — never a body or a socket error text.
 */

/** Names this test controls, answered by the resolver the guard uses; any other name resolves for real. */
const NAMES: Record<string, { address: string; family: 4 | 6 }[]> = {
  'loopback.hooks.test': [{ address: '127.0.0.1', family: 4 }],
  'mixed.hooks.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ],
  'metadata.hooks.test': [{ address: '::ffff:169.254.169.254', family: 6 }],
  // Allow-listed; the system resolver knows nothing of it, so a hit proves the checked address was used.
  'receiver.hooks.test': [{ address: '127.0.0.1', family: 4 }],
};
const systemLookup = dns.lookup.bind(dns);
/** The resolver the guard asks: NAMES, else the system's (installed for this file only: afterAll). */
function standInLookup(host: string, options: object) {
  const known = NAMES[host];
  return known ? Promise.resolve(known) : systemLookup(host, { ...options, all: true });
}

interface Hit {
  path: string;
  headers: IncomingMessage['headers'];
}

const hits: Hit[] = [];
let port = 0;
let closedPort = 0;
let server: Server;
let t: TestApp;
let token = '';
let companyId = 0;
let stopWorker: () => Promise<void>;

const ANSWERS: Record<string, (response: ServerResponse) => void> = {
  '/ok': (r) => r.writeHead(200, { 'content-type': 'text/plain' }).end('SECRET-OK-BODY internal build 4.2'),
  '/fail': (r) => r.writeHead(500, { 'content-type': 'text/plain' }).end('SECRET-FAIL-BODY stack trace at db:5432'),
  '/redirect': (r) => r.writeHead(302, { location: `http://127.0.0.1:${port}/ok` }).end(),
  '/slow': () => undefined,
};

beforeAll(async () => {
  vi.spyOn(dns, 'lookup').mockImplementation(standInLookup as typeof dns.lookup);
  server = createServer((request, response) => {
    hits.push({ path: request.url ?? '', headers: request.headers });
    request.resume();
    request.on('end', () => (ANSWERS[request.url ?? ''] ?? ANSWERS['/ok']!)(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  t = await createTestApp({
    env: {
      NOTIFY_RETRY_LIMIT: '0',
      NOTIFY_TIMEOUT_MS: '1500',
      OUTBOUND_ALLOW_HOSTS: 'receiver.hooks.test',
      TELEGRAM_API_URL: `http://127.0.0.1:${port}`,
      TELEGRAM_BOT_TOKEN: '1:tg',
      WHATSAPP_API_URL: `http://localhost:${port}`,
      WHATSAPP_PHONE_NUMBER_ID: '55',
      WHATSAPP_TOKEN: 'wa',
    },
  });
  const admin = await login(t.app, 'admin@demo.local');
  token = admin.token;
  const [row] = await queryRows<{ id: number }>(t.database.db, sql`select company_id::int as id from users where id = ${admin.id}`);
  companyId = Number(row?.id);
  stopWorker = await startNotifyDelivery(t.jobs, {
    db: t.database.db,
    config: t.config,
    mailer: createMailer({ smtpUrl: undefined, db: t.database.db, log: { warn: () => undefined } }),
    retry: { retryLimit: 0, retryDelaySeconds: 1 },
    log: () => undefined,
  });
}, 30_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await stopWorker();
  await t.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const flags = { sim: true, billing: false, notify: false };

async function createMethod(type: number, destination: string): Promise<number> {
  const res = await post(t.app, '/api/notify_methods/create', { type, destination, ...flags }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: NotifyMethod }>().result.id;
}

/** Sends a test through the method and answers its settled delivery log, raw JSON included. */
async function testSend(methodId: number) {
  const sent = await post(t.app, '/api/notify_methods/test', { id: methodId }, { token });
  expect(sent.statusCode, sent.body).toBe(200);
  let raw = '';
  await waitFor(
    async () => {
      raw = (await post(t.app, '/api/notify_methods/deliveries', { id: methodId }, { token })).body;
      const items = JSON.parse(raw) as { result: NotifyDeliveryListResult };
      return items.result.items.length > 0 && items.result.items.every((d) => d.status !== 'pending');
    },
    15_000,
    'delivery to settle',
  );
  const [delivery] = (JSON.parse(raw) as { result: NotifyDeliveryListResult }).result.items;
  return { delivery: delivery!, raw };
}

describe('outbound calls at send time', () => {
  it('refuses a name that resolves to loopback, metadata or any private address, and never connects', async () => {
    for (const host of ['loopback.hooks.test', 'mixed.hooks.test', 'metadata.hooks.test']) {
      const before = hits.length;
      const { delivery } = await testSend(await createMethod(1, `http://${host}:${port}/ok`));
      expect(delivery, host).toMatchObject({ status: 'failed', attempts: 1, response_status: null, last_error: 'refused_address' });
      expect(hits.length, host).toBe(before);
    }
  });

  it('refuses a stored method whose address became local, whatever was checked when it was saved', async () => {
    const before = hits.length;
    for (const destination of [`http://localhost:${port}/ok`, `http://2130706433:${port}/ok`, `http://[::1]:${port}/ok`]) {
      const method = await insertMethod(t.database.db, companyId, {
        type: 1, destination, flagSim: true, flagBilling: false, flagNotify: false, secret: 'whsec_x',
      });
      const { delivery } = await testSend(method.id);
      expect(delivery, destination).toMatchObject({ status: 'failed', last_error: 'refused_address' });
    }
    expect(hits.length).toBe(before);
  });

  it('routes Telegram and WhatsApp base URLs through the same guard', async () => {
    const before = hits.length;
    for (const [type, destination] of [[3, '@cabinet_alerts'], [2, '+491701234567']] as const) {
      const { delivery } = await testSend(await createMethod(type, destination));
      expect(delivery, String(type)).toMatchObject({ status: 'failed', last_error: 'refused_address' });
    }
    expect(hits.length).toBe(before);
  });

  it('delivers a signed webhook to an allow-listed host at the address it checked', async () => {
    const before = hits.length;
    const { delivery, raw } = await testSend(await createMethod(1, `http://receiver.hooks.test:${port}/ok`));
    expect(delivery).toMatchObject({ status: 'sent', attempts: 1, response_status: 200, last_error: null });
    expect(hits.length).toBe(before + 1);
    expect(hits.at(-1)?.headers['x-cabinet-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(raw).not.toContain('SECRET-OK-BODY');
  });

  it('keeps the status and a fixed reason, never the body, the port or the socket error', async () => {
    const failed = await testSend(await createMethod(1, `http://receiver.hooks.test:${port}/fail`));
    expect(failed.delivery).toMatchObject({ status: 'failed', response_status: 500, last_error: 'http_500' });
    expect(failed.raw).not.toContain('SECRET-FAIL-BODY');

    const before = hits.length;
    const redirected = await testSend(await createMethod(1, `http://receiver.hooks.test:${port}/redirect`));
    expect(redirected.delivery).toMatchObject({ status: 'failed', response_status: 302, last_error: 'http_302' });
    expect(hits.length).toBe(before + 1);

    const closed = await testSend(await createMethod(1, `http://receiver.hooks.test:${closedPort}/ok`));
    expect(closed.delivery).toMatchObject({ status: 'failed', response_status: null, last_error: 'connection_failed' });
    expect(closed.raw).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);

    const slow = await testSend(await createMethod(1, `http://receiver.hooks.test:${port}/slow`));
    expect(slow.delivery).toMatchObject({ status: 'failed', response_status: null, last_error: 'timeout' });
  }, 30_000);
});
