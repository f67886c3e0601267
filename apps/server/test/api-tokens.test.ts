import type { AddressInfo } from 'node:net';
import { ApiToken } from '@cab/contract/api-tokens';
import { ErrorBody } from '@cab/contract/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../src/db/client.js';
import { createTestApp, DEMO_PASSWORD, login, post, type TestApp } from './support/test-app.js';
import { openSocket } from './support/ws-client.js';

let t: TestApp;
let admin = '';
let demoId = 0;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  admin = (await login(t.app, 'admin@demo.local')).token;
  demoId =
    (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select id::int as id from companies where name = 'Demo Logistics LLC'`,
      )
    )[0]?.id ?? 0;
});
afterAll(async () => t.close());

const Created = z.strictObject({ result: z.strictObject({ token: ApiToken.strict(), secret: z.string() }) });
const List = z.strictObject({ result: z.strictObject({ items: z.array(ApiToken.strict()), total: z.number() }) });
const SimPage = z.object({
  result: z.object({ items: z.array(z.object({ company_id: z.number() })), total: z.number() }),
});
const codeOf = (res: { json: () => unknown }) => ErrorBody.parse(res.json()).code;
const createToken = async (name: string, token = admin) => {
  const res = await post(t.app, '/api/tokens/create', { name }, { token });
  expect(res.statusCode).toBe(200);
  return Created.parse(res.json()).result;
};
const listSims = (token: string, body: unknown = { page: 0, size: 25 }) =>
  post(t.app, '/api/sims/list', body, { token });

describe('API tokens', () => {
  it('an admin creates a token shown once; the list shows name and prefix but never the secret or its hash', async () => {
    const { token, secret } = await createToken('Billing robot');
    expect(secret).toMatch(/^cab_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({
      name: 'Billing robot',
      prefix: secret.slice(0, 10),
      last_used: null,
      created_by: 'Anna Adminova',
    });
    const list = await post(t.app, '/api/tokens/list', {}, { token: admin });
    const items = List.parse(list.json()).result.items;
    expect(items.map((i) => i.id)).toContain(token.id);
    expect(list.body).not.toContain(secret);
    const [stored] = await queryRows<{ token_hash: string }>(
      t.database.db,
      sql`select token_hash from api_tokens where id = ${token.id}`,
    );
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toContain(secret);
  });

  it('the token lists only its company’s SIMs, records last use, and every call leaves an audit row with its id', async () => {
    const { token, secret } = await createToken('Reader');
    const res = await listSims(secret);
    expect(res.statusCode).toBe(200);
    const page = SimPage.parse(res.json()).result;
    expect(page.total).toBeGreaterThan(0);
    expect(new Set(page.items.map((s) => s.company_id))).toEqual(new Set([demoId]));
    const [root] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select company_id::int as id from users where email = 'root@demo.local'`,
    );
    expect((await listSims(secret, { page: 0, size: 5, filter: { company: [root?.id] } })).statusCode).toBe(404);
    const [row] = await queryRows<{ used: boolean }>(
      t.database.db,
      sql`select last_used_at is not null as used from api_tokens where id = ${token.id}`,
    );
    expect(row?.used).toBe(true);
    // The row is written in onResponse, after the answer left: wait for it (bounded).
    const readAudits = () =>
      queryRows<{ details: { method: string; path: string; status: number }; company_id: number }>(
        t.database.db,
        sql`
      select details, company_id::int as company_id from audit_log where api_token_id = ${token.id} and action = 'api_call' order by id`,
      );
    let audits = await readAudits();
    for (let i = 0; i < 100 && audits.length < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      audits = await readAudits();
    }
    expect(audits.map((a) => a.details)).toEqual([
      { method: 'POST', path: '/api/sims/list', status: 200 },
      { method: 'POST', path: '/api/sims/list', status: 404 },
    ]);
    expect(audits[0]?.company_id).toBe(demoId);
  });

  it('a token cannot manage users, tokens or the company, nor act as a signed-in user (403); me answers as a manager', async () => {
    const { secret } = await createToken('Limited');
    const denied: Array<[string, unknown]> = [
      ['/api/tokens/list', {}],
      ['/api/tokens/create', { name: 'escalate' }],
      ['/api/company/users/list', { company_id: demoId }],
      [
        '/api/company/users/create',
        { company_id: demoId, email: 'x@example.test', first_name: 'X', last_name: 'Y', phone: null, role: 'admin' },
      ],
      ['/api/company/update', { id: demoId, name: 'Hijacked' }],
      ['/api/profile/get', {}],
      ['/api/profile/password', { current_password: 'x', new_password: 'whatever-long' }],
      ['/api/logout', {}],
      // Billing is an administrator's reading, never a robot's (README, roles.ts).
      ['/api/bills/list', { page: 0, size: 25 }],
      ['/api/bills/settings', {}],
      ['/api/deposit/list', { page: 0, size: 25 }],
      ['/api/orders/list', { page: 0, size: 25 }],
    ];
    for (const [path, body] of denied) {
      const res = await post(t.app, path, body, { token: secret });
      expect(res.statusCode, path).toBe(403);
      expect(codeOf(res)).toBe('forbidden');
    }
    const me = await post(t.app, '/api/service/me', { version: 1 }, { token: secret });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ result: { user: { role: 'manager' }, company: { id: demoId } } });
    const company = await post(t.app, '/api/company/get', {}, { token: secret });
    expect(company.json()).toMatchObject({ result: { id: demoId, editable: [] } });
  });

  it('the websocket takes only a user’s session: a token is refused there', async () => {
    const { secret } = await createToken('Socket');
    const socket = await openSocket(`ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`);
    try {
      socket.send({ type: 'auth', data: secret, x_app_id: crypto.randomUUID(), lang: 'en' });
      expect(await socket.closed()).toBe(4001);
    } finally {
      await socket.close();
    }
  });

  it('a mutation made with a token carries the token id in its own audit row', async () => {
    const { token, secret } = await createToken('Grouper');
    const res = await post(t.app, '/api/groups/create', { name: 'made by robot' }, { token: secret });
    expect(res.statusCode).toBe(200);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`
      select count(*)::int as n from audit_log where api_token_id = ${token.id} and action <> 'api_call'`,
    );
    expect(row?.n).toBe(1);
  });

  it('revoked and unknown tokens answer 401; revoke is 404 for another company’s token; manager and viewer get 403', async () => {
    const { token, secret } = await createToken('Short-lived');
    expect((await listSims(secret)).statusCode).toBe(200);
    expect((await post(t.app, '/api/tokens/revoke', { id: token.id }, { token: admin })).statusCode).toBe(200);
    const revoked = await listSims(secret);
    expect(revoked.statusCode).toBe(401);
    expect(codeOf(revoked)).toBe('unauthorized');
    expect((await listSims(`cab_${'A'.repeat(43)}`)).statusCode).toBe(401);
    const listed = List.parse((await post(t.app, '/api/tokens/list', {}, { token: admin })).json()).result.items;
    expect(listed.some((i) => i.id === token.id)).toBe(false);

    const { token: root } = await login(t.app, 'root@demo.local');
    const other = await createToken('Root company token', root);
    expect((await post(t.app, '/api/tokens/revoke', { id: other.token.id }, { token: admin })).statusCode).toBe(404);
    for (const email of ['manager@demo.local', 'viewer@demo.local']) {
      const { token: user } = await login(t.app, email);
      expect((await post(t.app, '/api/tokens/list', {}, { token: user })).statusCode).toBe(403);
      expect((await post(t.app, '/api/tokens/create', { name: 'x' }, { token: user })).statusCode).toBe(403);
    }
  });

  it('a token stops with its creator: suspended while the creator is blocked, revoked when they are deleted', async () => {
    const root = (await login(t.app, 'root@demo.local')).token;
    const created = await post(
      t.app,
      '/api/company/users/create',
      { company_id: demoId, email: 'robot-owner@demo.local', first_name: 'Rob', last_name: 'Owner', phone: null, role: 'admin' },
      { token: admin },
    );
    expect(created.statusCode, created.body).toBe(200);
    const ownerId = z.object({ result: z.object({ user: z.object({ id: z.number() }) }) }).parse(created.json()).result.user.id;
    await t.database.db.execute(sql`update users set password_hash = (select password_hash from users where email = 'admin@demo.local') where id = ${ownerId}`);
    const owner = (await login(t.app, 'robot-owner@demo.local', DEMO_PASSWORD)).token;
    const { secret } = await createToken('Owned robot', owner);
    expect((await listSims(secret)).statusCode).toBe(200);

    expect((await post(t.app, '/api/company/users/block', { id: ownerId }, { token: admin })).statusCode).toBe(200);
    const blocked = await listSims(secret);
    expect(blocked.statusCode).toBe(401);
    expect(codeOf(blocked)).toBe('unauthorized');
    const queued = await post(t.app, '/api/queue/create', { reason: 'queue_ping', selection: { ids: [1] } }, { token: secret });
    expect(queued.statusCode).toBe(401);

    expect((await post(t.app, '/api/company/users/unblock', { id: ownerId }, { token: admin })).statusCode).toBe(200);
    expect((await listSims(secret)).statusCode).toBe(200);

    expect((await post(t.app, '/api/company/users/delete', { id: ownerId }, { token: root })).statusCode).toBe(200);
    expect((await listSims(secret)).statusCode).toBe(401);
    const [row] = await queryRows<{ revoked: boolean }>(
      t.database.db,
      sql`select revoked_at is not null as revoked from api_tokens where created_by = ${ownerId}`,
    );
    expect(row?.revoked).toBe(true);
  });
});
