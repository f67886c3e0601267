import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestCaches, requestCachesOf } from '../src/auth/request-caches.js';
import { queryRows } from '../src/db/client.js';
import { LISTENER_APPLICATION_NAME } from '../src/db/pg-listener.js';
import { companyIdByName, DEMO_COMPANY, userByEmail } from './support/db.js';
import { createTestApp, DEMO_PASSWORD, login, post, testDatabaseUrl, type TestApp } from './support/test-app.js';

const status = async (app: TestApp, url: string, token: string, body: unknown = {}) => (await post(app.app, url, body, { token })).statusCode;
const check = (app: TestApp, token: string) => status(app, '/api/session/check', token);
const listTotal = async (app: TestApp, token: string, childs: boolean) => {
  const res = await post(app.app, '/api/sims/list', { page: 0, size: 1, childs, filter: {} }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: { total: number } }>().result.total;
};

describe('request caches (unit)', () => {
  const principal = { keep: () => ({ tags: ['u:1', 's:f'] }) };

  it('serves a principal from memory until a message names one of its tags', async () => {
    const caches = new RequestCaches(true, null);
    let loads = 0;
    const load = () => Promise.resolve({ n: ++loads });
    expect(await caches.principal('k', load, principal)).toEqual({ n: 1 });
    expect(await caches.principal('k', load, principal)).toEqual({ n: 1 });
    caches.invalidate('u:2');
    expect(await caches.principal('k', load, principal)).toEqual({ n: 1 });
    caches.invalidate('s:f');
    expect(await caches.principal('k', load, principal)).toEqual({ n: 2 });
    caches.invalidate('something new');
    expect(await caches.principal('k', load, principal)).toEqual({ n: 3 });
  });

  it('never stores what was read before a change was announced, nor a refusal, nor while deaf', async () => {
    const caches = new RequestCaches(true, null);
    let loads = 0;
    const slow = () => {
      loads += 1;
      // The change commits and is announced while this read is on its way.
      caches.invalidate('c:9');
      return Promise.resolve({ n: loads });
    };
    await caches.principal('k', slow, principal);
    await caches.principal('k', () => Promise.resolve({ n: ++loads }), principal);
    expect(loads).toBe(2);

    await caches.principal('refused', () => Promise.resolve(undefined), principal);
    await caches.principal('not kept', () => Promise.resolve({ n: 0 }), { keep: () => null });
    expect(caches.sizes.principals).toBe(1);

    caches.suspend();
    expect(caches.sizes.principals).toBe(0);
    await caches.principal('k', () => Promise.resolve({ n: ++loads }), principal);
    expect(caches.sizes.principals).toBe(0);
    caches.resume();
    await caches.principal('k', () => Promise.resolve({ n: ++loads }), principal);
    expect(caches.sizes.principals).toBe(1);
  });

  it('keeps an entry no longer than its time to live or the session it stands for', async () => {
    let now = 1_000_000;
    const caches = new RequestCaches(true, null, () => now);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    await caches.principal('k', load, { keep: () => ({ tags: [], until: now + 1_000 }) });
    now += 999;
    expect(await caches.principal('k', load, { keep: () => ({ tags: [] }) })).toBe(1);
    now += 1;
    expect(await caches.principal('k', load, { keep: () => ({ tags: [] }) })).toBe(2);
    now += 15_000;
    expect(await caches.principal('k', load, { keep: () => ({ tags: [] }) })).toBe(3);

    const tree = await caches.tree('tree:1', () => Promise.resolve([1, 2]));
    tree.push(99);
    expect(await caches.tree('tree:1', () => Promise.resolve([7]))).toEqual([1, 2]);
    caches.invalidate('tree');
    expect(await caches.tree('tree:1', () => Promise.resolve([7]))).toEqual([7]);
  });
});

describe('request caches in the API', () => {
  let t: TestApp;
  let demoId = 0;
  beforeAll(async () => {
    t = await createTestApp();
    demoId = await companyIdByName(t.database.db, DEMO_COMPANY);
  });
  afterAll(async () => t.close());

  const caches = () => {
    const found = requestCachesOf(t.database.db);
    if (!found) throw new Error('the app started no caches');
    return found;
  };

  it('caches a signed-in principal, and any change of its user, company or session reaches the very next request', async () => {
    const { token } = await login(t.app, 'manager@demo.local');
    const manager = await userByEmail(t.database.db, 'manager@demo.local');
    const db = t.database.db;
    expect(await check(t, token)).toBe(200);
    expect(caches().sizes.principals).toBeGreaterThan(0);
    expect(await check(t, token)).toBe(200);

    // Changed behind the API's back (a job, another module, SQL): the triggers announce it.
    await db.execute(sql`update companies set registration_complete = false where id = ${demoId}`);
    expect(await status(t, '/api/sims/list', token, { page: 0, size: 1 })).toBe(424);
    await db.execute(sql`update companies set registration_complete = true where id = ${demoId}`);
    expect(await check(t, token)).toBe(200);

    await db.execute(sql`update users set role = 'viewer' where id = ${manager.id}`);
    const asViewer = await post(t.app, '/api/sims/update', { id: 1, name: 'x' }, { token });
    expect(asViewer.statusCode).toBe(403);
    await db.execute(sql`update users set role = 'manager' where id = ${manager.id}`);

    await db.execute(sql`update users set active = false where id = ${manager.id}`);
    expect(await check(t, token)).toBe(401);
    await db.execute(sql`update users set active = true where id = ${manager.id}`);
    expect(await check(t, token)).toBe(200);

    await db.execute(sql`update companies set deleted_at = now() where id = ${demoId}`);
    expect(await check(t, token)).toBe(401);
    await db.execute(sql`update companies set deleted_at = null where id = ${demoId}`);
    expect(await check(t, token)).toBe(200);

    await db.execute(sql`update refresh_tokens set revoked_at = now() where user_id = ${manager.id}`);
    expect(await check(t, token)).toBe(401);
  });

  it('logout, password change and the end of an impersonation refuse the very next request', async () => {
    const viewer = await login(t.app, 'viewer@demo.local');
    expect(await check(t, viewer.token)).toBe(200);
    expect(await status(t, '/api/logout', viewer.token)).toBe(200);
    expect(await check(t, viewer.token)).toBe(401);

    const admin = await login(t.app, 'admin@demo.local');
    const other = await login(t.app, 'admin@demo.local');
    expect(await check(t, other.token)).toBe(200);
    expect(await status(t, '/api/profile/password', admin.token, { current_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD })).toBe(200);
    expect(await check(t, other.token)).toBe(401);

    const root = await login(t.app, 'root@demo.local');
    const target = await userByEmail(t.database.db, 'viewer@demo.local');
    const session = (await post(t.app, '/api/users/impersonate', { id: target.id }, { token: root.token })).json<{ result: { token: string } }>().result;
    expect(await check(t, session.token)).toBe(200);
    expect(await status(t, '/api/users/impersonate/end', session.token)).toBe(200);
    expect(await check(t, session.token)).toBe(401);
  });

  it('a revoked API token, or one whose creator is blocked, is refused on its next call', async () => {
    const admin = await login(t.app, 'admin@demo.local');
    const created = await post(t.app, '/api/tokens/create', { name: 'cached' }, { token: admin.token });
    const { token, secret } = created.json<{ result: { token: { id: number }; secret: string } }>().result;
    const list = () => status(t, '/api/sims/list', secret, { page: 0, size: 1 });
    expect(await list()).toBe(200);
    expect(await list()).toBe(200);
    await t.database.db.execute(sql`update users set active = false where email = 'admin@demo.local'`);
    expect(await list()).toBe(401);
    await t.database.db.execute(sql`update users set active = true where email = 'admin@demo.local'`);
    expect(await list()).toBe(200);
    const again = await login(t.app, 'admin@demo.local');
    expect(await status(t, '/api/tokens/revoke', again.token, { id: token.id })).toBe(200);
    expect(await list()).toBe(401);
  });

  it('caches the company tree of a scope, and a company added, moved or deleted changes the next answer', async () => {
    const admin = await login(t.app, 'admin@demo.local');
    const before = await listTotal(t, admin.token, true);
    expect(caches().sizes.trees).toBeGreaterThan(0);
    expect(await listTotal(t, admin.token, true)).toBe(before);
    const [child] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into companies (name, parent_id) values ('Cache child', ${demoId}) returning id::int as id`,
    );
    const childId = child?.id ?? 0;
    await t.database.db.execute(sql`
      insert into sims (company_id, iccid, msisdn, profile, block_type)
      values (${childId}, '8970299999999999990', '79999999990', 'TC', 'none')`);
    expect(await listTotal(t, admin.token, true)).toBe(before + 1);
    await t.database.db.execute(sql`update companies set parent_id = null where id = ${childId}`);
    expect(await listTotal(t, admin.token, true)).toBe(before);
    await t.database.db.execute(sql`update companies set parent_id = ${demoId} where id = ${childId}`);
    expect(await listTotal(t, admin.token, true)).toBe(before + 1);
    await t.database.db.execute(sql`update companies set deleted_at = now() where id = ${childId}`);
    expect(await listTotal(t, admin.token, true)).toBe(before);
  });
});

/** Two API processes' worth of state (pools, listeners, caches) on one PostgreSQL. */
describe.skipIf(!testDatabaseUrl)('request caches across API instances on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ joinDatabase: true });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a logout on one instance refuses the very next request on the other, every time', async () => {
    for (let i = 0; i < 20; i++) {
      const { token } = await login(a.app, 'viewer@demo.local');
      expect(await check(b, token)).toBe(200);
      expect(await check(b, token)).toBe(200);
      expect(await status(a, '/api/logout', token)).toBe(200);
      expect(await check(b, token), `round ${i}`).toBe(401);
    }
  });

  it('password change, impersonation end, user deletion and token revocation on one instance reach the other', async () => {
    const other = await login(a.app, 'admin@demo.local');
    const admin = await login(a.app, 'admin@demo.local');
    expect(await check(b, other.token)).toBe(200);
    expect(await status(a, '/api/profile/password', admin.token, { current_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD })).toBe(200);
    expect(await check(b, other.token)).toBe(401);

    const root = await login(a.app, 'root@demo.local');
    const viewer = await userByEmail(a.database.db, 'viewer@demo.local');
    const session = (await post(a.app, '/api/users/impersonate', { id: viewer.id }, { token: root.token })).json<{ result: { token: string } }>().result;
    expect(await check(b, session.token)).toBe(200);
    expect(await status(a, '/api/users/impersonate/end', session.token)).toBe(200);
    expect(await check(b, session.token)).toBe(401);

    const again = await login(a.app, 'admin@demo.local');
    const created = await post(a.app, '/api/tokens/create', { name: 'two instances' }, { token: again.token });
    const { token, secret } = created.json<{ result: { token: { id: number }; secret: string } }>().result;
    expect(await status(b, '/api/sims/list', secret, { page: 0, size: 1 })).toBe(200);
    expect(await status(a, '/api/tokens/revoke', again.token, { id: token.id })).toBe(200);
    expect(await status(b, '/api/sims/list', secret, { page: 0, size: 1 })).toBe(401);

    const manager = await login(a.app, 'manager@demo.local');
    expect(await check(b, manager.token)).toBe(200);
    expect(await status(a, '/api/company/users/delete', again.token, { id: manager.id })).toBe(200);
    expect(await check(b, manager.token)).toBe(401);
  });

  it('a company created on one instance is in the other instance’s next scope', async () => {
    const admin = await login(a.app, 'admin@demo.local');
    const demoId = await companyIdByName(a.database.db, DEMO_COMPANY);
    const before = await listTotal(b, admin.token, true);
    const root = await login(a.app, 'root@demo.local');
    const res = await post(
      a.app,
      '/api/companies/create',
      {
        parent_id: demoId,
        name: 'Created on A',
        tax_number: '7799999999',
        billing_type: 1,
        admin: { email: 'child-admin@demo.local', first_name: 'Child', last_name: 'Admin' },
      },
      { token: root.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const childId = res.json<{ result: { company: { id: number } } }>().result.company.id;
    await a.database.db.execute(sql`
      insert into sims (company_id, iccid, msisdn, profile, block_type)
      values (${childId}, '8970299999999999982', '79999999982', 'TC', 'none')`);
    expect(await listTotal(b, admin.token, true)).toBe(before + 1);
  });

  it('caches nothing while the listening connection is away, and again once it is back', async () => {
    const { token } = await login(b.app, 'viewer@demo.local');
    expect(await check(b, token)).toBe(200);
    const caches = requestCachesOf(b.database.db);
    expect(caches?.sizes.principals).toBeGreaterThan(0);
    // Cut every listening connection (the listener and the pooled ones of both instances).
    await a.database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() 
        and (query ilike 'LISTEN%' or application_name = ${LISTENER_APPLICATION_NAME})`);
    const deadline = Date.now() + 10_000;
    while (caches?.sizes.principals !== 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(caches?.sizes.principals).toBe(0);
    // Whatever happens now is not missed: nothing is kept until the listener is back.
    await a.database.db.execute(sql`update users set active = false where email = 'viewer@demo.local'`);
    expect(await check(b, token)).toBe(401);
    await a.database.db.execute(sql`update users set active = true where email = 'viewer@demo.local'`);
    expect(await check(b, token)).toBe(200);
    while (caches?.sizes.principals === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      expect(await check(b, token)).toBe(200);
    }
    expect(caches?.sizes.principals).toBeGreaterThan(0);
  });
});
