import { API } from '@cab/contract/paths';
import type { LoginRequest, LoginResult } from '@cab/contract/auth';
import { api } from '@/lib/api';

/** POST /api/login; errors are shown inline by the form, so the default toast is off. */
export function login(body: LoginRequest): Promise<LoginResult | null> {
  return api.post<LoginResult>(API.login, body, { onError: () => undefined });
}
