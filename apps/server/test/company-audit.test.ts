import type { ApiTokensListResult } from '@cab/contract/api-tokens';
import { AUDIT_RETENTION_DAYS, type CompanyAuditItem, type CompanyAuditResult } from '@cab/contract/company-audit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { purgeOldAudit } from '../src/modules/platform/audit/index.js';
import { AGENT_COMPANY, companyIdByName, DEMO_COMPANY, userByEmail } from './support/db.js';
import { parseXlsx } from './support/report-files.js';
import { createTestApp, DEMO_PASSWORD, login, post, type TestApp } from './support/test-app.js';

/**
 * The company's own audit log (issue 22.6): its admins read who signed in and who failed to, the
 * changes made and the operator's impersonation, filter it and export it; nobody else reads it,
 * and no other company's rows are ever in it.
 */
let t: TestApp;
let admin: string;
let manager: string;
let root: string;
let demo: number;
let adminUser: { id: number };
let managerUser: { id: number };

const BROWSER = 'Mozilla/5.0 (audit-test) Chrome/156';

async function list(body: Record<string, unknown>, token = admin): Promise<CompanyAuditResult> {
  const res = await post(t.app, '/api/company/audit/list', { size: 100, ...body }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: CompanyAuditResult }>().result;
}
const actions = (items: CompanyAuditItem[]) => items.map((item) => item.action);

beforeAll(async () => {
  t = await createTestApp();
  demo = await companyIdByName(t.database.db, DEMO_COMPANY);
  adminUser = await userByEmail(t.database.db, 'admin@demo.local');
  managerUser = await userByEmail(t.database.db, 'manager@demo.local');
  // A clean log: the seed's and other files' rows would only blur what each test counts.
  await t.database.db.execute(sql`delete from audit_log`);
  const signIn = (email: string, password = DEMO_PASSWORD) =>
    post(t.app, '/api/login', { email, password }, { headers: { 'user-agent': BROWSER, 'x-forwarded-for': '203.0.113.7' } });
  expect((await signIn('admin@demo.local', 'wrong-password-1')).statusCode).toBe(401);
  expect((await signIn('nobody@demo.local', 'wrong-password-1')).statusCode).toBe(401);
  const signedIn = await signIn('admin@demo.local');
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  admin = signedIn.json<{ result: { token: string } }>().result.token;
  manager = (await login(t.app, 'manager@demo.local')).token;
  root = (await login(t.app, 'root@demo.local')).token;
});
afterAll(async () => {
  await t?.close();
});

describe('the company audit log', () => {
  it('shows sign-ins and failed sign-ins with their time, address and browser; an unknown e-mail is no company’s', async () => {
    const page = await list({ user: adminUser.id });
    const failed = page.items.find((item) => item.action === 'login_failed');
    const signedIn = page.items.find((item) => item.action === 'login');
    expect(failed).toMatchObject({ user: { id: adminUser.id, email: 'admin@demo.local' }, user_agent: BROWSER, details: { reason: 'password' } });
    expect(signedIn).toMatchObject({ user: { id: adminUser.id }, user_agent: BROWSER, impersonator: null });
    expect(failed?.ip).toBeTruthy();
    expect(Math.abs((signedIn?.created ?? 0) - Date.now() / 1000)).toBeLessThan(120);
    // Newest first: the failure came before the sign-in.
    expect(actions(page.items).indexOf('login')).toBeLessThan(actions(page.items).indexOf('login_failed'));
    const unknown = await queryRows(t.database.db, sql`select 1 from audit_log where action = 'login_failed' and user_id is distinct from ${adminUser.id}`);
    expect(unknown).toHaveLength(0);
  });

  it("records alert rule changes and shows root's impersonation of the company's users, and what root did as them", async () => {
    const created = await post(t.app, '/api/alerts/rules/create', { name: 'Audit rule', scope: 'company', condition: 'data_percent', threshold: 80, notify: true, block: false }, { token: manager });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ result: { id: number } }>().result.id;
    expect((await post(t.app, '/api/alerts/rules/delete', { id }, { token: manager })).statusCode).toBe(200);

    const impersonated = await post(t.app, '/api/users/impersonate', { id: managerUser.id }, { token: root });
    expect(impersonated.statusCode, impersonated.body).toBe(200);
    const asManager = impersonated.json<{ result: { token: string } }>().result.token;
    const renamed = await post(t.app, '/api/alerts/rules/create', { name: 'Made by the operator', scope: 'company', condition: 'data_percent', threshold: 90, notify: true, block: false }, { token: asManager });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const page = await list({ user: managerUser.id });
    // The manager's own sign-in (beforeAll) is the oldest.
    expect(actions(page.items)).toEqual(['alert_rule_create', 'impersonation_start', 'alert_rule_delete', 'alert_rule_create', 'login']);
    const [byOperator, start] = page.items;
    expect(byOperator?.impersonator).toMatchObject({ email: 'root@demo.local' });
    expect(byOperator?.details).toMatchObject({ name: 'Made by the operator' });
    expect(start?.impersonator).toMatchObject({ email: 'root@demo.local' });
    expect(page.items[2]?.impersonator).toBeNull();
  });

  it('filters by action and date and pages by cursor without a row twice or missed', async () => {
    const [{ id: agency } = { id: 0 }] = await queryRows<{ id: number }>(t.database.db, sql`select id::int as id from companies where name = ${AGENT_COMPANY}`);
    await t.database.db.execute(sql`
      insert into audit_log (company_id, user_id, action, details, created_at)
      select ${demo}, ${adminUser.id}, 'company_update', jsonb_build_object('n', n), now() - make_interval(days => 40) + n * interval '1 second'
      from generate_series(1, 7) n`);
    await t.database.db.execute(sql`insert into audit_log (company_id, action, details) values (${agency}, 'company_update', '{"secret": true}')`);

    expect((await list({ action: 'company_update' })).items).toHaveLength(0);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const seen: number[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await list({ action: 'company_update', from: day(45), to: day(35), size: 3, ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((item) => Number(item.details.n)));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual([7, 6, 5, 4, 3, 2, 1]);
  });

  it('refuses what it cannot answer with a clear error and changes nothing', async () => {
    const tooLong = await post(t.app, '/api/company/audit/list', { size: 10, from: '2024-01-01', to: '2026-01-01' }, { token: admin, lang: 'ru' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ message: string; code: string }>()).toMatchObject({ code: 'audit_range_too_long', message: 'Период журнала не может быть длиннее 366 дней' });
    for (const body of [{ size: 0 }, { size: 101 }, { size: 10, action: 'drop_table' }, { size: 10, user: -1 }, { size: 10, cursor: 'x' }, { size: 10, extra: 1 }]) {
      expect((await post(t.app, '/api/company/audit/list', body, { token: admin })).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('is read by the company admin and root only', async () => {
    expect((await post(t.app, '/api/company/audit/list', { size: 10 }, { token: manager })).statusCode).toBe(403);
    const viewer = (await login(t.app, 'viewer@demo.local')).token;
    expect((await post(t.app, '/api/company/audit/list', { size: 10 }, { token: viewer })).statusCode).toBe(403);
    expect((await post(t.app, '/api/company/audit/list', { size: 10 }, { token: root })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/company/audit/export', headers: { authorization: `Bearer ${manager}` } })).statusCode).toBe(403);
  });

  it('records an API token’s calls and where it was last used from', async () => {
    const created = await post(t.app, '/api/tokens/create', { name: 'audit token' }, { token: admin });
    expect(created.statusCode, created.body).toBe(200);
    const secret = created.json<{ result: { secret: string } }>().result.secret;
    const call = await post(t.app, '/api/sims/list', { page: 0, size: 1 }, { token: secret, headers: { 'x-forwarded-for': '198.51.100.9' } });
    expect(call.statusCode, call.body).toBe(200);
    const tokens = (await post(t.app, '/api/tokens/list', {}, { token: admin })).json<{ result: ApiTokensListResult }>().result.items;
    const used = tokens.find((token) => token.name === 'audit token');
    expect(used?.last_used).not.toBeNull();
    expect(used?.last_used_ip).toBeTruthy();
    expect(actions((await list({ action: 'api_token_create' })).items)).toEqual(['api_token_create']);
  });

  it('exports the filtered log as CSV in the caller language and as XLSX', async () => {
    const download = (query: string, token = admin) => t.app.inject({ method: 'GET', url: `/api/company/audit/export?${query}`, headers: { authorization: `Bearer ${token}` } });
    const ru = await download(`lang=ru&user=${adminUser.id}&action=login_failed`);
    expect(ru.statusCode, ru.body).toBe(200);
    expect(ru.headers['content-type']).toContain('text/csv');
    expect(ru.headers['x-export-rows']).toBe('1');
    const lines = ru.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toContain('Время (UTC)');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Неудачный вход');
    expect(lines[1]).toContain('admin@demo.local');
    expect(lines[1]).toContain(BROWSER);

    const xlsx = await download('lang=en&format=xlsx&action=impersonation_start');
    expect(xlsx.statusCode).toBe(200);
    const rows = await parseXlsx(xlsx.rawPayload);
    expect(rows[0]).toContain('Operator acting as the user');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('Operator signed in as the user');
    expect(String(rows[1]?.[5])).toContain('root@demo.local');
    expect((await download('user=abc')).statusCode).toBe(400);
  });

  it('keeps a year: older rows are purged, newer ones stay', async () => {
    await t.database.db.execute(sql`
      insert into audit_log (company_id, user_id, action, created_at) values
        (${demo}, ${adminUser.id}, 'company_update', now() - make_interval(days => ${AUDIT_RETENTION_DAYS + 2})),
        (${demo}, ${adminUser.id}, 'company_update', now() - make_interval(days => ${AUDIT_RETENTION_DAYS - 2}))`);
    const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log`);
    expect(await purgeOldAudit(t.database.db, AUDIT_RETENTION_DAYS)).toBe(1);
    const after = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log`);
    expect(after[0]?.n).toBe((before[0]?.n ?? 0) - 1);
  });
});
