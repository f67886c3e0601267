import { z } from 'zod';
import { SessionCheckResult } from './auth.js';
import { EmptyBody, Id, UnixSeconds } from './common.js';
import { LANGS } from './constants.js';
import { action, read } from './endpoint.js';

/** The signed-in user's own data (spec §3 User: first_name, last_name, phone, email). */
export const Profile = z.object({
  id: Id,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  lang: z.enum(LANGS),
});
export type Profile = z.infer<typeof Profile>;

/** International format, e.g. +79990001122. */
export const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;

export const ProfileUpdateRequest = z.strictObject({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  phone: z.string().trim().regex(PHONE_PATTERN).nullable(),
  lang: z.enum(LANGS),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;

export const PASSWORD_MIN_LENGTH = 8;

export const PasswordChangeRequest = z.strictObject({
  current_password: z.string().min(1).max(200),
  new_password: z.string().min(PASSWORD_MIN_LENGTH).max(200),
});
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;

/** One signed-in session (a refresh-token family) of the user. */
export const SessionInfo = z.object({
  id: z.string(),
  created: UnixSeconds,
  last_used: UnixSeconds,
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const SessionListResult = z.object({ items: z.array(SessionInfo) });
export type SessionListResult = z.infer<typeof SessionListResult>;

export const SessionsRevokeResult = z.object({ revoked: z.number().int() });
export type SessionsRevokeResult = z.infer<typeof SessionsRevokeResult>;

/** The signed-in user's own profile, password and sessions (never an API token's). */
export const PROFILE_API = {
  get: read('/api/profile/get', { body: EmptyBody, result: Profile, access: 'userSession' }),
  update: action('/api/profile/update', { body: ProfileUpdateRequest, result: Profile, access: 'userSession', writable: true }),
  // A blocked company's users may still secure their account.
  password: action('/api/profile/password', { body: PasswordChangeRequest, result: SessionCheckResult, access: 'userSession', writable: false }),
  sessions: read('/api/profile/sessions', { body: EmptyBody, result: SessionListResult, access: 'userSession' }),
  sessionsRevokeOthers: action('/api/profile/sessions/revoke_others', {
    body: EmptyBody,
    result: SessionsRevokeResult,
    access: 'userSession',
    writable: false,
  }),
} as const;
