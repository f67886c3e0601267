import { LoginResult } from '@cab/contract/auth';
import { AuditListResult } from '@cab/contract/companies-admin';
import { ErrorBody } from '@cab/contract/errors';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../src/db/client.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';
import { userByEmail } from './support/db.js';

let t: TestApp;
let root: { token: string; id: number };
let rootCompany: number;
let manager: { id: number; companyId: number };
beforeAll(async () => {
  t = await createTestApp();
  root = await login(t.app, 'root@demo.local');
  rootCompany = (await userByEmail(t.database.db, 'root@demo.local')).companyId;
  manager = await userByEmail(t.database.db, 'manager@demo.local');
});
afterAll(async () => t.close());

const StrictError = ErrorBody.strict();
const ImpersonateAnswer = z.strictObject({ result: LoginResult.strict() });
const impersonate = (id: number, token = root.token, lang: 'en' | 'ru' = 'en') =>
  post(t.app, '/api/users/impersonate', { id }, { token, lang });
const end = (token: string) => post(t.app, '/api/users/impersonate/end', {}, { token });
const auditRows = (action: string) =>
  queryRows<{ company_id: number; user_id: number; impersonator_id: number | null; ip: string | null }>(
    t.database.db,
    sql`select company_id::int as company_id, user_id::int as user_id, impersonator_id::int as impersonator_id, ip
        from audit_log where action = ${action} order by id`,
  );

describe('impersonation', () => {
  it('gives root a working session as the user, marked as impersonated, and audits the start in both companies', async () => {
    const res = await impersonate(manager.id);
    expect(res.statusCode, res.body).toBe(200);
    const session = ImpersonateAnswer.parse(res.json()).result;
    expect(session.id).toBe(manager.id);
    expect(decodeJwt(session.token)).toMatchObject({ sub: String(manager.id), imp: root.id, role: 'manager' });

    const me = await post(t.app, '/api/service/me', { version: 250314 }, { token: session.token });
    expect(me.json<{ result: { user: { email: string }; company: { id: number } } }>().result).toMatchObject({
      user: { email: 'manager@demo.local' },
      company: { id: manager.companyId },
    });
    const sims = await post(t.app, '/api/sims/list', { page: 0, size: 1, childs: false, filter: {} }, { token: session.token });
    expect(sims.json<{ result: { total: number } }>().result.total).toBe(4000);

    const rows = await queryRows<{ impersonator_id: number }>(t.database.db, sql`
      select impersonator_id::int as impersonator_id from refresh_tokens where user_id = ${manager.id} and revoked_at is null`);
    expect(rows).toEqual([{ impersonator_id: root.id }]);
    expect(await auditRows('impersonation_start')).toEqual([
      { company_id: rootCompany, user_id: root.id, impersonator_id: null, ip: '127.0.0.1' },
      { company_id: manager.companyId, user_id: manager.id, impersonator_id: root.id, ip: '127.0.0.1' },
    ]);

    // What root changes as the user is attributed to root; a refresh keeps the mark.
    const update = await post(t.app, '/api/groups/create', { name: 'Made by root as manager' }, { token: session.token });
    expect(update.statusCode).toBe(200);
    expect((await auditRows('group_create')).at(-1)).toMatchObject({ user_id: manager.id, impersonator_id: root.id });
    const refreshed = await post(t.app, '/api/token/refresh', { refresh_token: session.refresh_token });
    const pair = refreshed.json<{ result: { token: string; refresh_token: string } }>().result;
    expect(decodeJwt(pair.token).imp).toBe(root.id);

    // Restore: the impersonated session ends on the server, root's own session is untouched.
    const ended = await end(pair.token);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await post(t.app, '/api/session/check', undefined, { token: pair.token })).statusCode).toBe(401);
    expect((await post(t.app, '/api/token/refresh', { refresh_token: pair.refresh_token })).statusCode).toBe(401);
    expect((await post(t.app, '/api/session/check', undefined, { token: root.token })).statusCode).toBe(200);
    expect(await auditRows('impersonation_end')).toEqual([
      { company_id: rootCompany, user_id: root.id, impersonator_id: null, ip: '127.0.0.1' },
      { company_id: manager.companyId, user_id: manager.id, impersonator_id: root.id, ip: '127.0.0.1' },
    ]);
  });

  it('refuses another root, a blocked user, an unknown user and callers who are not root', async () => {
    const notAllowed = await impersonate(root.id, root.token, 'ru');
    expect(notAllowed.statusCode).toBe(403);
    expect(StrictError.parse(notAllowed.json()).code).toBe('impersonation_not_allowed');
    const viewer = await userByEmail(t.database.db, 'viewer@demo.local');
    await t.database.db.execute(sql`update users set active = false where id = ${viewer.id}`);
    expect(StrictError.parse((await impersonate(viewer.id)).json()).code).toBe('impersonation_not_allowed');
    await t.database.db.execute(sql`update users set active = true where id = ${viewer.id}`);
    expect((await impersonate(999_999)).statusCode).toBe(404);
    for (const email of ['admin@demo.local', 'manager@demo.local', 'agent@demo.local']) {
      const { token } = await login(t.app, email);
      const res = await impersonate(viewer.id, token);
      expect(res.statusCode, email).toBe(403);
      expect(StrictError.parse(res.json()).code).toBe('forbidden');
    }
  });

  it('ends only an impersonated session', async () => {
    const { token } = await login(t.app, 'admin@demo.local');
    const res = await end(token);
    expect(res.statusCode).toBe(400);
    expect(StrictError.parse(res.json()).code).toBe('impersonation_not_active');
    expect((await post(t.app, '/api/session/check', undefined, { token })).statusCode).toBe(200);
  });
});

describe('audit log for root', () => {
  const AuditAnswer = z.strictObject({ result: AuditListResult });
  it('lists a company’s rows newest first with user and impersonator, filtered by action', async () => {
    const res = await post(t.app, '/api/audit/list', { company_id: manager.companyId, action: 'IMPERSONATION', page: 0, size: 10 }, { token: root.token });
    expect(res.statusCode, res.body).toBe(200);
    const { items, total } = AuditAnswer.parse(res.json()).result;
    expect(total).toBe(2);
    expect(items.map((i) => i.action)).toEqual(['impersonation_end', 'impersonation_start']);
    expect(items[0]).toMatchObject({
      company_id: manager.companyId,
      company_name: 'Demo Logistics LLC',
      user: { id: manager.id, name: 'Maxim Managerov', email: 'manager@demo.local' },
      impersonator: { id: root.id, name: 'Roman Root', email: 'root@demo.local' },
      api_token_id: null,
      ip: '127.0.0.1',
    });
    const all = AuditAnswer.parse((await post(t.app, '/api/audit/list', { page: 0, size: 500 }, { token: root.token })).json()).result;
    expect(all.items.some((i) => i.company_id === rootCompany && i.action === 'impersonation_start')).toBe(true);
  });

  it('answers 403 to everyone else', async () => {
    const { token } = await login(t.app, 'admin@demo.local');
    expect((await post(t.app, '/api/audit/list', { page: 0, size: 10 }, { token })).statusCode).toBe(403);
  });
});
