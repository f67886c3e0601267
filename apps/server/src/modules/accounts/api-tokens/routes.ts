import { API_TOKENS_API } from '@cab/contract/api-tokens';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { createToken, listTokens, revokeToken } from './service.js';

export function registerApiTokenRoutes(app: FastifyInstance, db: Db): void {
  const { handle } = endpointRoutes(app, { tag: 'tokens' });
  handle(API_TOKENS_API.list, ({ request }) => listTokens(db, principalOf(request)));
  handle(API_TOKENS_API.create, ({ body, request }) => createToken(db, principalOf(request), body.name));
  handle(API_TOKENS_API.revoke, async ({ body, request }) => {
    await revokeToken(db, principalOf(request), body.id);
    return { ok: true as const };
  });
}
