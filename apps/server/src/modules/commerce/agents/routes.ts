import { ATTACHMENT_BASE64_MAX, AGENT_API } from '@cab/contract/agents';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { AgentInfoService } from './info-service.js';
import { WithdrawalService, type AgentDeps } from './requests-service.js';

export function registerAgentRoutes(app: FastifyInstance, deps: AgentDeps): void {
  const { handle, file } = endpointRoutes(app, { tag: 'agents', errors: [409, 413, 422] });
  const info = new AgentInfoService(deps);
  const requests = new WithdrawalService(deps);

  handle(AGENT_API.info, ({ body, request }) => info.info(principalOf(request), body.agent_company_id));
  handle(AGENT_API.companies, ({ body, request }) => info.companies(principalOf(request), body));
  handle(AGENT_API.ledger, ({ body, request }) => info.ledger(principalOf(request), body));
  handle(AGENT_API.list, () => info.list());
  handle(AGENT_API.rate, ({ body, request }) => info.setRate(principalOf(request), body));
  handle(AGENT_API.assign, ({ body, request }) => info.assign(principalOf(request), body));

  handle(AGENT_API.requestsList, ({ body, request }) => requests.list(principalOf(request), body));
  handle(AGENT_API.requestsGet, ({ body, request }) => requests.get(principalOf(request), body.id));
  handle(AGENT_API.requestsCreate, ({ body, request }) => requests.create(principalOf(request), body));
  // An attachment travels as base64 in the JSON body: the one route allowed a body over 1 MB.
  handle(AGENT_API.requestsTransition, ({ body, request }) => requests.transition(principalOf(request), body), {
    bodyLimit: ATTACHMENT_BASE64_MAX + 64 * 1024,
  });
  file(AGENT_API.requestsFile, async ({ body: query, request, reply }) => {
    const found = await requests.file(principalOf(request), query.id);
    return reply
      .type(found.type)
      .header('content-disposition', `attachment; filename="${found.name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(found.stream);
  });
}
