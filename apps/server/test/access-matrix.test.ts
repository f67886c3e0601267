import { can, ROLES } from '@cab/contract/roles';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { makeIccid } from '../src/seed/iccid.js';
import { Callers } from './access/callers.js';
import { ACCESS_CASES, type AccessCase, type Fixtures, type Who } from './access/cases.js';
import { simIdOf } from './support/sims.js';
import { createTestApp, post, type TestApp } from './support/test-app.js';

let t: TestApp;
let callers: Callers;
let f: Fixtures;
const tokens = {} as Record<Who, string>;
let expired: string;
const WHO: Who[] = [...ROLES, 'other'];

async function insertId(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.database.db, query);
  return row?.id ?? 0;
}

/** Each caller's company gets a SIM in a group of its own and a queue item to cancel. */
async function ownObjects(who: Who, n: number): Promise<{ group: number; queueItem: number; company: number }> {
  const { companyId, userId } = callers.users[who];
  const sim = await insertId(sql`
    insert into sims (company_id, iccid, msisdn, profile) values (${companyId}, ${makeIccid(900_000 + n)}, ${`7990000${String(n).padStart(4, '0')}`}, 'BK')
    returning id::int as id`);
  const group = await insertId(sql`insert into sim_groups (company_id, name) values (${companyId}, ${`matrix ${who}`}) returning id::int as id`);
  await t.database.db.execute(sql`insert into sim_group_members (company_id, group_id, sim_id) values (${companyId}, ${group}, ${sim})`);
  const queueItem = await insertId(sql`
    insert into queue_items (company_id, user_id, reason, count) values (${companyId}, ${userId}, 'queue_ping', 0) returning id::int as id`);
  return { group, queueItem, company: companyId };
}

beforeAll(async () => {
  t = await createTestApp();
  callers = new Callers(t);
  await callers.load();
  const demo = callers.users.admin;
  f = {
    demoSim: await simIdOf(t.database.db, 1),
    demoGroup: await insertId(sql`insert into sim_groups (company_id, name) values (${demo.companyId}, 'demo only') returning id::int as id`),
    demoQueueItem: await insertId(sql`
      insert into queue_items (company_id, user_id, reason, count) values (${demo.companyId}, ${demo.userId}, 'queue_ping', 0) returning id::int as id`),
    demoCompany: demo.companyId,
    demoOrder: await insertId(sql`select id::int as id from orders where company_id = ${demo.companyId} and status = 1 order by id limit 1`),
    demoBill: await insertId(sql`
      select b.id::int as id from bills b join orders o on o.bill_id = b.id
      where o.company_id = ${demo.companyId} and o.status = 1 order by o.id limit 1`),
    own: {} as Fixtures['own'],
  };
  for (const [n, who] of WHO.entries()) {
    f.own[who] = await ownObjects(who, n);
    tokens[who] = await callers.session(who);
  }
  expired = await callers.expired();
}, 60_000);
afterAll(async () => t.close());

async function call(c: AccessCase, request: unknown, token: string | undefined): Promise<LightMyRequestResponse> {
  if (c.method === 'POST') return post(t.app, c.path, request, token ? { token } : {});
  const query = typeof request === 'string' && request ? `${request}&` : '';
  return t.app.inject({ method: 'GET', url: `${c.path}?${query}lang=en`, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

function allowed(c: AccessCase, who: Who): boolean {
  if (c.access === 'public' || c.access === 'session') return true;
  return can(callers.users[who].role, c.access);
}

describe('access matrix: every endpoint as every role, another tenant, an expired token and none', () => {
  it('lists every route of the API, and only those', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(ACCESS_CASES.map((c) => `${c.method} ${c.path}`).sort()).toEqual(routes.sort());
  });

  for (const c of ACCESS_CASES) {
    const ok = c.ok ?? [200];
    it(`${c.method} ${c.path} (${c.access})`, async () => {
      const anonymous = await call(c, c.request(f, 'viewer'), undefined);
      if (c.access === 'public') {
        expect(ok, anonymous.body).toContain(anonymous.statusCode);
        return;
      }
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'unauthorized' });
      const stale = await call(c, c.request(f, 'viewer'), expired);
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toMatchObject({ code: 'token_expired' });

      for (const who of WHO) {
        const token = c.ownSession ? await callers.session(who) : tokens[who];
        const res = await call(c, c.request(f, who), token);
        if (allowed(c, who)) expect(ok, `${who}: ${res.body.slice(0, 300)}`).toContain(res.statusCode);
        else expect(res.json(), who).toMatchObject({ code: 'forbidden' });
        // Revoking "other sessions" also ends the matrix's own one.
        if (c.ownSession) tokens[who] = await callers.session(who);
      }
      if (c.foreign) {
        const res = await call(c, c.foreign(f), tokens.other);
        expect(res.statusCode, `other company: ${res.body.slice(0, 300)}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
      }
    });
  }
});
