import { z } from 'zod';
import { EmptyBody, Email } from './common.js';
import { COMPANY_USER_ROLES } from './company-users.js';
import { LoginAnswer } from './auth.js';
import { action, read } from './endpoint.js';
import { ENTRY_PATHS } from './paths.js';

/**
 * Single sign-on with OpenID Connect, per company (issue 22.5): the admin names the company's
 * provider (issuer, client id, secret — kept sealed), the e-mail domains it vouches for and the role
 * of a user it signs in for the first time. The login page offers it by the typed e-mail's domain.
 */

export const SSO_DOMAINS_MAX = 20;

/** A DNS name as e-mail addresses end (lower case; no scheme, port or @). */
export const SsoDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/);

export const SsoSettings = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  issuer: z.string(),
  client_id: z.string(),
  /** The secret is never answered: only whether one is kept. */
  has_secret: z.boolean(),
  domains: z.array(z.string()),
  role: z.enum(COMPANY_USER_ROLES),
  /** What the admin registers at the provider as the redirect (callback) URI. */
  redirect_uri: z.string(),
});
export type SsoSettings = z.infer<typeof SsoSettings>;

export const SsoSettingsSave = z.strictObject({
  enabled: z.boolean(),
  issuer: z.url({ protocol: /^https?$/ }).max(500),
  client_id: z.string().trim().min(1).max(255),
  /** Omitted: the kept secret stays. */
  client_secret: z.string().min(1).max(1000).optional(),
  domains: z.array(SsoDomain).min(1).max(SSO_DOMAINS_MAX),
  role: z.enum(COMPANY_USER_ROLES),
});
export type SsoSettingsSave = z.infer<typeof SsoSettingsSave>;

export const SsoStartRequest = z.strictObject({ email: Email });
/** Where the browser goes next: the company's provider. */
export const SsoStartResult = z.object({ url: z.string() });

/** What the provider sent the browser back with, as the /login/sso page read it from its address. */
export const SsoFinishRequest = z.strictObject({
  state: z.string().min(1).max(200),
  code: z.string().min(1).max(2000),
  iss: z.string().max(500).optional(),
});
export type SsoFinishRequest = z.infer<typeof SsoFinishRequest>;

/** The SPA's page the provider sends the browser back to. */
export const SSO_CALLBACK_PAGE = '/login/sso';

export const SSO_API = {
  get: read('/api/company/sso/get', { body: EmptyBody, result: SsoSettings, access: 'company.edit' }),
  save: action('/api/company/sso/save', {
    body: SsoSettingsSave,
    result: SsoSettings,
    access: 'company.edit',
    writable: true,
  }),
  remove: action('/api/company/sso/delete', {
    body: EmptyBody,
    result: SsoSettings,
    access: 'company.edit',
    writable: true,
  }),
  loginStart: action(ENTRY_PATHS.loginSsoStart, {
    body: SsoStartRequest,
    result: SsoStartResult,
    access: 'public',
    writable: false,
  }),
  // The session, or the second factor's challenge: the cabinet's own factor is asked after SSO too.
  loginFinish: action(ENTRY_PATHS.loginSsoFinish, {
    body: SsoFinishRequest,
    result: LoginAnswer,
    access: 'public',
    writable: false,
  }),
} as const;
