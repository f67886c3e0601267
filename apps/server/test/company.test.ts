import { CompanyDetails } from '@cab/contract/company';
import { ErrorBody } from '@cab/contract/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../src/db/client.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
const ids: Record<'operator' | 'agency' | 'demo' | 'child', number> = { operator: 0, agency: 0, demo: 0, child: 0 };
const tokens: Record<'root' | 'admin' | 'manager' | 'viewer', string> = {
  root: '',
  admin: '',
  manager: '',
  viewer: '',
};

const idOf = async (name: string) =>
  (await queryRows<{ id: number }>(t.database.db, sql`select id::int as id from companies where name = ${name}`))[0]
    ?.id ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  ids.operator = await idOf('M2M Operator');
  ids.agency = await idOf('Sales Agent Petrov');
  ids.demo = await idOf('Demo Logistics LLC');
  ids.child = await idOf('Demo Logistics North');
  for (const role of ['root', 'admin', 'manager', 'viewer'] as const)
    tokens[role] = (await login(t.app, `${role}@demo.local`)).token;
});
afterAll(async () => t.close());

const Answer = z.strictObject({ result: CompanyDetails.strict() });
const get = (token: string, body: unknown) => post(t.app, '/api/company/get', body, { token });
const update = (token: string, body: unknown) => post(t.app, '/api/company/update', body, { token });
const codeOf = (res: { json: () => unknown }) => ErrorBody.parse(res.json()).code;

describe('POST /api/company/get', () => {
  it('answers the own company with the spec fields, its child companies and what the admin may edit', async () => {
    const res = await get(tokens.admin, {});
    expect(res.statusCode).toBe(200);
    const company = Answer.parse(res.json()).result;
    expect(company).toMatchObject({ id: ids.demo, name: 'Demo Logistics LLC', own: true, blocked: false });
    expect(company.children).toEqual([{ id: ids.child, name: 'Demo Logistics North' }]);
    expect(company.editable).toEqual(['name', 'responsible', 'whatsapp', 'require_second_factor']);
    expect([1, 2]).toContain(company.billing_type);
  });

  it('a child company opens for the parent’s users; another company is 404; root opens any with every field editable', async () => {
    const child = Answer.parse((await get(tokens.viewer, { id: ids.child })).json()).result;
    expect(child).toMatchObject({ id: ids.child, own: false, balance: 300, country: 'RU', parent: { id: ids.demo } });
    expect(child.editable).toEqual([]);
    for (const other of [ids.operator, ids.agency, 999_999]) {
      const res = await get(tokens.admin, { id: other });
      expect(res.statusCode).toBe(404);
      expect(codeOf(res)).toBe('not_found');
    }
    const byRoot = Answer.parse((await get(tokens.root, { id: ids.demo })).json()).result;
    expect(byRoot.editable).toEqual([
      'name',
      'responsible',
      'whatsapp',
      'require_second_factor',
      'contract',
      'billing_type',
      'overdraft',
      'country',
    ]);
    expect((await get(tokens.root, { id: 999_999 })).statusCode).toBe(404);
  });

  it('rejects unknown fields and bad ids', async () => {
    expect((await get(tokens.admin, { id: ids.demo, extra: 1 })).statusCode).toBe(400);
    expect((await get(tokens.admin, { id: -1 })).statusCode).toBe(400);
  });
});

describe('POST /api/company/update', () => {
  it('an admin changes name, responsible and WhatsApp (international format only) and an audit row is written', async () => {
    const bad = await update(tokens.admin, { id: ids.demo, whatsapp: '8 999 000 11 22' });
    expect(bad.statusCode).toBe(400);
    const res = await update(tokens.admin, {
      id: ids.demo,
      name: 'Demo Logistics Ltd',
      responsible: 'Anna Adminova',
      whatsapp: '+79991234567',
    });
    expect(res.statusCode).toBe(200);
    expect(Answer.parse(res.json()).result).toMatchObject({
      name: 'Demo Logistics Ltd',
      responsible: 'Anna Adminova',
      whatsapp: '+79991234567',
    });
    const [audit] = await queryRows<{ n: number }>(
      t.database.db,
      sql`
      select count(*)::int as n from audit_log where company_id = ${ids.demo} and action = 'company_update'`,
    );
    expect(audit?.n).toBe(1);
  });

  it('an admin may not change contract terms; root may', async () => {
    for (const body of [{ contract: 'X-1' }, { billing_type: 2 }, { overdraft: 50 }, { country: 'DE' }]) {
      const res = await update(tokens.admin, { id: ids.demo, ...body });
      expect(res.statusCode).toBe(403);
      expect(codeOf(res)).toBe('forbidden');
    }
    const res = await update(tokens.root, {
      id: ids.demo,
      contract: 'D-2026/100',
      billing_type: 2,
      overdraft: 150.5,
      country: 'DE',
    });
    expect(res.statusCode).toBe(200);
    expect(Answer.parse(res.json()).result).toMatchObject({
      contract: 'D-2026/100',
      billing_type: 2,
      overdraft: 150.5,
      country: 'DE',
    });
    expect((await update(tokens.root, { id: ids.demo, overdraft: 1.005 })).statusCode).toBe(400);
  });

  it('manager and viewer get 403; another company is 404 even for an admin', async () => {
    for (const token of [tokens.manager, tokens.viewer]) {
      const res = await update(token, { id: ids.demo, name: 'Nope' });
      expect(res.statusCode).toBe(403);
    }
    expect((await update(tokens.admin, { id: ids.operator, name: 'Nope' })).statusCode).toBe(404);
    // The route's permission is decided first: a viewer is refused whatever company it names.
    expect((await update(tokens.viewer, { id: ids.agency, name: 'Nope' })).statusCode).toBe(403);
  });

  it('a blocked company is read-only: it still opens, nothing is editable, an update answers company_blocked', async () => {
    await t.database.db.execute(sql`update companies set blocked = true where id = ${ids.demo}`);
    try {
      const company = Answer.parse((await get(tokens.admin, {})).json()).result;
      expect(company).toMatchObject({ blocked: true, editable: [] });
      const res = await update(tokens.admin, { id: ids.demo, name: 'Blocked edit' });
      expect(res.statusCode).toBe(403);
      expect(codeOf(res)).toBe('company_blocked');
    } finally {
      await t.database.db.execute(sql`update companies set blocked = false where id = ${ids.demo}`);
    }
  });
});
