import {
  ApiTokenCreateRequest,
  ApiTokenCreateResult,
  ApiTokenRevokeRequest,
  ApiTokensListResult,
} from '@cab/contract/api-tokens';
import { SessionCheckResult } from '@cab/contract/auth';
import { EmptyBody } from '@cab/contract/common';
import { resultOf } from '@cab/contract/errors';
import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { createToken, listTokens, revokeToken } from './service.js';

export function registerApiTokenRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  const schema = { tags: ['tokens'], querystring: LangQuery };
  r.post(
    ACCOUNT_API.tokensList,
    { schema: { ...schema, body: EmptyBody, response: { 200: resultOf(ApiTokensListResult), ...errorResponses } } },
    async (request) => ({ result: await listTokens(db, principalOf(request)) }),
  );
  r.post(
    ACCOUNT_API.tokensCreate,
    {
      schema: {
        ...schema,
        body: ApiTokenCreateRequest,
        response: { 200: resultOf(ApiTokenCreateResult), ...errorResponses },
      },
    },
    async (request) => ({ result: await createToken(db, principalOf(request), request.body.name) }),
  );
  r.post(
    ACCOUNT_API.tokensRevoke,
    {
      schema: {
        ...schema,
        body: ApiTokenRevokeRequest,
        response: { 200: resultOf(SessionCheckResult), ...errorResponses },
      },
    },
    async (request) => {
      await revokeToken(db, principalOf(request), request.body.id);
      return { result: { ok: true as const } };
    },
  );
}
