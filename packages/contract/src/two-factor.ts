import { z } from 'zod';
import { EmptyBody, Id, UnixSeconds } from './common.js';
import { action, read } from './endpoint.js';

/**
 * Two-factor sign-in with an authenticator app (issue 22.4): TOTP codes (RFC 6238: six digits, 30 s)
 * and RECOVERY_CODES one-time recovery codes. A company admin may require it of every user (company
 * settings); root may reset a user's factors. API tokens are not sign-ins and are unaffected.
 */

export const RECOVERY_CODES = 10;
/** A sign-in waits this long for its second factor. */
export const SECOND_FACTOR_CHALLENGE_SECONDS = 300;

export const TotpCode = z.string().trim().regex(/^\d{6}$/);
/** Ten characters of a-z and 2-9 in two groups of five (`abcde-23456`); the dash and case are optional. */
export const RecoveryCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z2-9]{5}-?[a-z2-9]{5}$/);

export const SecondFactorStatus = z.object({
  totp: z.boolean(),
  /** Recovery codes not used yet. */
  recovery_left: z.number().int(),
  /** Passkeys of the user (each a second factor too). */
  passkeys: z.number().int(),
  /** The company requires a second factor of its users. */
  required: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatus>;

export const TotpStartResult = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG document. */
  qr_svg: z.string(),
});
export type TotpStartResult = z.infer<typeof TotpStartResult>;

export const TotpCodeRequest = z.strictObject({ code: TotpCode });
/** A current code from the app, or an unused recovery code. */
export const SecondFactorProofRequest = z.strictObject({ code: z.union([TotpCode, RecoveryCode]) });

export const RecoveryCodesResult = z.object({ codes: z.array(z.string()) });
export type RecoveryCodesResult = z.infer<typeof RecoveryCodesResult>;

export const LoginSecondFactorRequest = z.strictObject({
  challenge: z.string().min(1).max(200),
  code: z.union([TotpCode, RecoveryCode]),
});
export type LoginSecondFactorRequest = z.infer<typeof LoginSecondFactorRequest>;

/** The app to enrol at sign-in, when the company requires a second factor of a user who has none. */
export const LoginEnrolRequest = z.strictObject({ challenge: z.string().min(1).max(200) });

export const UserFactorsResetRequest = z.strictObject({ id: Id });

export const TWO_FACTOR_API = {
  status: read('/api/profile/2fa/status', { body: EmptyBody, result: SecondFactorStatus, access: 'userSession' }),
  // One's own sign-in stays one's own in a blocked company, as the password does.
  totpStart: action('/api/profile/2fa/totp/start', { body: EmptyBody, result: TotpStartResult, access: 'userSession', writable: false }),
  totpConfirm: action('/api/profile/2fa/totp/confirm', { body: TotpCodeRequest, result: RecoveryCodesResult, access: 'userSession', writable: false }),
  disable: action('/api/profile/2fa/disable', { body: SecondFactorProofRequest, result: SecondFactorStatus, access: 'userSession', writable: false }),
  recoveryRenew: action('/api/profile/2fa/recovery/renew', { body: SecondFactorProofRequest, result: RecoveryCodesResult, access: 'userSession', writable: false }),
  reset: action('/api/companies/users/reset_2fa', { body: UserFactorsResetRequest, result: z.object({ ok: z.literal(true) }), access: 'companies.manage', writable: false }),
} as const;

/**
 * When a sign-in's password was right and a second factor is due: the challenge to answer it with.
 * `enrol`: the company requires one and the user has none yet — the app is enrolled first.
 */
export const SecondFactorChallenge = z.object({
  second_factor: z.object({
    challenge: z.string(),
    expires: UnixSeconds,
    enrol: z.boolean(),
    /** What can answer it: a code of the app (and the recovery codes), a passkey of the user. */
    totp: z.boolean(),
    passkey: z.boolean(),
  }),
});
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallenge>;
