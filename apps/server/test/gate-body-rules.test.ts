import { AGENT_API } from '@cab/contract/agents';
import { QUEUE_API } from '@cab/contract/queue';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAuthentication } from '../src/auth/authenticate.js';
import { AccessTokens } from '../src/auth/tokens.js';
import { endpointRoutes } from '../src/http/endpoint-routes.js';
import { registerErrorHandler } from '../src/http/errors.js';
import { createTestApp, JWT_SECRET, login, post, type TestApp } from './support/test-app.js';

/*
 * A permission named by the body (Endpoint.requires: a SIM operation's reason, a payout request)
 * is the gate's to check once the body is validated: the routes here have
 * handlers that refuse nothing, so every refusal below is the gate's.
 */
describe('the gate checks the permission a validated body asks for', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let handled = 0;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    registerAuthentication(app, t.database.db, new AccessTokens(JWT_SECRET), {
      apiTokenCallsPerMinute: t.config.API_TOKEN_RATE_LIMIT,
      serveEveryEndpoint: false,
    });
    const { handle } = endpointRoutes(app, { tag: 'test' });
    const reached = <R>(result: R) => {
      handled += 1;
      return Promise.resolve(result);
    };
    handle(QUEUE_API.create, () => reached({ qid: 1, count: 0, skipped: 0 }));
    handle(AGENT_API.requestsCreate, () => Promise.reject(new Error('not reached in this test')));
    await app.ready();
    for (const role of ['root', 'admin', 'manager', 'viewer'])
      tokens[role] = (await login(t.app, `${role}@demo.local`)).token;
  });

  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const call = async (path: string, body: unknown, role: string) => {
    const before = handled;
    const res = await post(app, path, body, { token: tokens[role] });
    return { status: res.statusCode, code: res.json<{ code?: string }>().code, handled: handled > before };
  };

  it('refuses an operation whose own permission the role lacks, before the handler', async () => {
    const transfer = { reason: 'queue_transfer', selection: { ids: [1] }, params: { company_id: 1 } };
    expect(await call(QUEUE_API.create.path, transfer, 'manager')).toEqual({
      status: 403,
      code: 'forbidden',
      handled: false,
    });
    expect(await call(QUEUE_API.create.path, transfer, 'admin')).toMatchObject({ handled: true });
    expect(
      await call(QUEUE_API.create.path, { reason: 'queue_block', selection: { ids: [1] } }, 'manager'),
    ).toMatchObject({ handled: true });
    // Root's Tools operation ('tools.use'): an admin is refused it here too.
    const globalUnblock = { reason: 'queue_global_unblock', selection: { ids: [1] } };
    expect(await call(QUEUE_API.create.path, globalUnblock, 'admin')).toEqual({
      status: 403,
      code: 'forbidden',
      handled: false,
    });
  });

  it('checks the body only once it is valid: an invalid one is a 400, not a refusal', async () => {
    const res = await call(QUEUE_API.create.path, { reason: 'queue_transfer', selection: {} }, 'manager');
    expect(res).toMatchObject({ status: 400, handled: false });
  });

  it('refuses root a payout request of its own (it acts on agents’ requests)', async () => {
    const body = { amount: '20', method: 'other', details: 'cash' };
    expect(await call(AGENT_API.requestsCreate.path, body, 'root')).toEqual({
      status: 403,
      code: 'forbidden',
      handled: false,
    });
  });
});
