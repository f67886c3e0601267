import { EmptyBody } from '@cab/contract/common';
import { SessionCheckResult, LoginResult } from '@cab/contract/auth';
import { ErrorBody, resultOf } from '@cab/contract/errors';
import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import {
  CountryListResult,
  RegisterAdministratorRequest,
  RegisterCompanyRequest,
  RegisterCompanyTypeRequest,
  RegisterConfirmRequest,
  RegisterJurisdictionRequest,
  RegisterPhoneCallRequest,
  RegisterPhoneCallResult,
  RegisterPhoneVerifyRequest,
  RegisterStartRequest,
  RegisterStatus,
} from '@cab/contract/registration';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { requestLang } from '../../../http/errors.js';
import { afterReplyHook, runAfterReply } from '../../../http/after-reply.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import type { ClientInfo } from '../auth/service.js';
import { COUNTRIES } from './countries.js';
import * as service from './service.js';
import { confirmRegistration, startRegistration } from './start.js';

const PUBLIC_LIMIT = { max: 20, timeWindow: '1 minute' };
/**
 * Each call rings a phone (and may cost money with a real provider): 5 a minute per registering user,
 * counted after authentication so the key is the user, not a shared office address.
 */
const CALL_LIMIT = {
  max: 5,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `phone-call:${request.principal?.userId ?? request.ip}`,
};
const STEP_LIMIT = { max: 60, timeWindow: '1 minute' };

function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

const statusResponse = { 200: resultOf(RegisterStatus), ...errorResponses, 409: ErrorBody, 422: ErrorBody };

export function registerRegistrationRoutes(app: FastifyInstance, deps: Omit<service.RegistrationDeps, 'log'>): void {
  const r = typed(app);
  const schema = { tags: ['registration'], querystring: LangQuery };
  const step = { allowUnfinishedRegistration: true, rateLimit: STEP_LIMIT };

  r.post(
    ACCOUNT_API.registerCountries,
    { config: { rateLimit: PUBLIC_LIMIT }, schema: { ...schema, body: EmptyBody, response: { 200: resultOf(CountryListResult), ...errorResponses } } },
    () => ({ result: { items: [...COUNTRIES], total: COUNTRIES.length } }),
  );
  r.post(
    ACCOUNT_API.registerStart,
    {
      config: { rateLimit: PUBLIC_LIMIT },
      onResponse: afterReplyHook,
      schema: { ...schema, body: RegisterStartRequest, response: { 200: resultOf(SessionCheckResult), ...errorResponses } },
    },
    async (request) => {
      runAfterReply(request, await startRegistration({ ...deps, log: request.log }, request.body, requestLang(request)));
      return { result: { ok: true as const } };
    },
  );
  r.post(
    ACCOUNT_API.registerConfirm,
    {
      config: { rateLimit: PUBLIC_LIMIT },
      schema: { ...schema, body: RegisterConfirmRequest, response: { 200: resultOf(LoginResult), ...errorResponses, 409: ErrorBody } },
    },
    async (request) => ({
      result: await confirmRegistration({ ...deps, log: request.log }, request.body.token, clientInfo(request)),
    }),
  );
  r.post(
    ACCOUNT_API.registrationStatus,
    { config: step, schema: { ...schema, body: EmptyBody, response: statusResponse } },
    async (request) => ({ result: await service.getStatus(deps.db, principalOf(request)) }),
  );
  r.post(
    ACCOUNT_API.registrationJurisdiction,
    { config: step, schema: { ...schema, body: RegisterJurisdictionRequest, response: statusResponse } },
    async (request) => ({ result: await service.saveJurisdiction(deps.db, principalOf(request), request.body.country) }),
  );
  r.post(
    ACCOUNT_API.registrationCompanyType,
    { config: step, schema: { ...schema, body: RegisterCompanyTypeRequest, response: statusResponse } },
    async (request) => ({ result: await service.saveCompanyType(deps.db, principalOf(request), request.body.company_type) }),
  );
  r.post(
    ACCOUNT_API.registrationCompany,
    { config: step, schema: { ...schema, body: RegisterCompanyRequest, response: statusResponse } },
    async (request) => ({ result: await service.saveCompany(deps.db, principalOf(request), request.body.unique_id, request.ip) }),
  );
  r.post(
    ACCOUNT_API.registrationAdministrator,
    { config: step, schema: { ...schema, body: RegisterAdministratorRequest, response: statusResponse } },
    async (request) => ({ result: await service.saveAdministrator(deps.db, principalOf(request), request.body) }),
  );
  r.post(
    ACCOUNT_API.registrationPhoneCall,
    {
      config: { allowUnfinishedRegistration: true, rateLimit: CALL_LIMIT },
      schema: { ...schema, body: RegisterPhoneCallRequest, response: { 200: resultOf(RegisterPhoneCallResult), ...errorResponses, 409: ErrorBody } },
    },
    async (request) => ({
      result: await service.requestPhoneCall({ ...deps, log: request.log }, principalOf(request), request.body),
    }),
  );
  r.post(
    ACCOUNT_API.registrationPhoneVerify,
    { config: step, schema: { ...schema, body: RegisterPhoneVerifyRequest, response: statusResponse } },
    async (request) => ({ result: await service.verifyPhone(deps.db, principalOf(request), request.body.code) }),
  );
  r.post(
    ACCOUNT_API.registrationFinish,
    { config: step, schema: { ...schema, body: EmptyBody, response: { 200: resultOf(SessionCheckResult), ...errorResponses, 409: ErrorBody, 422: ErrorBody } } },
    async (request) => {
      await service.finishRegistration({ ...deps, log: request.log }, principalOf(request), clientInfo(request));
      return { result: { ok: true as const } };
    },
  );
}
