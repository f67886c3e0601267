import { z } from 'zod';
import { EmptyBody, Email, Id } from './common.js';
import { action, read } from './endpoint.js';
import { ENTRY_PATHS } from './paths.js';
import { LoginEnrolRequest, LoginSecondFactorRequest, SecondFactorChallenge, TotpStartResult } from './two-factor.js';

export const LoginRequest = z.strictObject({
  email: Email,
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResult = z.object({ token: z.string(), refresh_token: z.string(), id: Id });
export type LoginResult = z.infer<typeof LoginResult>;

/** A sign-in completed by its second factor; an enrolment at sign-in also gives the recovery codes, once. */
export const LoginWithFactor = LoginResult.extend({ recovery_codes: z.array(z.string()).optional() });
export type LoginWithFactor = z.infer<typeof LoginWithFactor>;

/** A sign-in's answer: the session, or — for a user with a second factor — the challenge to answer first. */
export const LoginAnswer = z.union([LoginResult, SecondFactorChallenge]);
export type LoginAnswer = z.infer<typeof LoginAnswer>;

export const RefreshRequest = z.strictObject({ refresh_token: z.string().min(1).max(200) });
export const TokenPair = z.object({ token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

export const LogoutRequest = z.strictObject({ refresh_token: z.string().max(200).optional() }).nullish();

export const SessionCheckResult = z.object({ ok: z.literal(true) });

/** Sign-in, the token refresh, sign-out and the session check. */
export const AUTH_API = {
  login: action(ENTRY_PATHS.login, { body: LoginRequest, result: LoginAnswer, access: 'public', writable: false }),
  loginSecondFactor: action(ENTRY_PATHS.loginSecondFactor, { body: LoginSecondFactorRequest, result: LoginWithFactor, access: 'public', writable: false }),
  loginEnrol: action(ENTRY_PATHS.loginEnrol, { body: LoginEnrolRequest, result: TotpStartResult, access: 'public', writable: false }),
  tokenRefresh: action(ENTRY_PATHS.tokenRefresh, { body: RefreshRequest, result: TokenPair, access: 'public', writable: false }),
  // A blocked company's users may still sign out.
  logout: action('/api/logout', { body: LogoutRequest, result: SessionCheckResult, access: 'userSession', writable: false }),
  sessionCheck: read('/api/session/check', { body: EmptyBody, result: SessionCheckResult, access: 'signedIn' }),
} as const;

/** Claims of an access token. */
export const AccessClaims = z.object({
  sub: z.string(),
  cid: z.number(),
  role: z.string(),
  /** The session (refresh-token family) this access token belongs to. */
  sid: z.string(),
  exp: z.number(),
  /** Set when a root user acts as this user (impersonation). */
  imp: z.number().optional(),
});
export type AccessClaims = z.infer<typeof AccessClaims>;
