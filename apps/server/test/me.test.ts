import { MeResult } from '@cab/contract/me';
import type { Role } from '@cab/contract/roles';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema.js';
import { DEMO_COMPANY, companyIdByName } from './support/db.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

const StrictMe = MeResult.extend({
  user: MeResult.shape.user.strict(),
  company: MeResult.shape.company.strict(),
  news: MeResult.shape.news.strict(),
}).strict();

let t: TestApp;
let demoCompanyId: number;
beforeAll(async () => {
  t = await createTestApp();
  demoCompanyId = await companyIdByName(t.database.db, DEMO_COMPANY);
});
afterAll(async () => t.close());

async function me(token: string, lang: 'ru' | 'en' = 'en', version = 250314): Promise<MeResult> {
  const res = await post(t.app, '/api/service/me', { version }, { token, lang });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ result: unknown }>();
  expect(Object.keys(body)).toEqual(['result']);
  return StrictMe.parse(body.result);
}

async function setCompany(values: { balanceProblem?: boolean; blocked?: boolean }): Promise<void> {
  await t.database.db.update(companies).set(values).where(eq(companies.id, demoCompanyId));
}

const ROLE_TITLES: Array<{ email: string; role: Role; ru: string; en: string }> = [
  { email: 'root@demo.local', role: 'root', ru: 'Администратор платформы', en: 'Platform administrator' },
  { email: 'admin@demo.local', role: 'admin', ru: 'Администратор компании', en: 'Company administrator' },
  { email: 'manager@demo.local', role: 'manager', ru: 'Менеджер', en: 'Manager' },
  { email: 'viewer@demo.local', role: 'viewer', ru: 'Наблюдатель', en: 'Viewer' },
  { email: 'agent@demo.local', role: 'agent', ru: 'Агент', en: 'Sales agent' },
];

describe('POST /api/service/me', () => {
  it("answers the admin's exact current-user data (spec §3/§7)", async () => {
    const session = await login(t.app, 'admin@demo.local');
    expect(await me(session.token)).toEqual({
      user: {
        id: session.id,
        first_name: 'Anna',
        last_name: 'Adminova',
        email: 'admin@demo.local',
        role: 'admin',
        role_title: 'Company administrator',
        company_block: false,
        message: null,
      },
      company: {
        id: demoCompanyId,
        name: 'Demo Logistics LLC',
        balance: 1250,
        billing_type: 1,
        contract: 'D-2026/001',
        balance_problem: false,
      },
      news: { show: true },
      update: false,
      sim_count: 4000,
    });
  });

  it.each(ROLE_TITLES)('gives $role its role and localized role_title', async ({ email, role, ru, en }) => {
    const { token } = await login(t.app, email);
    const inRu = await me(token, 'ru');
    const inEn = await me(token, 'en');
    expect([inRu.user.role, inRu.user.role_title]).toEqual([role, ru]);
    expect([inEn.user.role, inEn.user.role_title]).toEqual([role, en]);
    expect(inEn.user.email).toBe(email);
  });

  it('counts the SIMs the user can see: own company (child has its own 1000), agent referrals, root all', async () => {
    const { token } = await login(t.app, 'root@demo.local');
    // Root works with every company's SIMs, so it never gets the empty-SIM dialog.
    expect((await me(token)).sim_count).toBe(5000);
    const agent = await login(t.app, 'agent@demo.local');
    expect((await me(agent.token)).sim_count).toBe(5000);
    // Move the viewer into the child company for one call, then back.
    await t.database.db.execute(
      sql`update users set company_id = (select id from companies where name = 'Demo Logistics North') where email = 'viewer@demo.local'`,
    );
    const viewer = await login(t.app, 'viewer@demo.local');
    expect((await me(viewer.token)).sim_count).toBe(1000);
    await t.database.db.execute(sql`update users set company_id = ${demoCompanyId} where email = 'viewer@demo.local'`);
    expect((await me(viewer.token)).sim_count).toBe(4000);
  });

  it('asks an older client to update: true for 250313, false for the current 250314', async () => {
    const { token } = await login(t.app, 'viewer@demo.local');
    expect((await me(token, 'en', 250313)).update).toBe(true);
    expect((await me(token, 'en', 250314)).update).toBe(false);
  });

  it('news.show: true until the first news page is read, true again after root publishes', async () => {
    const manager = await login(t.app, 'manager@demo.local');
    expect((await me(manager.token)).news).toEqual({ show: true });
    expect((await post(t.app, '/api/news/list', { page: 0, size: 10 }, { token: manager.token })).statusCode).toBe(200);
    expect((await me(manager.token)).news).toEqual({ show: false });

    const root = await login(t.app, 'root@demo.local');
    const created = await post(
      t.app,
      '/api/news/create',
      { title_ru: 'Fresh', text_ru: '<p>News</p>', title_en: '', text_en: '' },
      { token: root.token },
    );
    expect(created.statusCode).toBe(200);
    expect((await me(manager.token)).news).toEqual({ show: true });
  });

  it('balance_problem is told by the dialog and home, not by the operator\'s header banner', async () => {
    const { token } = await login(t.app, 'admin@demo.local');
    await setCompany({ balanceProblem: true });
    try {
      const en = await me(token, 'en');
      expect(en.company.balance_problem).toBe(true);
      expect(en.user.message).toBeNull();
    } finally {
      await setCompany({ balanceProblem: false });
    }
  });

  it('a blocked company shows company_block true to its users', async () => {
    const { token } = await login(t.app, 'viewer@demo.local');
    await setCompany({ blocked: true });
    try {
      expect((await me(token)).user.company_block).toBe(true);
    } finally {
      await setCompany({ blocked: false });
    }
    expect((await me(token)).user.company_block).toBe(false);
  });

  it.each([
    ['missing version', {}, { version: 'Wrong value' }],
    ['an unknown field', { version: 250314, extra: true }, { extra: 'Unknown field' }],
    ['version as a string', { version: '250314' }, { version: 'Wrong value' }],
    ['a negative version', { version: -1 }, { version: 'Wrong value' }],
  ])('rejects %s with 400 validation_failed and the field', async (_name, body, fields) => {
    const { token } = await login(t.app, 'viewer@demo.local');
    const res = await post(t.app, '/api/service/me', body, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Wrong input data', code: 'validation_failed', fields });
  });
});
