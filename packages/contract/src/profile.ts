import { z } from 'zod';
import { Id, UnixSeconds } from './common.js';
import { LANGS } from './constants.js';

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
