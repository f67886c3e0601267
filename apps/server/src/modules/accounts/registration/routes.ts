import { REGISTRATION_API } from '@cab/contract/registration';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { requestLang } from '../../../http/errors.js';
import { afterReplyHook, runAfterReply } from '../../../http/after-reply.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import type { ClientInfo } from '../auth/index.js';
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

export function registerRegistrationRoutes(app: FastifyInstance, deps: Omit<service.RegistrationDeps, 'log'>): void {
  const tag = 'registration';
  const plain = endpointRoutes(app, { tag });
  const conflicts = endpointRoutes(app, { tag, errors: [409] });
  const steps = endpointRoutes(app, { tag, errors: [409, 422] });
  const publicCall = { config: { rateLimit: PUBLIC_LIMIT } };
  const step = { config: { allowUnfinishedRegistration: true, rateLimit: STEP_LIMIT } };

  plain.handle(REGISTRATION_API.countries, () => Promise.resolve({ items: [...COUNTRIES], total: COUNTRIES.length }), publicCall);
  plain.handle(
    REGISTRATION_API.start,
    async ({ body, request }) => {
      runAfterReply(request, await startRegistration({ ...deps, log: request.log }, body, requestLang(request)));
      return { ok: true as const };
    },
    { ...publicCall, onResponse: afterReplyHook },
  );
  conflicts.handle(
    REGISTRATION_API.confirm,
    ({ body, request }) => confirmRegistration({ ...deps, log: request.log }, body.token, clientInfo(request)),
    publicCall,
  );
  steps.handle(REGISTRATION_API.status, ({ request }) => service.getStatus(deps.db, principalOf(request)), step);
  steps.handle(REGISTRATION_API.jurisdiction, ({ body, request }) => service.saveJurisdiction(deps.db, principalOf(request), body.country), step);
  steps.handle(
    REGISTRATION_API.companyType,
    ({ body, request }) => service.saveCompanyType(deps.db, principalOf(request), body.company_type),
    step,
  );
  steps.handle(
    REGISTRATION_API.company,
    ({ body, request }) => service.saveCompany(deps.db, principalOf(request), body.unique_id, request.ip),
    step,
  );
  steps.handle(REGISTRATION_API.administrator, ({ body, request }) => service.saveAdministrator(deps.db, principalOf(request), body), step);
  conflicts.handle(
    REGISTRATION_API.phoneCall,
    ({ body, request }) => service.requestPhoneCall({ ...deps, log: request.log }, principalOf(request), body),
    { config: { allowUnfinishedRegistration: true, rateLimit: CALL_LIMIT } },
  );
  steps.handle(REGISTRATION_API.phoneVerify, ({ body, request }) => service.verifyPhone(deps.db, principalOf(request), body.code), step);
  steps.handle(
    REGISTRATION_API.finish,
    async ({ request }) => {
      await service.finishRegistration({ ...deps, log: request.log }, principalOf(request), clientInfo(request));
      return { ok: true as const };
    },
    step,
  );
}
