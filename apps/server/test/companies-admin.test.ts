import { AdminCompany, AdminCompanyListResult, CompanyCreateResult, CompanyUsersResult } from '@cab/contract/companies-admin';
import { ErrorBody } from '@cab/contract/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hashOpaqueToken } from '../src/auth/tokens.js';
import { queryRows } from '../src/db/client.js';
import { insertRegistrationRequest } from '../src/modules/accounts/registration/repository.js';
import type { BusMessage } from '../src/realtime/bus.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';
import { demoCompanies, type DemoCompanies } from './support/sims.js';

let t: TestApp;
let root: string;
let ids: DemoCompanies;
beforeAll(async () => {
  t = await createTestApp();
  root = (await login(t.app, 'root@demo.local')).token;
  ids = await demoCompanies(t.database.db);
});
afterAll(async () => t.close());

const ListAnswer = z.strictObject({ result: AdminCompanyListResult.extend({ items: z.array(AdminCompany.strict()) }).strict() });
const CompanyAnswer = z.strictObject({ result: AdminCompany.strict() });
const StrictError = ErrorBody.strict();

const call = (verb: string, body: unknown, token = root, lang: 'en' | 'ru' = 'en') =>
  post(t.app, `/api/companies/${verb}`, body, { token, lang });
const list = async (body: Record<string, unknown>) => {
  const res = await call('list', { page: 0, size: 25, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return ListAnswer.parse(res.json()).result;
};
const newCompany = (suffix: string, parentId: number | null) => ({
  parent_id: parentId,
  name: `Test Company ${suffix}`,
  tax_number: `TAX-${suffix}`,
  billing_type: 1,
  contract: `C-${suffix}`,
  country: 'DE',
  admin: { email: `admin-${suffix}@test.local`.toLowerCase(), first_name: 'Ada', last_name: `Admin ${suffix}` },
});
async function create(suffix: string, parentId: number | null) {
  const res = await call('create', newCompany(suffix, parentId));
  expect(res.statusCode, res.body).toBe(200);
  return z.strictObject({ result: CompanyCreateResult }).parse(res.json()).result;
}
/** The generated password, read from the mail the new admin got (no SMTP: the outbox table; sent in the background). */
async function mailedPassword(email: string): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const rows = await queryRows<{ text: string }>(t.database.db, sql`select text from outbox_mail where "to" = ${email}`);
    const match = /(?:Password|Пароль): (\S+)/.exec(rows[0]?.text ?? '');
    if (match?.[1]) return match[1];
    if (Date.now() > deadline) throw new Error(`no password mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('companies admin: root only', () => {
  it('answers 403 to admin, manager, viewer and agent on every call', async () => {
    for (const email of ['admin@demo.local', 'manager@demo.local', 'viewer@demo.local', 'agent@demo.local']) {
      const { token } = await login(t.app, email);
      const calls: Array<[string, unknown]> = [
        ['list', { page: 0, size: 25 }],
        ['block', { id: ids.child }],
        ['unblock', { id: ids.child }],
        ['delete', { id: ids.child }],
        ['users', { id: ids.child }],
        ['create', newCompany('forbidden', ids.demo)],
      ];
      for (const [verb, body] of calls) {
        const res = await call(verb, body, token);
        expect(res.statusCode, `${email} ${verb}`).toBe(403);
        expect(StrictError.parse(res.json()).code).toBe('forbidden');
      }
    }
    expect((await list({ query: 'forbidden' })).total).toBe(0);
  });
});

describe('companies list and search', () => {
  it('pages every live company by name with counts, parent and billing data', async () => {
    const page = await list({});
    expect(page.total).toBe(4);
    expect(page.items.map((c) => c.name)).toEqual(['Demo Logistics LLC', 'Demo Logistics North', 'M2M Operator', 'Sales Agent Petrov']);
    const demo = page.items[0];
    expect(demo).toMatchObject({ id: ids.demo, users: 3, sims: 4000, children: 1, balance: 1250, billing_type: 1, blocked: false, deleted: false });
    expect(page.items[1]).toMatchObject({ parent_id: ids.demo, parent_name: 'Demo Logistics LLC', sims: 1000, users: 0, children: 0 });
    const second = await list({ page: 1, size: 3 });
    expect(second.items.map((c) => c.name)).toEqual(['Sales Agent Petrov']);
    expect(second.total).toBe(4);
  });

  it('finds by a substring of the name, tax number or contract, case-insensitive and literal', async () => {
    expect((await list({ query: 'LOGISTICS' })).items.map((c) => c.id)).toEqual([ids.demo, ids.child]);
    expect((await list({ query: '00000004' })).items.map((c) => c.id)).toEqual([ids.child]);
    expect((await list({ query: 'ag-2026' })).items.map((c) => c.id)).toEqual([ids.agency]);
    expect((await list({ query: '%' })).total).toBe(0);
    expect((await call('list', { page: 0, size: 25, query: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await call('list', { page: 0, size: 25, extra: 1 })).statusCode).toBe(400);
  });

  it('lists a company’s users with role titles', async () => {
    const res = await call('users', { id: ids.demo });
    const users = z.strictObject({ result: CompanyUsersResult }).parse(res.json()).result;
    expect(users.total).toBe(3);
    expect(users.items.map((u) => u.email).sort()).toEqual(['admin@demo.local', 'manager@demo.local', 'viewer@demo.local']);
    expect(users.items.find((u) => u.role === 'manager')?.role_title).toBe('Manager');
  });
});

describe('block and unblock', () => {
  it('makes the company read-only for its users, pushes portal_update, and unblock gives writes back', async () => {
    const admin = (await login(t.app, 'admin@demo.local')).token;
    const heard: BusMessage[] = [];
    const stop = t.bus.subscribe((message) => heard.push(message));
    const blocked = await call('block', { id: ids.demo });
    expect(CompanyAnswer.parse(blocked.json()).result).toMatchObject({ id: ids.demo, blocked: true });
    expect((await list({ state: 'blocked' })).items.map((c) => c.id)).toEqual([ids.demo]);

    const write = await post(t.app, '/api/groups/create', { name: 'While blocked' }, { token: admin, lang: 'ru' });
    expect(write.statusCode).toBe(403);
    expect(StrictError.parse(write.json())).toEqual({ code: 'company_blocked', message: 'Компания заблокирована: кабинет доступен только для просмотра' });
    expect((await post(t.app, '/api/groups/list', {}, { token: admin })).statusCode).toBe(200);
    const me = await post(t.app, '/api/service/me', { version: 250314 }, { token: admin });
    expect(me.json<{ result: { user: { company_block: boolean } } }>().result.user.company_block).toBe(true);
    await expect.poll(() => heard.some((m) => m.kind === 'event' && m.audience.companyId === ids.demo && m.event.type === 'portal_update')).toBe(true);

    const unblocked = await call('unblock', { id: ids.demo });
    expect(CompanyAnswer.parse(unblocked.json()).result.blocked).toBe(false);
    expect((await post(t.app, '/api/groups/create', { name: 'After unblock' }, { token: admin })).statusCode).toBe(200);
    stop();
    const audit = await queryRows<{ action: string }>(t.database.db, sql`
      select action from audit_log where company_id = ${ids.demo} and action like 'company_%' order by id`);
    expect(audit.map((a) => a.action)).toEqual(['company_block', 'company_unblock']);
  });

  it('never blocks or deletes the operator’s own company, and 404s an unknown one', async () => {
    for (const verb of ['block', 'delete']) {
      const res = await call(verb, { id: ids.operator });
      expect(res.statusCode).toBe(409);
      expect(StrictError.parse(res.json()).code).toBe('company_protected');
    }
    expect((await call('block', { id: 999_999 })).statusCode).toBe(404);
  });
});

describe('create a company', () => {
  it('creates a child with its admin, whose mailed password signs in', async () => {
    const created = await create('A1', ids.demo);
    expect(created.company).toMatchObject({ name: 'Test Company A1', parent_id: ids.demo, parent_name: 'Demo Logistics LLC', users: 1, sims: 0, tax_number: 'TAX-A1', contract: 'C-A1', country: 'DE', balance: 0 });
    const password = await mailedPassword('admin-a1@test.local');
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    const session = await login(t.app, 'admin-a1@test.local', password);
    expect(session.id).toBe(created.admin_id);
    expect((await list({ query: 'logistics llc' })).items[0]?.children).toBe(2);
  });

  it('answers 409 with a clear text for a taken tax number or e-mail, creating nothing', async () => {
    const before = (await list({})).total;
    const taxTaken = await call('create', { ...newCompany('B1', null), tax_number: '7700000003' }, root, 'ru');
    expect(taxTaken.statusCode).toBe(409);
    expect(StrictError.parse(taxTaken.json())).toMatchObject({ code: 'company_tax_number_taken', message: 'Компания с таким ИНН уже есть' });
    const mailTaken = await call('create', { ...newCompany('B2', null), admin: { ...newCompany('B2', null).admin, email: 'Manager@Demo.local' } });
    expect(mailTaken.statusCode).toBe(409);
    expect(StrictError.parse(mailTaken.json()).code).toBe('company_admin_email_taken');
    expect((await list({})).total).toBe(before);
    expect((await call('create', newCompany('B3', 999_999))).statusCode).toBe(404);
  });
});

describe('delete a company', () => {
  it('refuses while SIMs or live child companies remain', async () => {
    const withSims = await call('delete', { id: ids.child });
    expect(withSims.statusCode).toBe(409);
    expect(StrictError.parse(withSims.json()).message).toBe('The company still has SIM cards (1000): transfer them to another company, then delete it');
    const parent = await create('P1', null);
    await create('P2', parent.company.id);
    const withChild = await call('delete', { id: parent.company.id });
    expect(withChild.statusCode).toBe(409);
    expect(StrictError.parse(withChild.json()).code).toBe('company_has_children');
  });

  it('soft-deletes an empty company: its users cannot sign in, sessions and API tokens are revoked', async () => {
    const { company } = await create('D1', null);
    const password = await mailedPassword('admin-d1@test.local');
    const session = await login(t.app, 'admin-d1@test.local', password);
    await t.database.db.execute(sql`
      insert into api_tokens (company_id, name, token_hash, prefix, created_by)
      values (${company.id}, 'integration', 'hash-d1', 'pre', ${session.id})`);

    const res = await call('delete', { id: company.id });
    expect(CompanyAnswer.parse(res.json()).result).toMatchObject({ id: company.id, deleted: true });
    expect((await post(t.app, '/api/login', { email: 'admin-d1@test.local', password })).statusCode).toBe(401);
    expect((await post(t.app, '/api/token/refresh', { refresh_token: session.refresh_token })).statusCode).toBe(401);
    expect((await post(t.app, '/api/session/check', undefined, { token: session.token })).statusCode).toBe(401);
    const tokens = await queryRows<{ revoked: boolean }>(t.database.db, sql`
      select revoked_at is not null as revoked from api_tokens where company_id = ${company.id}`);
    expect(tokens).toEqual([{ revoked: true }]);
    expect((await list({ query: 'D1' })).total).toBe(0);
    expect((await list({ query: 'D1', state: 'deleted' })).items.map((c) => c.id)).toEqual([company.id]);
    expect((await call('block', { id: company.id })).statusCode).toBe(404);
  });
});

describe('registrations in progress', () => {
  /** A sign-up whose mailed link was opened (register/confirm): the unfinished company and its session. */
  const startSignUp = async (email: string) => {
    const link = `test-link-${email}-${Date.now()}`;
    await insertRegistrationRequest(t.database.db, {
      email,
      passwordHash: 'not-used-here',
      lang: 'en',
      tokenHash: hashOpaqueToken(link),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const res = await post(t.app, '/api/register/confirm', { token: link });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ result: { token: string } }>().result.token;
  };

  it('are listed as a registration in progress with their step, never as active, and kept out of every picker', async () => {
    const token = await startSignUp('half-done@signup.example');
    await post(t.app, '/api/registration/jurisdiction', { country: 'DE' }, { token });

    const registering = await list({ state: 'registering' });
    const row = registering.items.find((c) => c.name === 'half-done@signup.example');
    expect(row).toMatchObject({ registration_step: 'companyType', tax_number: null, blocked: false });
    expect(registering.items.every((c) => c.registration_step !== null)).toBe(true);
    expect((await list({ state: 'active' })).items.some((c) => c.id === row?.id)).toBe(false);
    expect((await list({ query: 'Demo Logistics LLC' })).items[0]?.registration_step).toBeNull();

    const scope = await post(t.app, '/api/companies/scope', {}, { token: root });
    expect(scope.statusCode).toBe(200);
    const offered = scope.json<{ result: { items: Array<{ id: number }> } }>().result.items.map((c) => c.id);
    expect(offered).not.toContain(row?.id);
    expect(offered).toContain(ids.demo);
  });

  it('root removes an abandoned one outright: its session ends and the e-mail can sign up again', async () => {
    const token = await startSignUp('abandoned@signup.example');
    const row = (await list({ state: 'registering', query: 'abandoned@signup.example' })).items[0];
    expect(row?.registration_step).toBe('jurisdiction');
    const removed = await call('delete', { id: row?.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(CompanyAnswer.parse(removed.json()).result).toMatchObject({ id: row?.id, deleted: true });
    expect((await post(t.app, '/api/registration/status', {}, { token })).statusCode).toBe(401);
    expect((await list({ state: 'registering', query: 'abandoned@signup.example' })).items).toEqual([]);
    const [audit] = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where company_id = ${row?.id ?? 0} order by id desc limit 1`,
    );
    expect(audit?.action).toBe('registration_remove');
    await startSignUp('abandoned@signup.example');
  });
});
