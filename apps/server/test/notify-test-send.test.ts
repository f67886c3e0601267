import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NotifyDeliveryListResult, NotifyMethod, NotifyTestResult } from '@cab/contract/notify-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

/* Issue 14 point 7: "Send test" answers with the delivery's real outcome within its timeout. */

let t: TestApp;
let token: string;
let receiver: Server;
let answerStatus = 204;
let port: number;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(answerStatus).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
  t = await createTestApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', NOTIFY_TIMEOUT_MS: '2000' } });
  token = (await login(t.app, 'admin@demo.local')).token;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const call = (path: string, body: unknown) => post(t.app, `/api/notify_methods/${path}`, body, { token, lang: 'en' });

async function webhook(url: string): Promise<NotifyMethod> {
  const res = await call('create', { type: 1, destination: url, sim: true, billing: false, notify: false });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: NotifyMethod }>().result;
}

async function test(method: NotifyMethod): Promise<NotifyTestResult> {
  const res = await call('test', { id: method.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: NotifyTestResult }>().result;
}

async function logOf(method: NotifyMethod) {
  return (await call('deliveries', { id: method.id })).json<{ result: NotifyDeliveryListResult }>().result.items;
}

describe('webhook test-send', () => {
  it('answers sent with the receiver status code, and the log agrees', async () => {
    answerStatus = 204;
    const method = await webhook(`http://127.0.0.1:${port}/hook`);
    const result = await test(method);
    expect(result).toMatchObject({ status: 'sent', response_status: 204, error: null });
    expect(await logOf(method)).toMatchObject([{ id: result.delivery_id, status: 'sent', response_status: 204, attempts: 1 }]);
  });

  it('answers failed with the status code when the receiver refuses it', async () => {
    answerStatus = 500;
    const method = await webhook(`http://127.0.0.1:${port}/broken`);
    const result = await test(method);
    expect(result.status).toBe('failed');
    expect(result.response_status).toBe(500);
    const [entry] = await logOf(method);
    // Never "pending" next to an error: a test is tried once and its outcome is final.
    expect(entry).toMatchObject({ status: 'failed', response_status: 500 });
  });

  it('answers failed with the connection error when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const method = await webhook(`http://127.0.0.1:${freePort}/none`);
    const started = Date.now();
    const result = await test(method);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result).toMatchObject({ status: 'failed', response_status: null });
    expect(result.error).toBeTruthy();
    const [entry] = await logOf(method);
    expect(entry).toMatchObject({ status: 'failed', last_error: result.error });
  });
});
