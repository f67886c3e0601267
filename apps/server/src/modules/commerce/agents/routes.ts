import {
  AgentAssignRequest,
  AgentAssignResult,
  AgentCompaniesRequest,
  AgentCompaniesResult,
  AgentInfo,
  AgentInfoRequest,
  AgentLedgerRequest,
  AgentLedgerResult,
  AgentListResult,
  AgentRateRequest,
  ATTACHMENT_BASE64_MAX,
  RequestDetail,
  RequestFileQuery,
  RequestGetRequest,
  RequestListRequest,
  RequestListResult,
  RequestTransitionRequest,
  WithdrawalCreateRequest,
  WithdrawalRequest,
} from '@cab/contract/agents';
import { EmptyBody } from '@cab/contract/common';
import { ErrorBody, resultOf } from '@cab/contract/errors';
import { AGENT_API } from '@cab/contract/paths-agents';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { AgentInfoService } from './info-service.js';
import { WithdrawalService, type AgentDeps } from './requests-service.js';

const conflict = { 409: ErrorBody, 413: ErrorBody, 422: ErrorBody };

export function registerAgentRoutes(app: FastifyInstance, deps: AgentDeps): void {
  const r = typed(app);
  const info = new AgentInfoService(deps);
  const requests = new WithdrawalService(deps);
  const schema = { tags: ['agents'], querystring: LangQuery };
  const answers = <T extends Parameters<typeof resultOf>[0]>(result: T) => ({ 200: resultOf(result), ...errorResponses, ...conflict });

  r.post(AGENT_API.info, { schema: { ...schema, body: AgentInfoRequest, response: answers(AgentInfo) } }, async (request) => ({
    result: await info.info(principalOf(request), request.body.agent_company_id),
  }));
  r.post(AGENT_API.companies, { schema: { ...schema, body: AgentCompaniesRequest, response: answers(AgentCompaniesResult) } }, async (request) => ({
    result: await info.companies(principalOf(request), request.body),
  }));
  r.post(AGENT_API.ledger, { schema: { ...schema, body: AgentLedgerRequest, response: answers(AgentLedgerResult) } }, async (request) => ({
    result: await info.ledger(principalOf(request), request.body),
  }));
  r.post(AGENT_API.list, { schema: { ...schema, body: EmptyBody, response: answers(AgentListResult) } }, async (request) => ({
    result: await info.list(principalOf(request)),
  }));
  r.post(AGENT_API.rate, { schema: { ...schema, body: AgentRateRequest, response: answers(AgentInfo) } }, async (request) => ({
    result: await info.setRate(principalOf(request), request.body),
  }));
  r.post(AGENT_API.assign, { schema: { ...schema, body: AgentAssignRequest, response: answers(AgentAssignResult) } }, async (request) => ({
    result: await info.assign(principalOf(request), request.body),
  }));

  r.post(AGENT_API.requestsList, { schema: { ...schema, body: RequestListRequest, response: answers(RequestListResult) } }, async (request) => ({
    result: await requests.list(principalOf(request), request.body),
  }));
  r.post(AGENT_API.requestsGet, { schema: { ...schema, body: RequestGetRequest, response: answers(RequestDetail) } }, async (request) => ({
    result: await requests.get(principalOf(request), request.body.id),
  }));
  r.post(AGENT_API.requestsCreate, { schema: { ...schema, body: WithdrawalCreateRequest, response: answers(WithdrawalRequest) } }, async (request) => ({
    result: await requests.create(principalOf(request), request.body),
  }));
  // An attachment travels as base64 in the JSON body: the one route allowed a body over 1 MB.
  r.post(
    AGENT_API.requestsTransition,
    { bodyLimit: ATTACHMENT_BASE64_MAX + 64 * 1024, schema: { ...schema, body: RequestTransitionRequest, response: answers(RequestDetail) } },
    async (request) => ({ result: await requests.transition(principalOf(request), request.body) }),
  );
  r.get(AGENT_API.requestsFile, { schema: { tags: ['agents'], querystring: RequestFileQuery } }, async (request, reply) => {
    const file = await requests.file(principalOf(request), request.query.id);
    return reply
      .type(file.type)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  });
}
