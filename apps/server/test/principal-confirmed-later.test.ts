import { SIMS_API } from '@cab/contract/sims';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAuthentication } from '../src/auth/authenticate.js';
import { RequestCaches, registerRequestCaches, requestCachesOf } from '../src/auth/request-caches.js';
import { AccessTokens } from '../src/auth/tokens.js';
import { AppError, registerErrorHandler } from '../src/http/errors.js';
import { userByEmail } from './support/db.js';
import { createTestApp, JWT_SECRET, login, post, type TestApp } from './support/test-app.js';

describe('a cached principal confirmed after the reads (unit)', () => {
  const policy = { keep: () => ({ tags: ['u:1'] }) };

  it('answers a hit without the catch-up trip, and says whether an invalidation dropped it meanwhile', async () => {
    let trips = 0;
    const caches = new RequestCaches(true, () => Promise.resolve(++trips > 0));
    const first = await caches.principalConfirmedLater('k', () => Promise.resolve({ role: 'admin' }), policy);
    expect(first.value).toEqual({ role: 'admin' });
    expect(first.stillCurrent()).toBe(true);

    const hit = await caches.principalConfirmedLater('k', () => Promise.resolve({ role: 'never loaded' }), policy);
    expect(hit.value).toEqual({ role: 'admin' });
    expect(trips).toBe(0);
    expect(hit.stillCurrent()).toBe(true);
    caches.invalidate('u:2');
    expect(hit.stillCurrent()).toBe(true);
    caches.invalidate('u:1');
    expect(hit.stillCurrent()).toBe(false);
    // Loaded again meanwhile by another request: still not the value this request used.
    await caches.principal('k', () => Promise.resolve({ role: 'viewer' }), policy);
    expect(hit.stillCurrent()).toBe(false);
  });
});

/**
 * The real hooks on the real database, with a route whose handler changes the caller's user
 * between the principal's hit and the answer, as a write committed elsewhere just before the
 * request would arrive with the route's own reads.
 */
describe('a cached principal confirmed after the reads (API)', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let change: (userId: number) => Promise<void> = () => Promise.resolve();
  beforeAll(async () => {
    t = await createTestApp();
    app = Fastify();
    registerErrorHandler(app);
    await registerRequestCaches(app, t.database);
    registerAuthentication(app, t.database.db, new AccessTokens(JWT_SECRET), { apiTokenCallsPerMinute: t.config.API_TOKEN_RATE_LIMIT, serveEveryEndpoint: false });
    // The list's pattern (its access rule: sims.read), not the list's handler.
    app.post(SIMS_API.list.path, { config: { confirmPrincipalAfterReads: true } }, async (request, reply) => {
      await change(request.principal?.userId ?? 0);
      const body = request.body as { fail?: boolean; asText?: boolean } | undefined;
      if (body?.fail) throw new AppError('not_found');
      const answer = { result: { role: request.principal?.role } };
      // Text already serialized: Fastify's preSerialization hooks never see it.
      if (body?.asText) return reply.type('application/json').send(JSON.stringify(answer));
      return answer;
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  async function signedIn(email: string) {
    const { token } = await login(t.app, email);
    const user = await userByEmail(t.database.db, email);
    change = () => Promise.resolve();
    // The first call caches the principal; the next ones hit it.
    expect((await post(app, SIMS_API.list.path, {}, { token })).statusCode).toBe(200);
    expect(requestCachesOf(t.database.db)?.sizes.principals).toBeGreaterThan(0);
    return { token, user };
  }

  it('sends the answer when the change left the principal as it was', async () => {
    const { token, user } = await signedIn('manager@demo.local');
    change = async (id) => {
      await t.database.db.execute(sql`update users set lang = case when lang = 'en' then 'ru' else 'en' end where id = ${id}`);
    };
    const res = await post(app, SIMS_API.list.path, {}, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: { role: 'manager' } });
    await t.database.db.execute(sql`update users set lang = 'ru' where id = ${user.id}`);
  });

  it('refuses the answer worked out for a role the user no longer has', async () => {
    const { token, user } = await signedIn('manager@demo.local');
    change = async (id) => {
      await t.database.db.execute(sql`update users set role = 'viewer' where id = ${id}`);
    };
    const res = await post(app, SIMS_API.list.path, {}, { token });
    await t.database.db.execute(sql`update users set role = 'manager' where id = ${user.id}`);
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('manager');
  });

  it('refuses an answer the handler sent as text just the same', async () => {
    const { token, user } = await signedIn('manager@demo.local');
    change = async (id) => {
      await t.database.db.execute(sql`update users set role = 'viewer' where id = ${id}`);
    };
    const res = await post(app, SIMS_API.list.path, { asText: true }, { token });
    await t.database.db.execute(sql`update users set role = 'manager' where id = ${user.id}`);
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('manager');
  });

  it('refuses the answer once the session was revoked, and once the user was blocked', async () => {
    for (const revoke of [
      (id: number) => sql`update refresh_tokens set revoked_at = now() where user_id = ${id}`,
      (id: number) => sql`update users set active = false where id = ${id}`,
    ]) {
      const { token, user } = await signedIn('viewer@demo.local');
      change = async (id) => {
        await t.database.db.execute(revoke(id));
      };
      const res = await post(app, SIMS_API.list.path, {}, { token });
      await t.database.db.execute(sql`update users set active = true where id = ${user.id}`);
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('viewer');
    }
  });

  it("leaves the handler's own error answer as it is", async () => {
    const { token, user } = await signedIn('viewer@demo.local');
    change = async (id) => {
      await t.database.db.execute(sql`update users set role = 'manager' where id = ${id}`);
    };
    const res = await post(app, SIMS_API.list.path, { fail: true }, { token });
    await t.database.db.execute(sql`update users set role = 'viewer' where id = ${user.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'Not found' });
  });
});
