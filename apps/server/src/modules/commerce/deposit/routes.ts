import {
  DepositAdjustRequest,
  DepositAdjustResult,
  DepositListRequest,
  DepositListResult,
} from '@cab/contract/deposit';
import { ErrorBody, resultOf } from '@cab/contract/errors';
import { COMMERCE_API } from '@cab/contract/paths-commerce';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { requestLang } from '../../../http/errors.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { adjustBalance, listDeposit, type DepositDeps } from './service.js';

export function registerDepositRoutes(app: FastifyInstance, deps: DepositDeps): void {
  const r = typed(app);
  const schema = { tags: ['deposit'], querystring: LangQuery };
  r.post(
    COMMERCE_API.depositList,
    {
      schema: {
        ...schema,
        body: DepositListRequest,
        response: { 200: resultOf(DepositListResult), ...errorResponses },
      },
    },
    async (request) => ({ result: await listDeposit(deps, principalOf(request), request.body, requestLang(request)) }),
  );
  r.post(
    COMMERCE_API.depositAdjust,
    {
      schema: {
        ...schema,
        body: DepositAdjustRequest,
        response: { 200: resultOf(DepositAdjustResult), ...errorResponses, 409: ErrorBody },
      },
    },
    async (request) => ({ result: await adjustBalance(deps, principalOf(request), request.body) }),
  );
}
