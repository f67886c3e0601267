import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Demo users seeded by the server (password `demo`). */
export const USERS = {
  root: 'root@demo.local',
  admin: 'admin@demo.local',
  manager: 'manager@demo.local',
  viewer: 'viewer@demo.local',
  agent: 'agent@demo.local',
} as const;
export type DemoEmail = (typeof USERS)[keyof typeof USERS];
export const DEMO_PASSWORD = 'demo';

/** Same origin as playwright.config.ts's baseURL. */
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

export interface LoginResult {
  token: string;
  refresh_token: string;
  id: number;
}

interface Envelope<T> {
  result: T;
}

/** POST /api/login: a new server session (refresh-token family) every call. */
export async function apiLogin(request: APIRequestContext, email: DemoEmail): Promise<LoginResult> {
  const response = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), `login of ${email}`).toBe(200);
  const body = (await response.json()) as Envelope<LoginResult>;
  return body.result;
}

export function jwtExp(token: string): number {
  const payload = token.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: number };
  return claims.exp ?? 0;
}

/**
 * The login route allows 20 attempts a minute per client address, so tests that only need "a logged-in
 * admin" share one session per user (per worker). Tests that end, rotate or forge a session log in
 * afresh with apiLogin.
 */
const shared = new Map<DemoEmail, LoginResult>();

export async function sharedSession(request: APIRequestContext, email: DemoEmail): Promise<LoginResult> {
  const cached = shared.get(email);
  // Access tokens live 15 minutes; keep a margin so a browser never has to refresh a shared session.
  if (cached && jwtExp(cached.token) * 1000 - Date.now() > 5 * 60_000) return cached;
  const fresh = await apiLogin(request, email);
  shared.set(email, fresh);
  return fresh;
}

export async function setCookies(context: BrowserContext, values: Record<string, string>): Promise<void> {
  await context.addCookies(Object.entries(values).map(([name, value]) => ({ name, value, url: `${BASE_URL}/` })));
}

export function sessionCookies(session: LoginResult): Record<string, string> {
  return { token: session.token, refresh_token: session.refresh_token, id: String(session.id) };
}

/** Reading the first news page marks the news as seen, so the news drawer does not open by itself. */
export async function markNewsSeen(request: APIRequestContext, token: string): Promise<void> {
  const response = await request.post('/api/news/list', {
    headers: { Authorization: `Bearer ${token}` },
    data: { page: 0, size: 10 },
  });
  expect(response.status()).toBe(200);
}

export interface LoginOptions {
  /** A session of its own instead of the shared one. */
  fresh?: boolean;
  /** Leave the news unseen (the drawer then opens on load). */
  keepNewsUnseen?: boolean;
}

/** Logs `page`'s context in without the UI: cookies token, refresh_token, id on path /. */
export async function loginViaApi(page: Page, email: DemoEmail, options: LoginOptions = {}): Promise<LoginResult> {
  const request = page.request;
  const session = options.fresh ? await apiLogin(request, email) : await sharedSession(request, email);
  if (!options.keepNewsUnseen) await markNewsSeen(request, session.token);
  await setCookies(page.context(), sessionCookies(session));
  return session;
}

/** A JWT-shaped token whose exp claim is in the past (the client must refresh before using it). */
export function expiredJwt(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) - 3600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '1', exp })}.invalid-signature`;
}

export async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
  const cookies = await context.cookies();
  return cookies.find((cookie) => cookie.name === name)?.value;
}
