import { can, ROLES, type Permission, type Role } from '@cab/contract/roles';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompanies, simIdOf, sqlIds, type DemoCompanies } from './support/sims.js';
import { createTestApp, JWT_SECRET, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
let c: DemoCompanies;
const tokens = {} as Record<Role, string>;
/** What each role acts on: a demo SIM (visible to all five), and a group and queue item of its own company. */
const own = {} as Record<Role, { group: number; qid: number }>;
let simId: number;
let expired: string;

const EMAIL: Record<Role, string> = {
  root: 'root@demo.local',
  admin: 'admin@demo.local',
  manager: 'manager@demo.local',
  viewer: 'viewer@demo.local',
  agent: 'agent@demo.local',
};

beforeAll(async () => {
  t = await createTestApp();
  c = await demoCompanies(t.database.db);
  simId = await simIdOf(t.database.db, 1);
  for (const role of ROLES) {
    tokens[role] = (await login(t.app, EMAIL[role])).token;
    const [user] = await sqlIds(t.database.db, sql`select id::int as id from users where email = ${EMAIL[role]}`);
    const [companyId] = await sqlIds(t.database.db, sql`select company_id::int as id from users where email = ${EMAIL[role]}`);
    const [group] = await sqlIds(t.database.db, sql`insert into sim_groups (company_id, name) values (${companyId}, ${`group of ${role}`}) returning id::int as id`);
    const [qid] = await sqlIds(t.database.db, sql`
      insert into queue_items (company_id, user_id, reason, count) values (${companyId}, ${user}, 'queue_ping', 0) returning id::int as id`);
    own[role] = { group: group ?? 0, qid: qid ?? 0 };
  }
  const claims = JSON.parse(Buffer.from(tokens.viewer.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
  expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(JWT_SECRET));
});
afterAll(async () => t.close());

interface Endpoint {
  name: string;
  permission: Permission;
  call(role: Role, token: string | undefined): Promise<LightMyRequestResponse>;
}

/** GET /api/queue/results?qid=…&lang=en (the shared `get` helper appends its own query string). */
const results = (qid: number, token: string | undefined) =>
  t.app.inject({ method: 'GET', url: `/api/queue/results?qid=${qid}&lang=en`, headers: token ? { authorization: `Bearer ${token}` } : {} });
const postAs = (path: string, body: unknown) => (token: string | undefined) => post(t.app, path, body, token ? { token } : {});
const ENDPOINTS: Endpoint[] = [
  { name: 'sims/list', permission: 'sims.read', call: (_r, tk) => postAs('/api/sims/list', { page: 0, size: 5 })(tk) },
  { name: 'sims/get', permission: 'sims.read', call: (_r, tk) => postAs('/api/sims/get', { id: simId })(tk) },
  { name: 'sims/usage', permission: 'sims.read', call: (_r, tk) => postAs('/api/sims/usage', { id: simId, page: 0, size: 5 })(tk) },
  { name: 'sims/update', permission: 'sims.operate', call: (r, tk) => postAs('/api/sims/update', { id: simId, name: `renamed by ${r}` })(tk) },
  { name: 'groups/list', permission: 'sims.read', call: (_r, tk) => postAs('/api/groups/list', {})(tk) },
  { name: 'groups/create', permission: 'groups.manage', call: (r, tk) => postAs('/api/groups/create', { name: `created by ${r}` })(tk) },
  { name: 'groups/rename', permission: 'groups.manage', call: (r, tk) => postAs('/api/groups/rename', { id: own[r].group, name: `renamed by ${r}` })(tk) },
  { name: 'groups/delete', permission: 'groups.manage', call: (r, tk) => postAs('/api/groups/delete', { id: own[r].group })(tk) },
  { name: 'queue/create', permission: 'sims.operate', call: (_r, tk) => postAs('/api/queue/create', { reason: 'queue_block', selection: { ids: [simId] } })(tk) },
  { name: 'queue/cancel', permission: 'sims.operate', call: (r, tk) => postAs('/api/queue/cancel', { qid: own[r].qid })(tk) },
  { name: 'queue/results', permission: 'sims.read', call: (r, tk) => results(own[r].qid, tk) },
];

describe('who may call the SIM and group endpoints (ROLE_PERMISSIONS)', () => {
  it('has the permission table this matrix assumes', () => {
    expect(ROLES.filter((r) => can(r, 'sims.read'))).toEqual(['root', 'admin', 'manager', 'viewer', 'agent']);
    expect(ROLES.filter((r) => can(r, 'sims.operate'))).toEqual(['root', 'admin', 'manager']);
    expect(ROLES.filter((r) => can(r, 'groups.manage'))).toEqual(['root', 'admin', 'manager']);
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.name}: 200 with ${endpoint.permission}, else 403; 401 without a valid token`, async () => {
      for (const role of ROLES) {
        const res = await endpoint.call(role, tokens[role]);
        const allowed = can(role, endpoint.permission);
        expect(res.statusCode, `${role}: ${res.body.slice(0, 200)}`).toBe(allowed ? 200 : 403);
        if (!allowed) expect(res.json()).toEqual({ message: 'You do not have permission to do this', code: 'forbidden' });
      }
      const none = await endpoint.call('viewer', undefined);
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ message: 'Please sign in', code: 'unauthorized' });
      const old = await endpoint.call('viewer', expired);
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual({ message: 'Your session has expired, please sign in again', code: 'token_expired' });
      expect((await endpoint.call('viewer', 'garbage')).statusCode).toBe(401);
    });
  }

  it('a granted permission is still tenant-scoped: queue items and groups of another company answer 404', async () => {
    const [rootQid] = await sqlIds(t.database.db, sql`
      insert into queue_items (company_id, user_id, reason) select company_id, id, 'queue_ping' from users where email = 'root@demo.local' returning id::int as id`);
    const [rootGroup] = await sqlIds(t.database.db, sql`insert into sim_groups (company_id, name) values (${c.operator}, 'root only') returning id::int as id`);
    const calls: Array<[string, () => Promise<LightMyRequestResponse>]> = [
      ['viewer results', () => results(rootQid ?? 0, tokens.viewer)],
      ['agent results', () => results(own.admin.qid, tokens.agent)],
      ['manager cancel', () => post(t.app, '/api/queue/cancel', { qid: rootQid }, { token: tokens.manager })],
      ['admin rename', () => post(t.app, '/api/groups/rename', { id: rootGroup, name: 'x' }, { token: tokens.admin })],
      ['manager delete', () => post(t.app, '/api/groups/delete', { id: rootGroup }, { token: tokens.manager })],
    ];
    for (const [what, call] of calls) {
      const res = await call();
      expect(res.statusCode, what).toBe(404);
      expect(res.json(), what).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });
});
