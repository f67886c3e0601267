import { PASSKEYS_API } from '@cab/contract/passkeys';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import type { PasskeyService, SessionOpener } from './service.js';

/** Each start writes a waiting ceremony: a per-address cap on floods of them (and of wrong answers). */
const SIGN_IN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

const clientInfo = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/** The profile's passkeys and the sign-in by passkey alone (the second factor's answer is accounts/two-factor's). */
export function registerPasskeyRoutes(
  app: FastifyInstance,
  { passkeys, auth }: { passkeys: PasskeyService; auth: SessionOpener },
): void {
  const { handle } = endpointRoutes(app, { tag: 'profile' });
  const signIn = endpointRoutes(app, { tag: 'auth' });
  handle(PASSKEYS_API.list, ({ request }) => passkeys.list(principalOf(request)));
  handle(PASSKEYS_API.registerStart, ({ body, request }) =>
    passkeys.startRegistration(principalOf(request), body.password, request.ip),
  );
  handle(PASSKEYS_API.registerFinish, ({ body, request }) =>
    passkeys.finishRegistration(principalOf(request), body, request.ip),
  );
  handle(PASSKEYS_API.remove, async ({ body, request }) => {
    await passkeys.remove(principalOf(request), body.id);
    return { ok: true as const };
  });
  signIn.handle(PASSKEYS_API.loginStart, () => passkeys.startSignIn(), { config: { rateLimit: SIGN_IN_RATE_LIMIT } });
  signIn.handle(
    PASSKEYS_API.loginFinish,
    ({ body, request }) => passkeys.finishSignIn(auth, body.response, clientInfo(request)),
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
    },
  );
}
