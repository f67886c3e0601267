import { Readable } from 'node:stream';
import { API } from '@cab/contract/paths';
import { canAs, ROLES } from '@cab/contract/roles';
import { ROUTE_ACCESS, routeKey } from '@cab/contract/route-access';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { makeIccid } from '../src/seed/iccid.js';
import { Callers } from './access/callers.js';
import { CORE_CASES, type AccessCase, type Fixtures, type OwnObjects, type Who } from './access/cases.js';
import { ACCOUNT_CASES } from './access/cases-accounts.js';
import { COMMERCE_CASES } from './access/cases-commerce.js';
import { SIM_RULES_CASES } from './access/cases-sim-rules.js';
import { CONTENT_CASES } from './access/cases-content.js';
import { AGENT_CASES, agentFixtures } from './access/cases-agents.js';
import { OPS_CASES } from './access/cases-ops.js';
import { FILES_CASES } from './access/cases-files.js';
import { REPORT_CASES } from './access/cases-reports.js';
import { ALERT_CASES } from './access/cases-alerts.js';
import { INSIGHT_CASES } from './access/cases-insight.js';
import { simIdOf } from './support/sims.js';
import { createTestApp, post, type TestApp } from './support/test-app.js';

let t: TestApp;
let callers: Callers;
let f: Fixtures;
const tokens = {} as Record<Who, string>;
let expired: string;
const WHO: Who[] = [...ROLES, 'other', 'token'];
const ACCESS_CASES: AccessCase[] = [...CORE_CASES, ...ACCOUNT_CASES, ...COMMERCE_CASES, ...SIM_RULES_CASES, ...CONTENT_CASES, ...AGENT_CASES, ...REPORT_CASES, ...FILES_CASES, ...OPS_CASES, ...ALERT_CASES, ...INSIGHT_CASES];

async function insertId(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.database.db, query);
  return row?.id ?? 0;
}

/** Each caller's company gets objects of its own: a SIM in a group, a queue item, a notification method, a spare user, an API token, and an order awaiting its bill. */
async function ownObjects(companyId: number, userId: number, label: string, n: number): Promise<OwnObjects> {
  const sim = await insertId(sql`
    insert into sims (company_id, iccid, msisdn, profile) values (${companyId}, ${makeIccid(900_000 + n)}, ${`7990000${String(n).padStart(4, '0')}`}, 'BK')
    returning id::int as id`);
  const group = await insertId(sql`insert into sim_groups (company_id, name) values (${companyId}, ${`matrix ${label}`}) returning id::int as id`);
  await t.database.db.execute(sql`insert into sim_group_members (company_id, group_id, sim_id) values (${companyId}, ${group}, ${sim})`);
  const queueItem = await insertId(sql`
    insert into queue_items (company_id, user_id, reason, count) values (${companyId}, ${userId}, 'queue_ping', 0) returning id::int as id`);
  const notifyMethod = await insertId(sql`
    insert into notify_methods (company_id, type, destination) values (${companyId}, 0, ${`${label}@matrix.example`}) returning id::int as id`);
  const spareUser = await insertId(sql`
    insert into users (company_id, email, password_hash, first_name, last_name, role)
    values (${companyId}, ${`spare-${label}@matrix.example`}, 'unusable', 'Spare', 'User', 'viewer') returning id::int as id`);
  const apiToken = await insertId(sql`
    insert into api_tokens (company_id, name, token_hash, prefix, created_by)
    values (${companyId}, 'fixture', ${`fixture-hash-${label}`}, 'cab_fixture', ${userId}) returning id::int as id`);
  const order = await insertId(sql`
    insert into orders (company_id, number, status, count, price_cents, amount_cents, contact, address, created_by)
    values (${companyId}, ${`O-MATRIX-${n}`}, 1, 50, 125, 6250, 'Contact', 'Address', ${userId}) returning id::int as id`);
  const bill = await insertId(sql`
    insert into bills (company_id, number, kind, status, amount_cents, period, order_id, created_by)
    values (${companyId}, ${`B-MATRIX-${n}`}, 'order', 'unpaid', 6250, '2026-11', ${order}, ${userId}) returning id::int as id`);
  await t.database.db.execute(sql`update orders set bill_id = ${bill} where company_id = ${companyId} and id = ${order}`);
  const { generatedReport, reportQueueItem } = await reportFiles(companyId, userId);
  const savedView = await insertId(sql`
    insert into saved_views (company_id, user_id, name, shared, state)
    values (${companyId}, ${userId}, ${`matrix ${label}`}, true, '{"filter":{},"columns":["iccid"]}'::jsonb) returning id::int as id`);
  return { company: companyId, group, queueItem, notifyMethod, spareUser, apiToken, order, bill, generatedReport, reportQueueItem, savedView };
}

/** A ready report file (in the file store) and a generation still writing, with its queue item. */
async function reportFiles(companyId: number, userId: number) {
  const file = (state: string, queueId: number | null) =>
    insertId(sql`
      insert into generated_reports (company_id, user_id, queue_id, kind, format, state, file_key, expires_at)
      values (${companyId}, ${userId}, ${queueId}, 'sessions', 'csv', ${state}, '', now() + interval '1 day') returning id::int as id`);
  const generatedReport = await file('ready', null);
  const key = `${companyId}/reports/${generatedReport}.csv`;
  await t.database.db.execute(sql`update generated_reports set file_key = ${key} where company_id = ${companyId} and id = ${generatedReport}`);
  await t.files.write(key, Readable.from(['a,b\r\n1,2\r\n']));
  const reportQueueItem = await insertId(sql`
    insert into queue_items (company_id, user_id, reason, count) values (${companyId}, ${userId}, 'queue_report_generate', 10) returning id::int as id`);
  await file('writing', reportQueueItem);
  return { generatedReport, reportQueueItem };
}

beforeAll(async () => {
  t = await createTestApp();
  callers = new Callers(t);
  await callers.load();
  const demo = callers.users.admin;
  const demoObjects = await ownObjects(demo.companyId, demo.userId, 'demo', 99);
  f = {
    demoSim: await simIdOf(t.database.db, 1),
    demoGroup: demoObjects.group,
    demoQueueItem: demoObjects.queueItem,
    demo: demoObjects,
    target: await insertId(sql`insert into companies (name, tax_number, billing_type) values ('Matrix Target', 'TGT-0001', 1) returning id::int as id`),
    own: {} as Fixtures['own'],
    agent: await agentFixtures(t),
  };
  for (const [n, who] of WHO.entries()) {
    const { companyId, userId } = callers.users[who];
    f.own[who] = await ownObjects(companyId, userId, who, n);
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
  const kind = who === 'token' ? 'api_token' : 'user';
  if (c.access === 'public' || c.access === 'signedIn') return true;
  if (c.access === 'userSession') return kind === 'user';
  return canAs(kind, callers.users[who].role, c.access);
}

describe('access matrix: every endpoint as every role, another tenant, an API token, an expired token and none', () => {
  it('lists every route of the API, and only those', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(ACCESS_CASES.map((c) => `${c.method} ${c.path}`).sort()).toEqual(routes.sort());
  });

  it('the server gates each route by the rule this matrix states for it', () => {
    const stated = Object.fromEntries(ACCESS_CASES.map((c) => [routeKey(c.method, c.path), c.access]));
    const table = Object.fromEntries(Object.entries(ROUTE_ACCESS).filter(([key]) => key !== `GET ${API.openapi}`));
    expect(table).toEqual(stated);
  });

  for (const c of ACCESS_CASES) {
    const okFor = (who: Who) => (typeof c.ok === 'function' ? c.ok(who) : (c.ok ?? [200]));
    it(`${c.method} ${c.path} (${c.access})`, async () => {
      const anonymous = await call(c, c.request(f, 'viewer'), undefined);
      if (c.access === 'public') {
        expect(okFor('viewer'), anonymous.body).toContain(anonymous.statusCode);
        return;
      }
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'unauthorized' });
      const stale = await call(c, c.request(f, 'viewer'), expired);
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toMatchObject({ code: 'token_expired' });

      for (const who of WHO) {
        const token = c.ownSession && who !== 'token' ? await callers.session(who) : tokens[who];
        const res = await call(c, c.request(f, who), token);
        if (allowed(c, who)) expect(okFor(who), `${who}: ${res.body.slice(0, 300)}`).toContain(res.statusCode);
        else expect(res.json(), who).toMatchObject({ code: 'forbidden' });
        // Revoking "other sessions" also ends the matrix's own one.
        if (c.ownSession && who !== 'token') tokens[who] = await callers.session(who);
      }
      if (c.foreign) {
        const res = await call(c, c.foreign(f), tokens.other);
        expect(res.statusCode, `other company: ${res.body.slice(0, 300)}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
      }
    });
  }
});
