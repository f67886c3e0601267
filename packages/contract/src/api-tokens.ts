import { z } from 'zod';
import { SessionCheckResult } from './auth.js';
import { EmptyBody, Id, UnixSeconds } from './common.js';
import { action, read } from './endpoint.js';

/** Every API token starts with this, so the server tells it from a JWT (which contains dots). */
export const API_TOKEN_PREFIX = 'cab_';
/** How many characters of the secret are kept and shown, so tokens can be told apart. */
export const API_TOKEN_SHOWN_PREFIX_LENGTH = 10;
export const API_TOKENS_LIMIT = 100;

export const ApiToken = z.object({
  id: Id,
  name: z.string(),
  prefix: z.string(),
  created: UnixSeconds,
  last_used: UnixSeconds.nullable(),
  /** Where it was last used from. */
  last_used_ip: z.string().nullable(),
  created_by: z.string(),
});
export type ApiToken = z.infer<typeof ApiToken>;

export const ApiTokensListResult = z.object({ items: z.array(ApiToken), total: z.number().int() });
export type ApiTokensListResult = z.infer<typeof ApiTokensListResult>;

export const ApiTokenCreateRequest = z.strictObject({ name: z.string().trim().min(1).max(100) });
export type ApiTokenCreateRequest = z.infer<typeof ApiTokenCreateRequest>;

/** The secret is in this answer only; the server keeps its SHA-256. */
export const ApiTokenCreateResult = z.object({ token: ApiToken, secret: z.string() });
export type ApiTokenCreateResult = z.infer<typeof ApiTokenCreateResult>;

export const ApiTokenRevokeRequest = z.strictObject({ id: Id });
export type ApiTokenRevokeRequest = z.infer<typeof ApiTokenRevokeRequest>;

/** The caller's company's API tokens. Revoking stays open to a blocked company: a leaked secret must always be shut. */
export const API_TOKENS_API = {
  list: read('/api/tokens/list', { body: EmptyBody, result: ApiTokensListResult, access: 'tokens.manage' }),
  create: action('/api/tokens/create', {
    body: ApiTokenCreateRequest,
    result: ApiTokenCreateResult,
    access: 'tokens.manage',
    writable: true,
  }),
  revoke: action('/api/tokens/revoke', {
    body: ApiTokenRevokeRequest,
    result: SessionCheckResult,
    access: 'tokens.manage',
    writable: false,
  }),
} as const;
