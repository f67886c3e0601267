import type { AddressInfo } from 'node:net';
import type { ErrorBody } from '@cab/contract/errors';
import type { NotifyMethod } from '@cab/contract/notify-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { isPublicAddress } from '../src/delivery/outbound-address.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

/*
 * The outbound guard (ARCHITECTURE §7): a webhook URL that names this machine, a private network or
 * a cloud metadata address is refused when saved, with a field message; the real check is at send
 * time after DNS (outbound-delivery.test.ts).
 */

let t: TestApp;
let token = '';
let cabinetPort = 0;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  cabinetPort = (t.app.server.address() as AddressInfo).port;
  token = (await login(t.app, 'admin@demo.local')).token;
});
afterAll(async () => {
  await t.close();
});

const flags = { sim: true, billing: false, notify: false };
const create = (destination: string, lang: 'ru' | 'en' = 'en') =>
  post(t.app, '/api/notify_methods/create', { type: 1, destination, ...flags }, { token, lang });

const REFUSED_EN =
  'This address cannot receive notifications: enter a public http(s) address without a user name or password';
const REFUSED_RU =
  'Этот адрес недоступен для уведомлений: укажите публичный адрес http(s) без имени пользователя и пароля';

describe('webhook addresses when saved', () => {
  it.each([
    'http://127.0.0.1/hook',
    'http://2130706433/hook',
    'http://0x7f000001/hook',
    'http://0177.0.0.1/hook',
    'http://127.1:8080/hook',
    'http://localhost/hook',
    'http://LOCALHOST./hook',
    'http://api.localhost/hook',
    'http://0.0.0.0/hook',
    'http://0/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/hook',
    'http://[::]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::ffff:a9fe:a9fe]/hook',
    'http://[fd00::1]/hook',
    'http://[fe80::1]/hook',
    'http://10.1.2.3/hook',
    'http://172.16.0.1/hook',
    'http://192.168.1.1/hook',
    'http://100.64.0.1/hook',
    'http://224.0.0.1/hook',
    'http://198.18.0.1/hook',
    'https://user:secret@hooks.example.com/hook',
  ])('refuses %s with a field message in en and ru', async (destination) => {
    const en = await create(destination, 'en');
    expect(en.statusCode, en.body).toBe(400);
    expect(en.json<ErrorBody>()).toMatchObject({ code: 'validation_failed', fields: { destination: REFUSED_EN } });
    expect((await create(destination, 'ru')).json<ErrorBody>().fields).toEqual({ destination: REFUSED_RU });
  });

  it('refuses the cabinet itself, also on update', async () => {
    const self = await create(`http://127.0.0.1:${cabinetPort}/api/openapi.json`);
    expect(self.json<ErrorBody>().fields).toEqual({ destination: REFUSED_EN });
    const ok = await create('https://hooks.example.com/cabinet');
    expect(ok.statusCode, ok.body).toBe(200);
    const method = ok.json<{ result: NotifyMethod }>().result;
    const update = await post(
      t.app,
      '/api/notify_methods/update',
      { id: method.id, type: 1, destination: `http://localhost:${cabinetPort}/`, ...flags },
      { token },
    );
    expect(update.statusCode).toBe(400);
    expect(update.json<ErrorBody>().fields).toEqual({ destination: REFUSED_EN });
  });

  it('accepts public names and addresses', async () => {
    for (const destination of [
      'https://hooks.example.com/x?y=1',
      'http://93.184.216.34:8080/hook',
      'http://[2606:4700:4700::1111]/hook',
      'https://localhost.example.com/hook',
    ]) {
      expect((await create(destination)).statusCode, destination).toBe(200);
    }
  });
});

describe('address classification', () => {
  it('refuses every non-public range, IPv4-mapped forms included', () => {
    for (const address of [
      '0.0.0.0', '0.1.2.3', '10.0.0.1', '100.64.0.1', '100.127.255.254', '127.0.0.1', '127.255.0.1',
      '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.0.0.8', '192.0.2.1', '192.168.0.1', '198.18.0.1',
      '198.19.255.255', '198.51.100.7', '203.0.113.9', '224.0.0.251', '239.255.255.250', '240.0.0.1',
      '255.255.255.255', '::', '::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:169.254.169.254',
      '::127.0.0.1', '64:ff9b::7f00:1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fec0::1', 'ff02::1',
      '2001:db8::1', '2002:7f00:1::1', '2001::1', '3fff::1', 'not-an-address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('lets public unicast through', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '100.128.0.1', '172.32.0.1', '::ffff:8.8.8.8', '2606:4700::1111']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('reads OUTBOUND_ALLOW_HOSTS and stops the start on an entry it cannot read', () => {
    expect(loadConfig({ OUTBOUND_ALLOW_HOSTS: '' }).OUTBOUND_ALLOW_HOSTS).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOW_HOSTS: 'Hooks.Local, 127.0.0.1:8080,[::1]:9000' }).OUTBOUND_ALLOW_HOSTS).toEqual([
      { hostname: 'hooks.local', port: null },
      { hostname: '127.0.0.1', port: 8080 },
      { hostname: '[::1]', port: 9000 },
    ]);
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: 'http://x/' })).toThrow(/OUTBOUND_ALLOW_HOSTS/);
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: 'host:99999' })).toThrow(/OUTBOUND_ALLOW_HOSTS/);
  });
});
