import type { AUTH_API } from '@cab/contract/auth';
import type { PASSKEYS_API } from '@cab/contract/passkeys';
import type { SSO_API } from '@cab/contract/sso';
import type { BodyOf, ResultOf } from '@cab/contract/endpoint';
import { ENTRY_PATHS } from '@cab/contract/paths';
import { api } from '@/lib/api';

type Login = typeof AUTH_API.login;
type SecondFactor = typeof AUTH_API.loginSecondFactor;
type Enrol = typeof AUTH_API.loginEnrol;
type SsoStart = typeof SSO_API.loginStart;
type PasskeyStart = typeof PASSKEYS_API.loginStart;
type PasskeyFinish = typeof PASSKEYS_API.loginFinish;
type PasskeyAnswerStart = typeof PASSKEYS_API.secondFactorStart;
type PasskeyAnswer = typeof PASSKEYS_API.secondFactor;
type PasskeyEnrolStart = typeof PASSKEYS_API.enrolStart;
type PasskeyEnrol = typeof PASSKEYS_API.enrol;
type SsoFinish = typeof SSO_API.loginFinish;

/* The login route stays free of zod (its JS budget): the endpoints' types only, their paths from
 * ENTRY_PATHS, sent as `api.call` sends an action. Errors are shown inline, so the default toast is off. */
const inline = { onError: () => undefined };

/** POST /api/login: the session, or the challenge of a second factor. */
export function login(body: BodyOf<Login>): Promise<ResultOf<Login> | null> {
  return api.act<ResultOf<Login>>(ENTRY_PATHS.login, body, inline);
}

/** The second step: the challenge answered with a code of the app or a recovery code. */
export function answerSecondFactor(body: BodyOf<SecondFactor>): Promise<ResultOf<SecondFactor> | null> {
  return api.act<ResultOf<SecondFactor>>(ENTRY_PATHS.loginSecondFactor, body, inline);
}

/** The app to enrol at sign-in (a company that requires a second factor). */
export function startEnrol(body: BodyOf<Enrol>): Promise<ResultOf<Enrol> | null> {
  return api.act<ResultOf<Enrol>>(ENTRY_PATHS.loginEnrol, body, inline);
}

/** Where to send the browser to sign in with the company account of the e-mail's domain. */
export function startSso(body: BodyOf<SsoStart>): Promise<ResultOf<SsoStart> | null> {
  return api.act<ResultOf<SsoStart>>(ENTRY_PATHS.loginSsoStart, body, inline);
}

/** The way back from the company's provider: the session, or the second factor's challenge. */
export function finishSso(body: BodyOf<SsoFinish>): Promise<ResultOf<SsoFinish> | null> {
  return api.act<ResultOf<SsoFinish>>(ENTRY_PATHS.loginSsoFinish, body, inline);
}

/** A sign-in by passkey alone: the options for the browser's prompt. */
export function startPasskeySignIn(): Promise<ResultOf<PasskeyStart> | null> {
  return api.act<ResultOf<PasskeyStart>>(ENTRY_PATHS.loginPasskeyStart, {}, inline);
}

/** The passkey's answer: the session (the authenticator verified its user: both factors). */
export function finishPasskeySignIn(body: BodyOf<PasskeyFinish>): Promise<ResultOf<PasskeyFinish> | null> {
  return api.act<ResultOf<PasskeyFinish>>(ENTRY_PATHS.loginPasskeyFinish, body, inline);
}

/** The second step answered by a passkey: its options first, then its answer. */
export function startPasskeyAnswer(body: BodyOf<PasskeyAnswerStart>): Promise<ResultOf<PasskeyAnswerStart> | null> {
  return api.act<ResultOf<PasskeyAnswerStart>>(ENTRY_PATHS.loginSecondFactorPasskeyStart, body, inline);
}

export function answerWithPasskey(body: BodyOf<PasskeyAnswer>): Promise<ResultOf<PasskeyAnswer> | null> {
  return api.act<ResultOf<PasskeyAnswer>>(ENTRY_PATHS.loginSecondFactorPasskey, body, inline);
}

/** A passkey enrolled instead of the app, when the company requires a second factor: options, then the answer. */
export function startPasskeyEnrol(body: BodyOf<PasskeyEnrolStart>): Promise<ResultOf<PasskeyEnrolStart> | null> {
  return api.act<ResultOf<PasskeyEnrolStart>>(ENTRY_PATHS.loginEnrolPasskeyStart, body, inline);
}

export function enrolPasskey(body: BodyOf<PasskeyEnrol>): Promise<ResultOf<PasskeyEnrol> | null> {
  return api.act<ResultOf<PasskeyEnrol>>(ENTRY_PATHS.loginEnrolPasskey, body, inline);
}
