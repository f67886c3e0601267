import { randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, API_TOKEN_SHOWN_PREFIX_LENGTH } from '@cab/contract/api-tokens';
import { LANGS } from '@cab/contract/constants';
import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { findTokenPrincipal, touchToken } from './api-token-repository.js';
import type { Principal } from './principal.js';
import { requestCachesOf } from './request-caches.js';
import { hashOpaqueToken } from './tokens.js';

const TOUCH_INTERVAL_MS = 60_000;

/** A new secret: the recognizable prefix, then 32 random bytes (base64url never contains a dot). */
export function newApiTokenSecret(): { secret: string; hash: string; prefix: string } {
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashOpaqueToken(secret), prefix: secret.slice(0, API_TOKEN_SHOWN_PREFIX_LENGTH) };
}

/** API tokens carry the prefix; access JWTs never start with it (they start with base64 of '{"'). */
export function isApiTokenValue(bearer: string): boolean {
  return bearer.startsWith(API_TOKEN_PREFIX);
}

/**
 * An API token acts in its company with the permissions of roles.ts API_TOKEN_PERMISSIONS. The
 * principal's userId is the token's creator, who owns the queue items the token starts.
 */
export async function resolveApiTokenPrincipal(db: Db, bearer: string, ip: string | null): Promise<Principal> {
  const hash = hashOpaqueToken(bearer);
  const load = () => findTokenPrincipal(db, hash);
  const caches = requestCachesOf(db);
  const row = caches
    ? await caches.principal(`api_token:${hash}`, load, { keep: (r) => ({ tags: [`t:${r.id}`, `u:${r.createdBy}`, `c:${r.companyId}`] }) })
    : await load();
  if (!row) throw new AppError('unauthorized');
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS || row.lastUsedIp !== ip) {
    // The cached row remembers the touch, so the next minute's calls do not write again.
    row.lastUsedAt = new Date();
    row.lastUsedIp = ip;
    await touchToken(db, row.companyId, row.id, ip);
  }
  return {
    kind: 'api_token',
    apiTokenId: row.id,
    userId: row.createdBy,
    companyId: row.companyId,
    role: 'manager',
    sessionId: `api_token:${row.id}`,
    impersonatorId: null,
    companyBlocked: row.companyBlocked,
    registrationComplete: row.registrationComplete,
    lang: LANGS.find((l) => l === row.lang) ?? 'ru',
  };
}
