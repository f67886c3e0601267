import { AUTH_API } from '@cab/contract/auth';
import { PASSKEYS_API } from '@cab/contract/passkeys';
import { TWO_FACTOR_API } from '@cab/contract/two-factor';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import type { SessionOpener, TwoFactorService } from './service.js';

/** Each passkey start writes a waiting ceremony: a per-address cap on floods of them. */
const PASSKEY_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

export function registerTwoFactorRoutes(
  app: FastifyInstance,
  { twoFactor, auth }: { twoFactor: TwoFactorService; auth: SessionOpener },
): void {
  const { handle } = endpointRoutes(app, { tag: 'profile' });
  const signIn = endpointRoutes(app, { tag: 'auth' });
  const client = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });

  // Wrong codes are limited as wrong passwords are (PasswordAttempts, in the database, per account
  // and address), as /api/login is: a per-process request cap would lock out an office behind one NAT.
  signIn.handle(AUTH_API.loginSecondFactor, ({ body, request }) =>
    twoFactor.completeSignIn(auth, body.challenge, body.code, client(request)),
  );
  signIn.handle(AUTH_API.loginEnrol, ({ body }) => twoFactor.startEnrolAtSignIn(body.challenge));
  signIn.handle(PASSKEYS_API.enrolStart, ({ body }) => twoFactor.startPasskeyEnrol(body.challenge), {
    config: { rateLimit: PASSKEY_RATE_LIMIT },
  });
  signIn.handle(
    PASSKEYS_API.enrol,
    ({ body, request }) =>
      twoFactor.completeEnrolWithPasskey(
        auth,
        body.challenge,
        { name: body.name, response: body.response },
        client(request),
      ),
    { config: { rateLimit: PASSKEY_RATE_LIMIT } },
  );
  signIn.handle(PASSKEYS_API.secondFactorStart, ({ body }) => twoFactor.startPasskeyAnswer(body.challenge), {
    config: { rateLimit: PASSKEY_RATE_LIMIT },
  });
  signIn.handle(
    PASSKEYS_API.secondFactor,
    ({ body, request }) => twoFactor.completeSignInWithPasskey(auth, body.challenge, body.response, client(request)),
    {
      config: { rateLimit: PASSKEY_RATE_LIMIT },
    },
  );

  handle(TWO_FACTOR_API.status, ({ request }) => twoFactor.status(principalOf(request)));
  handle(TWO_FACTOR_API.totpStart, ({ request }) => twoFactor.startTotp(principalOf(request)));
  handle(TWO_FACTOR_API.totpConfirm, ({ body, request }) =>
    twoFactor.confirmTotp(principalOf(request), body.code, request.ip),
  );
  handle(TWO_FACTOR_API.disable, ({ body, request }) => twoFactor.disable(principalOf(request), body.code, request.ip));
  handle(TWO_FACTOR_API.recoveryRenew, ({ body, request }) =>
    twoFactor.renewRecoveryCodes(principalOf(request), body.code, request.ip),
  );
  handle(TWO_FACTOR_API.reset, async ({ body, request }) => {
    await twoFactor.reset(principalOf(request), body.id, request.ip);
    return { ok: true as const };
  });
}
