import { DEPOSIT_API } from '@cab/contract/deposit';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { requestLang } from '../../../http/errors.js';
import { adjustBalance, listDeposit, type DepositDeps } from './service.js';

export function registerDepositRoutes(app: FastifyInstance, deps: DepositDeps): void {
  const list = endpointRoutes(app, { tag: 'deposit' });
  // A balance change may answer 409 (the ledger row could not be posted).
  const adjust = endpointRoutes(app, { tag: 'deposit', errors: [409] });

  list.handle(DEPOSIT_API.list, ({ body, request }) => listDeposit(deps, principalOf(request), body, requestLang(request)));
  adjust.handle(DEPOSIT_API.adjust, ({ body, request }) => adjustBalance(deps, principalOf(request), body));
}
