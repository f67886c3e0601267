import { EmptyBody } from '@cab/contract/common';
import { ErrorBody, resultOf } from '@cab/contract/errors';
import { SessionCheckResult } from '@cab/contract/auth';
import { API } from '@cab/contract/paths';
import {
  PasswordChangeRequest,
  Profile,
  ProfileUpdateRequest,
  SessionListResult,
  SessionsRevokeResult,
} from '@cab/contract/profile';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { PasswordAttempts } from '../../../auth/password-attempts.js';
import type { Db } from '../../../db/client.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import type { EventBus } from '../../../realtime/bus.js';
import { changePassword, getProfile, listSessions, revokeOtherSessions, updateProfile } from './service.js';

export function registerProfileRoutes(app: FastifyInstance, { db, bus, attempts }: { db: Db; bus: EventBus; attempts: PasswordAttempts }): void {
  const r = typed(app);
  const schema = { tags: ['profile'], querystring: LangQuery };
  r.post(
    API.profileGet,
    { schema: { ...schema, body: EmptyBody, response: { 200: resultOf(Profile), ...errorResponses } } },
    async (request) => ({
      result: await getProfile(db, principalOf(request)),
    }),
  );
  r.post(
    API.profileUpdate,
    { schema: { ...schema, body: ProfileUpdateRequest, response: { 200: resultOf(Profile), ...errorResponses } } },
    async (request) => ({
      result: await updateProfile(db, principalOf(request), request.body),
    }),
  );
  r.post(
    API.profilePassword,
    {
      schema: {
        ...schema,
        body: PasswordChangeRequest,
        response: { 200: resultOf(SessionCheckResult), ...errorResponses, 422: ErrorBody },
      },
    },
    async (request) => {
      await changePassword({ db, bus, attempts }, principalOf(request), request.body, request.ip);
      return { result: { ok: true as const } };
    },
  );
  r.post(
    API.profileSessions,
    { schema: { ...schema, body: EmptyBody, response: { 200: resultOf(SessionListResult), ...errorResponses } } },
    async (request) => ({
      result: await listSessions(db, principalOf(request)),
    }),
  );
  r.post(
    API.profileSessionsRevokeOthers,
    { schema: { ...schema, body: EmptyBody, response: { 200: resultOf(SessionsRevokeResult), ...errorResponses } } },
    async (request) => ({ result: await revokeOtherSessions(db, bus, principalOf(request)) }),
  );
}
