import { PROFILE_API } from '@cab/contract/profile';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { PasswordAttempts } from '../../../auth/password-attempts.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import type { EventBus } from '../../../realtime/bus.js';
import { changePassword, getProfile, listSessions, revokeOtherSessions, updateProfile } from './service.js';

export function registerProfileRoutes(app: FastifyInstance, { db, bus, attempts }: { db: Db; bus: EventBus; attempts: PasswordAttempts }): void {
  const { handle } = endpointRoutes(app, { tag: 'profile' });
  // Only the password change answers 422 (a new password the rules refuse).
  const passwordRoutes = endpointRoutes(app, { tag: 'profile', errors: [422] });
  handle(PROFILE_API.get, ({ request }) => getProfile(db, principalOf(request)));
  handle(PROFILE_API.update, ({ body, request }) => updateProfile(db, principalOf(request), body));
  passwordRoutes.handle(PROFILE_API.password, async ({ body, request }) => {
    await changePassword({ db, bus, attempts }, principalOf(request), body, request.ip);
    return { ok: true as const };
  });
  handle(PROFILE_API.sessions, ({ request }) => listSessions(db, principalOf(request)));
  handle(PROFILE_API.sessionsRevokeOthers, ({ request }) => revokeOtherSessions(db, bus, principalOf(request)));
}
