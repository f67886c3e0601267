import { ScopeCompaniesResult } from '@cab/contract/companies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function scope(email: string, body?: unknown) {
  const res = await post(t.app, '/api/companies/scope', body ?? {}, { token: (await login(t.app, email)).token });
  expect(res.statusCode).toBe(200);
  return ScopeCompaniesResult.strict().parse(res.json<{ result: unknown }>().result).items;
}

describe('POST /api/companies/scope', () => {
  it('offers a company user its own company first, then its child companies', async () => {
    const items = await scope('manager@demo.local');
    expect(items.map((c) => [c.name, c.own])).toEqual([
      ['Demo Logistics LLC', true],
      ['Demo Logistics North', false],
    ]);
    expect(items[1]?.parent_id).toBe(items[0]?.id);
  });

  it('offers root every company, filtered by name', async () => {
    expect((await scope('root@demo.local')).map((c) => c.name)).toEqual(['M2M Operator', 'Demo Logistics LLC', 'Demo Logistics North', 'Sales Agent Petrov']);
    expect((await scope('root@demo.local', { query: 'north' })).map((c) => c.name)).toEqual(['Demo Logistics North']);
  });

  it('offers an agent only the companies it referred, with their children', async () => {
    expect((await scope('agent@demo.local')).map((c) => [c.name, c.own])).toEqual([
      ['Demo Logistics LLC', false],
      ['Demo Logistics North', false],
    ]);
  });

  it('rejects unknown fields and needs a token', async () => {
    const token = (await login(t.app, 'admin@demo.local')).token;
    expect((await post(t.app, '/api/companies/scope', { all: true }, { token })).statusCode).toBe(400);
    expect((await post(t.app, '/api/companies/scope', {})).statusCode).toBe(401);
  });
});
