import { AUTH_API } from '@cab/contract/auth';
import { ENDPOINTS } from '@cab/contract/endpoints';
import type { Endpoint } from '@cab/contract/endpoint';
import { canAs, type Role } from '@cab/contract/roles';
import { ROUTE_RULES, routeKey } from '@cab/contract/route-access';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

/*
 * The endpoint registry (contract endpoints.ts) is the one gate: the access table is derived from
 * it, and a blocked company is refused every endpoint declared `writable` before its handler runs,
 * and none of the others.
 */

let t: TestApp;
const tokens = {} as Record<Exclude<Role, 'root'>, string>;
const CALLERS = ['admin', 'manager', 'viewer', 'agent'] as const;
const posts = ENDPOINTS.filter((endpoint): endpoint is Endpoint => endpoint.method === 'POST');

/** A demo caller (never root, who is never blocked) whose role may call the endpoint. */
function callerFor(endpoint: Endpoint): (typeof CALLERS)[number] | undefined {
  const { access } = endpoint;
  if (access === 'public') return undefined;
  if (access === 'signedIn' || access === 'userSession') return 'admin';
  return CALLERS.find((role) => canAs('user', role, access));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of CALLERS) tokens[role] = (await login(t.app, `${role}@demo.local`)).token;
  await t.database.db.execute(sql`update companies set blocked = true where name in ('Demo Logistics LLC', 'Sales Agent Petrov')`);
});

afterAll(async () => {
  await t.close();
});

describe('the endpoint registry', () => {
  it('gives every endpoint its rule in the access table', () => {
    for (const endpoint of ENDPOINTS) {
      expect(ROUTE_RULES[routeKey(endpoint.method, endpoint.path)]).toEqual({
        access: endpoint.access,
        writable: endpoint.method === 'POST' && endpoint.writable,
      });
    }
  });

  it('refuses a blocked company every writable endpoint at the gate, and no other', async () => {
    let refused = 0;
    for (const endpoint of posts) {
      const caller = callerFor(endpoint);
      if (!caller) continue;
      // Signing out ends the caller's session: it signs out a session of its own, so the calls after it keep theirs.
      const token = endpoint === AUTH_API.logout ? (await login(t.app, `${caller}@demo.local`)).token : tokens[caller];
      // An empty body: the gate answers before the body is validated.
      const res = await post(t.app, endpoint.path, {}, { token });
      const code = res.json<{ code?: string }>().code;
      if (endpoint.writable) {
        expect({ path: endpoint.path, status: res.statusCode, code }).toEqual({ path: endpoint.path, status: 403, code: 'company_blocked' });
        refused += 1;
      } else {
        expect({ path: endpoint.path, code }).not.toEqual({ path: endpoint.path, code: 'company_blocked' });
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});
