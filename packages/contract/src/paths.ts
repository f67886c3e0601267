/** The API's own documentation: served beside the endpoints, not declared in the registry. */
export const API = {
  openapi: '/api/openapi.json',
  docs: '/api/docs',
} as const;

/**
 * Paths the web calls before any schema module has loaded: the entry (the token refresh, the early
 * requests of app/boot-prefetch.ts) and the login route stay free of zod, for their JS budget
 * (ARCHITECTURE §9). Their endpoints are declared in the registry with these very constants
 * (auth.ts, me.ts, sims.ts), so each path is still written once.
 */
export const ENTRY_PATHS = {
  login: '/api/login',
  loginSecondFactor: '/api/login/second_factor',
  loginEnrol: '/api/login/second_factor/enrol',
  loginSsoStart: '/api/login/sso/start',
  loginSsoFinish: '/api/login/sso/finish',
  loginPasskeyStart: '/api/login/passkey/start',
  loginPasskeyFinish: '/api/login/passkey/finish',
  loginSecondFactorPasskeyStart: '/api/login/second_factor/passkey/start',
  loginSecondFactorPasskey: '/api/login/second_factor/passkey',
  loginEnrolPasskeyStart: '/api/login/second_factor/enrol/passkey/start',
  loginEnrolPasskey: '/api/login/second_factor/enrol/passkey',
  tokenRefresh: '/api/token/refresh',
  me: '/api/service/me',
  simsList: '/api/sims/list',
} as const;

/** Paths called without a bearer token (spec §6–§7). */
export const PUBLIC_PATH_PREFIXES = ['/api/login', '/api/register', '/api/auth/', '/api/token/refresh', '/api/forgot'] as const;

export const WS_PATH = '/ws';
