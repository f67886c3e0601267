import type { AUTH_API } from '@cab/contract/auth';
import type { BodyOf, ResultOf } from '@cab/contract/endpoint';
import { ENTRY_PATHS } from '@cab/contract/paths';
import { api } from '@/lib/api';

type Login = typeof AUTH_API.login;

/**
 * POST /api/login; errors are shown inline by the form, so the default toast is off. The login route
 * stays free of zod (its JS budget): the endpoint's types only, its path from ENTRY_PATHS, and sent
 * as `api.call` sends an action.
 */
export function login(body: BodyOf<Login>): Promise<ResultOf<Login> | null> {
  return api.act<ResultOf<Login>>(ENTRY_PATHS.login, body, { onError: () => undefined });
}
