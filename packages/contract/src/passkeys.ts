import { z } from 'zod';
import { EmptyBody, Id, UnixSeconds } from './common.js';
import { LoginResult, LoginWithFactor } from './auth.js';
import { action, read } from './endpoint.js';
import { ENTRY_PATHS } from './paths.js';

/**
 * Passkeys (WebAuthn, issue 22.4): a user's own, added on the profile. One signs in without a password
 * (the authenticator verified its user: two factors in one), or answers the second factor after one.
 * The browser's options and answers are WebAuthn's JSON forms (@simplewebauthn/browser).
 */

export const PASSKEYS_MAX = 10;
export const PASSKEY_NAME_MAX = 60;

/** WebAuthn's binary fields travel as base64url. */
const Base64Url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);
const Transport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const ClientExtensions = z.record(z.string().max(100), z.unknown());

/** What navigator.credentials.create answered (RegistrationResponseJSON). */
export const PasskeyRegistration = z.object({
  id: Base64Url(1400),
  rawId: Base64Url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url(8000),
    attestationObject: Base64Url(32000),
    authenticatorData: Base64Url(8000).optional(),
    transports: z.array(Transport).max(7).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: Base64Url(8000).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ClientExtensions,
});

/** What navigator.credentials.get answered (AuthenticationResponseJSON). */
export const PasskeyAssertion = z.object({
  id: Base64Url(1400),
  rawId: Base64Url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url(8000),
    authenticatorData: Base64Url(8000),
    signature: Base64Url(2000),
    userHandle: Base64Url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ClientExtensions,
});
export type PasskeyAssertion = z.infer<typeof PasskeyAssertion>;

/** The options the browser passes to navigator.credentials (WebAuthn's JSON form). */
export const PasskeyOptions = z.object({ options: z.record(z.string(), z.unknown()) });
export type PasskeyOptions = z.infer<typeof PasskeyOptions>;

export const PasskeyItem = z.object({
  id: Id,
  name: z.string(),
  created: UnixSeconds,
  last_used: UnixSeconds.nullable(),
});
export type PasskeyItem = z.infer<typeof PasskeyItem>;

/** The user's passkeys, and whether adding one asks for the password (a user without one: no). */
export const PasskeyList = z.object({ items: z.array(PasskeyItem), password_required: z.boolean() });
export type PasskeyList = z.infer<typeof PasskeyList>;

export const PasskeyName = z.string().trim().min(1).max(PASSKEY_NAME_MAX);
export const PasskeyRegisterFinish = z.strictObject({ name: PasskeyName, response: PasskeyRegistration });
export type PasskeyRegisterFinish = z.infer<typeof PasskeyRegisterFinish>;

/**
 * Adding a passkey (which signs in alone) takes proof beyond the session: the current password, or —
 * for a user without one (created by single sign-on) — a sign-in of the last few minutes.
 */
export const PasskeyRegisterStart = z.strictObject({ password: z.string().min(1).max(200).optional() });
/** How recent a sign-in stands for the password of a user who has none. */
export const PASSKEY_FRESH_SIGN_IN_SECONDS = 600;

export const PasskeySignIn = z.strictObject({ response: PasskeyAssertion });
export const PasskeySecondFactorStart = z.strictObject({ challenge: z.string().min(1).max(200) });
/** A passkey enrolled at a sign-in that must enrol a second factor first (instead of the app). */
export const PasskeyEnrolAtSignIn = z.strictObject({
  challenge: z.string().min(1).max(200),
  name: PasskeyName,
  response: PasskeyRegistration,
});

export const PasskeySecondFactor = z.strictObject({
  challenge: z.string().min(1).max(200),
  response: PasskeyAssertion,
});

export const PASSKEYS_API = {
  list: read('/api/profile/passkeys/list', {
    body: EmptyBody,
    result: PasskeyList,
    access: 'userSession',
  }),
  // One's own sign-in stays one's own in a blocked company, as the password does.
  registerStart: action('/api/profile/passkeys/register/start', {
    body: PasskeyRegisterStart,
    result: PasskeyOptions,
    access: 'userSession',
    writable: false,
  }),
  registerFinish: action('/api/profile/passkeys/register/finish', {
    body: PasskeyRegisterFinish,
    result: PasskeyItem,
    access: 'userSession',
    writable: false,
  }),
  remove: action('/api/profile/passkeys/delete', {
    body: z.strictObject({ id: Id }),
    result: z.object({ ok: z.literal(true) }),
    access: 'userSession',
    writable: false,
  }),
  loginStart: action(ENTRY_PATHS.loginPasskeyStart, {
    body: EmptyBody,
    result: PasskeyOptions,
    access: 'public',
    writable: false,
  }),
  loginFinish: action(ENTRY_PATHS.loginPasskeyFinish, {
    body: PasskeySignIn,
    result: LoginResult,
    access: 'public',
    writable: false,
  }),
  secondFactorStart: action(ENTRY_PATHS.loginSecondFactorPasskeyStart, {
    body: PasskeySecondFactorStart,
    result: PasskeyOptions,
    access: 'public',
    writable: false,
  }),
  secondFactor: action(ENTRY_PATHS.loginSecondFactorPasskey, {
    body: PasskeySecondFactor,
    result: LoginWithFactor,
    access: 'public',
    writable: false,
  }),
  enrolStart: action(ENTRY_PATHS.loginEnrolPasskeyStart, {
    body: PasskeySecondFactorStart,
    result: PasskeyOptions,
    access: 'public',
    writable: false,
  }),
  enrol: action(ENTRY_PATHS.loginEnrolPasskey, {
    body: PasskeyEnrolAtSignIn,
    result: LoginWithFactor,
    access: 'public',
    writable: false,
  }),
} as const;
