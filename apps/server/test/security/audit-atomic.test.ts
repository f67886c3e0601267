import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOpaqueToken } from '../../src/auth/tokens.js';
import { queryRows } from '../../src/db/client.js';
import { insertRegistrationRequest } from '../../src/modules/accounts/registration/repository.js';
import { waitFor } from '../support/wait.js';
import { AGENT_COMPANY, DEMO_COMPANY, companyIdByName, userByEmail } from '../support/db.js';
import { authServiceOf } from '../support/auth-service.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/test-app.js';
import { changedTables, digestTables } from './db-digest.js';

/**
 * A change and the audit row that records it commit together or not at all. The audit table is made
 * to refuse every insert (a NOT VALID check constraint); each audited call must then fail as a whole
 * and leave every table as it was. With the constraint gone the same call succeeds and is audited,
 * so the refusal really came from the audit insert.
 */

let t: TestApp;
const ids = { demo: 0, agent: 0, sim: 0, group: 0, manager: 0, order: 0, bill: 0, violations: 0, request: 0, rule: 0 };
let address = 0;

async function sessionOf(email: string): Promise<string> {
  const user = await userByEmail(t.database.db, email);
  const [row] = await queryRows<{ role: string }>(t.database.db, sql`select role from users where id = ${user.id}`);
  const auth = authServiceOf(t);
  const pair = await auth.startSession({ userId: user.id, companyId: user.companyId, role: row?.role ?? 'viewer', impersonatorId: null }, { ip: '127.0.0.1', userAgent: 'atomic' });
  return pair.token;
}

async function call(path: string, body: unknown, token: string | null): Promise<LightMyRequestResponse> {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url: `${path}?lang=en`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as Record<string, unknown>,
    // Sign-in routes are rate-limited per address.
    remoteAddress: `127.0.9.${address}`,
  });
}

async function auditCount(action: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log where action = ${action}`);
  return row?.n ?? 0;
}

const ADMIN = 'admin@demo.local';
const ROOT = 'root@demo.local';
const MANAGER = 'manager@demo.local';
const AGENT = 'agent@demo.local';

interface AuditedCall {
  action: string;
  path: string;
  as: string | null;
  body: () => unknown;
  /** Remembers ids a later call needs. */
  then?: (result: Record<string, unknown>) => void;
  /**
   * Answers at once and does the audited work after the answer (so its timing tells nothing, e.g.
   * whether an e-mail is known): the answer is 200 either way; the work and its audit row still
   * commit together or not at all.
   */
  afterReply?: boolean;
}

/** A mailed registration link, as register/start stores it; the refused confirm leaves it unused. */
const REGISTRATION_LINK = 'atomic-registration-link';

const CALLS: AuditedCall[] = [
  { action: 'login', path: '/api/login', as: null, body: () => ({ email: MANAGER, password: DEMO_PASSWORD }) },
  { action: 'logout', path: '/api/logout', as: MANAGER, body: () => ({}) },
  { action: 'password_reset_request', path: '/api/forgot/request', as: null, body: () => ({ email: MANAGER }), afterReply: true },
  { action: 'registration_start', path: '/api/register/confirm', as: null, body: () => ({ token: REGISTRATION_LINK }) },
  { action: 'group_create', path: '/api/groups/create', as: ADMIN, body: () => ({ name: 'Atomic new' }) },
  { action: 'group_rename', path: '/api/groups/rename', as: ADMIN, body: () => ({ id: ids.group, name: 'Atomic renamed' }) },
  { action: 'profile_update', path: '/api/profile/update', as: ADMIN, body: () => ({ first_name: 'Ann', last_name: 'Atomic', phone: '+4915112345678', lang: 'en' }) },
  { action: 'sessions_revoke_others', path: '/api/profile/sessions/revoke_others', as: ADMIN, body: () => ({}) },
  { action: 'password_change', path: '/api/profile/password', as: 'viewer@demo.local', body: () => ({ current_password: DEMO_PASSWORD, new_password: 'atomic-password-2' }) },
  { action: 'sim_update', path: '/api/sims/update', as: ADMIN, body: () => ({ id: ids.sim, name: 'Atomic SIM' }) },
  { action: 'notify_method_create', path: '/api/notify_methods/create', as: ADMIN, body: () => ({ type: 0, destination: 'atomic@example.com', sim: true, billing: false, notify: false }) },
  { action: 'news_create', path: '/api/news/create', as: ROOT, body: () => ({ title_ru: 'Atomic', text_ru: 'Atomic news', title_en: '', text_en: '' }) },
  { action: 'api_token_create', path: '/api/tokens/create', as: ADMIN, body: () => ({ name: 'Atomic token' }) },
  { action: 'company_update', path: '/api/company/update', as: ROOT, body: () => ({ id: ids.demo, contract: 'C-ATOMIC' }) },
  { action: 'balance_adjust', path: '/api/deposit/adjust', as: ROOT, body: () => ({ company_id: ids.demo, amount: '+10', reason: 'atomic' }) },
  {
    action: 'bill_create', path: '/api/bills/create', as: ADMIN, body: () => ({ amount_eur: 100 }),
    then: (result) => { ids.bill = Number(result.id); },
  },
  { action: 'bill_paid', path: '/api/bills/mark_paid', as: ROOT, body: () => ({ id: ids.bill }) },
  {
    action: 'order_create', path: '/api/orders/create', as: ADMIN, body: () => ({ company_id: ids.demo, count: 50, contact: 'Ann', address: 'Street 1' }),
    then: (result) => { ids.order = Number(result.id); },
  },
  { action: 'order_cancel', path: '/api/orders/cancel', as: ADMIN, body: () => ({ id: ids.order }) },
  { action: 'agent_rate', path: '/api/agent/rate', as: ROOT, body: () => ({ agent_company_id: ids.agent, rate: '12' }) },
  { action: 'agent_assign', path: '/api/agent/assign', as: ROOT, body: () => ({ company_id: ids.demo, agent_company_id: ids.agent }) },
  {
    action: 'withdrawal_create', path: '/api/agent/requests/create', as: AGENT, body: () => ({ amount: '20', method: 'other', details: 'Atomic' }),
    then: (result) => { ids.request = Number(result.id); },
  },
  { action: 'withdrawal_take', path: '/api/agent/requests/transition', as: ROOT, body: () => ({ id: ids.request, action: 'take' }) },
  { action: 'withdrawal_decline', path: '/api/agent/requests/transition', as: ROOT, body: () => ({ id: ids.request, action: 'decline', comment: 'Atomic' }) },
  { action: 'queue_create', path: '/api/queue/create', as: ADMIN, body: () => ({ reason: 'queue_ping', selection: { ids: [ids.sim] } }) },
  { action: 'company_block', path: '/api/companies/block', as: ROOT, body: () => ({ id: ids.agent }) },
  { action: 'impersonation_start', path: '/api/users/impersonate', as: ROOT, body: () => ({ id: ids.manager }) },
  { action: 'group_delete', path: '/api/groups/delete', as: ADMIN, body: () => ({ id: ids.group }) },
  { action: 'roaming_change', path: '/api/sims/roaming/set', as: MANAGER, body: () => ({ id: ids.sim, mode: 'worldwide' }) },
  {
    action: 'alert_rule_create', path: '/api/alerts/rules/create', as: MANAGER,
    body: () => ({ name: 'Atomic rule', scope: 'company', condition: 'data_percent', threshold: 80, notify: true, block: false }),
    then: (result) => { ids.rule = Number(result.id); },
  },
  {
    action: 'alert_rule_update', path: '/api/alerts/rules/update', as: MANAGER,
    body: () => ({ id: ids.rule, name: 'Atomic rule 2', scope: 'company', condition: 'data_percent', threshold: 90, notify: true, block: false }),
  },
  { action: 'alert_rule_delete', path: '/api/alerts/rules/delete', as: MANAGER, body: () => ({ id: ids.rule }) },
  { action: 'network_settings_update', path: '/api/tools/network/update', as: ROOT, body: () => ({ latency_ms: 0, failure_rate: 0, activity_sims: 0, roaming_delay_minutes: 5 }) },
  { action: 'country_rule_create', path: '/api/tools/country_rules/create', as: ROOT, body: () => ({ country: 'DE', from: '2025-01-01' }) },
  { action: 'usage_burst', path: '/api/tools/network/burst', as: ROOT, body: () => ({ company_id: ids.demo, sims: 5 }) },
  {
    action: 'global_unblock',
    path: '/api/tools/global_unblock/run',
    as: ROOT,
    body: () => ({ filter: { company: [ids.demo], block_types: ['violation'] }, expected: ids.violations }),
  },
  {
    action: 'banner_publish', path: '/api/tools/banner/publish', as: ROOT,
    body: () => ({ type: 'info', text_ru: 'Атомарно', text_en: 'Atomic', link: null, target: '_blank', starts_at: null, ends_at: null, audience: 'companies', company_ids: [ids.demo] }),
  },
  { action: 'banner_withdraw', path: '/api/tools/banner/withdraw', as: ROOT, body: () => ({}) },
  { action: 'cabinet_version_set', path: '/api/tools/version/set', as: ROOT, body: () => ({ min_version: 250401 }) },
  { action: 'news_update', path: '/api/news/update', as: ROOT, body: () => ({ id: 1, title_ru: 'Atomic edit', text_ru: '<p>Atomic</p>', title_en: '', text_en: '' }) },
  { action: 'news_unpublish', path: '/api/news/unpublish', as: ROOT, body: () => ({ id: 1 }) },
  { action: 'news_publish', path: '/api/news/publish', as: ROOT, body: () => ({ id: 1 }) },
  { action: 'faq_create', path: '/api/tools/faq/create', as: ROOT, body: () => ({ id: 'atomic', group: 'general', position: 1, question_ru: 'В', question_en: 'Q', answer_ru: '<p>О</p>', answer_en: '<p>A</p>' }) },
  { action: 'faq_update', path: '/api/tools/faq/update', as: ROOT, body: () => ({ id: 'atomic', group: 'msu', position: 2, question_ru: 'В2', question_en: 'Q2', answer_ru: '<p>О2</p>', answer_en: '<p>A2</p>' }) },
  { action: 'faq_delete', path: '/api/tools/faq/delete', as: ROOT, body: () => ({ id: 'atomic' }) },
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  ids.demo = await companyIdByName(db, DEMO_COMPANY);
  ids.agent = await companyIdByName(db, AGENT_COMPANY);
  await insertRegistrationRequest(db, {
    email: 'atomic-new@example.com',
    passwordHash: 'not-used-here',
    lang: 'en',
    tokenHash: hashOpaqueToken(REGISTRATION_LINK),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  ids.manager = (await userByEmail(db, MANAGER)).id;
  const [sim] = await queryRows<{ id: number }>(db, sql`select id::int as id from sims where company_id = ${ids.demo} order by id limit 1`);
  ids.sim = sim?.id ?? 0;
  const [violations] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sims where company_id = ${ids.demo} and block_type = 'violation'`);
  ids.violations = violations?.n ?? 0;
  const [group] = await queryRows<{ id: number }>(db, sql`insert into sim_groups (company_id, name) values (${ids.demo}, 'Atomic') returning id::int as id`);
  ids.group = group?.id ?? 0;
});
afterAll(async () => t.close());

describe('an audited change is never saved without its audit row', () => {
  it.each(CALLS)('$path ($action)', async (audited) => {
    const db = t.database.db;
    const tokenOf = async () => (audited.as ? sessionOf(audited.as) : null);
    const token = await tokenOf();
    const before = await digestTables(db);
    await db.execute(sql`alter table audit_log add constraint audit_refused check (false) not valid`);
    let refused: LightMyRequestResponse;
    try {
      refused = await call(audited.path, audited.body(), token);
      // Work after the answer runs once the answer is out: the audit table keeps refusing meanwhile
      // (a bounded wait; the work takes milliseconds).
      if (audited.afterReply) await new Promise((resolve) => setTimeout(resolve, 2000));
    } finally {
      await db.execute(sql`alter table audit_log drop constraint audit_refused`);
    }
    if (audited.afterReply) {
      // The work after the answer failed on its audit row: it left nothing behind.
      expect(refused.statusCode, refused.body).toBe(200);
    } else {
      expect(refused.statusCode, refused.body).toBe(500);
      expect(refused.json()).toEqual({ message: 'Unexpected error, please try again later', code: 'internal' });
    }
    expect(changedTables(before, await digestTables(db))).toEqual([]);

    const audits = await auditCount(audited.action);
    const done = await call(audited.path, audited.body(), await tokenOf());
    expect(done.statusCode, done.body).toBe(200);
    await waitFor(async () => (await auditCount(audited.action)) > audits, 5000, `${audited.action} audit row`);
    audited.then?.(done.json<{ result: Record<string, unknown> }>().result);
  });
});

describe('an audit row is written only for a change that happened', () => {
  it('updating a company that does not exist is a 404 and audits nothing, even with no field to change', async () => {
    const token = await sessionOf(ROOT);
    const before = await digestTables(t.database.db);
    const res = await call('/api/company/update', { id: 2 ** 31 }, token);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
    expect(changedTables(before, await digestTables(t.database.db))).toEqual([]);
  });
});
