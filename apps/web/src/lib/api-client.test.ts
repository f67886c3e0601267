import { describe, expect, it, vi } from 'vitest';
import { AGENT_API } from '@cab/contract/agents';
import { AUTH_API } from '@cab/contract/auth';
import { ME_API } from '@cab/contract/me';
import { ENTRY_PATHS } from '@cab/contract/paths';
import { QUEUE_API } from '@cab/contract/queue';
import { SIMS_API } from '@cab/contract/sims';
import { makeJwt } from '../test/jwt-fixture';
import { EARLY_ANSWER_TTL_MS, createApiClient, type ApiClientDeps } from './api-client';
import { ApiError } from './api-error';
import type { StoredTokens } from './auth-storage';

type FetchArgs = [string, RequestInit];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(options: { tokens?: Partial<StoredTokens>; pathname?: string; responses?: Response[] } = {}) {
  const tokens: StoredTokens = { token: null, refreshToken: null, ...options.tokens };
  const responses = [...(options.responses ?? [])];
  const fetchMock = vi.fn((..._args: FetchArgs) => Promise.resolve(responses.shift() ?? json(200, { result: 'ok' })));
  const deps = {
    fetch: fetchMock as unknown as typeof fetch,
    navigate: vi.fn<(to: string) => void>(),
    toast: vi.fn<ApiClientDeps['toast']>(),
    getLang: () => 'en' as const,
    getPathname: () => options.pathname ?? '/home',
    getAppId: () => 'app-1',
    tokens: {
      read: () => ({ ...tokens }),
      write: vi.fn((pair: { token: string; refresh_token: string }) => {
        tokens.token = pair.token;
        tokens.refreshToken = pair.refresh_token;
      }),
      clear: vi.fn(() => {
        tokens.token = null;
        tokens.refreshToken = null;
      }),
    },
    onLoggedOut: vi.fn(),
  } satisfies ApiClientDeps;
  return { client: createApiClient(deps), deps, fetchMock, tokens };
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return (init?.headers ?? {}) as Record<string, string>;
}

describe('api client', () => {
  it('adds lang, X-App-Id and the bearer token, and returns body.result', async () => {
    const token = makeJwt(600);
    const { client, fetchMock } = setup({ tokens: { token }, responses: [json(200, { result: { a: 1 } })] });
    await expect(client.post(ENTRY_PATHS.me, { version: 1 })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/service/me?lang=en');
    expect(headersOf(init)).toEqual({
      'Content-Type': 'application/json',
      'X-App-Id': 'app-1',
      Authorization: `Bearer ${token}`,
    });
  });

  it('sends an action with an Idempotency-Key, once while the same action is on its way, the same key on a resend', async () => {
    const stale = makeJwt(600);
    const fresh = makeJwt(600);
    // Rejected, refreshed, resent: the resend keeps the action's key.
    const { client, fetchMock } = setup({
      tokens: { token: stale, refreshToken: 'r1' },
      responses: [
        json(401, { message: 'no', code: 'unauthorized' }),
        json(200, { result: { token: fresh, refresh_token: 'r2' } }),
        json(200, { result: { id: 1 } }),
        json(200, { result: { id: 2 } }),
      ],
    });
    const body = { company_id: 1, count: 50 };
    const [first, doubleClick] = await Promise.all([client.act(AUTH_API.logout.path, body), client.act(AUTH_API.logout.path, body)]);
    expect(first).toEqual({ id: 1 });
    expect(doubleClick).toEqual({ id: 1 });
    const sent = fetchMock.mock.calls.filter(([url]) => url.startsWith(AUTH_API.logout.path));
    expect(sent).toHaveLength(2);
    const [key, resentKey] = sent.map(([, init]) => headersOf(init)['Idempotency-Key']);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(resentKey).toBe(key);
    // Once answered, the same action again is a new action with a new key.
    await expect(client.act(AUTH_API.logout.path, body)).resolves.toEqual({ id: 2 });
    const last = fetchMock.mock.calls.at(-1);
    expect(headersOf(last?.[1])['Idempotency-Key']).not.toBe(key);
    // A plain post (a read) carries none.
    await client.post(ENTRY_PATHS.me, {});
    expect(headersOf(fetchMock.mock.calls.at(-1)?.[1])['Idempotency-Key']).toBeUndefined();
  });

  it('calls a registry endpoint by its kind: a read as a post, an action with an Idempotency-Key', async () => {
    const { client, fetchMock } = setup({
      tokens: { token: makeJwt(600) },
      responses: [json(200, { result: { items: [], total: 0 } }), json(200, { result: { company_id: 5, agent_company_id: 7 } })],
    });
    await expect(client.call(AGENT_API.list)).resolves.toEqual({ items: [], total: 0 });
    await expect(client.call(AGENT_API.assign, { company_id: 5, agent_company_id: 7 })).resolves.toEqual({ company_id: 5, agent_company_id: 7 });
    const [read, action] = fetchMock.mock.calls;
    expect(read?.[0]).toBe(`${AGENT_API.list.path}?lang=en`);
    expect(headersOf(read?.[1])['Idempotency-Key']).toBeUndefined();
    expect(action?.[0]).toBe(`${AGENT_API.assign.path}?lang=en`);
    expect(JSON.parse(action?.[1].body as string)).toEqual({ company_id: 5, agent_company_id: 7 });
    expect(headersOf(action?.[1])['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers the first post of an early request from it, once', async () => {
    const { client, fetchMock } = setup({
      tokens: { token: makeJwt(600) },
      responses: [json(200, { result: { page: 1 } }), json(200, { result: { page: 2 } }), json(200, { result: { page: 3 } })],
    });
    // The entry sends it by its path (no schema loaded); the list's query calls the registry's endpoint.
    const early = client.startEarly(ENTRY_PATHS.simsList, { page: 1, size: 25 });
    // Another body is another request; the same body is taken from the early one without sending.
    await expect(client.call(SIMS_API.list, { page: 2, size: 25 })).resolves.toEqual({ page: 2 });
    await expect(client.call(SIMS_API.list, { page: 1, size: 25 })).resolves.toEqual({ page: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(early).resolves.toEqual({ page: 1 });
    // Taken once: the next post of the same body asks the server again.
    await expect(client.call(SIMS_API.list, { page: 1, size: 25 })).resolves.toEqual({ page: 3 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('forgets an early answer nobody took in time', async () => {
    vi.useFakeTimers();
    try {
      const { client, fetchMock } = setup({ tokens: { token: makeJwt(600) } });
      void client.startEarly(ENTRY_PATHS.me, { version: 1 });
      await vi.advanceTimersByTimeAsync(EARLY_ANSWER_TTL_MS + 1);
      await client.call(ME_API.get, { version: 1 });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('omits both auth headers on login', async () => {
    const { client, fetchMock } = setup({ tokens: { token: makeJwt(600) } });
    await client.post(ENTRY_PATHS.login, { email: 'a@b.c', password: 'x' });
    expect(headersOf(fetchMock.mock.calls[0]?.[1])).toEqual({ 'Content-Type': 'application/json' });
  });

  it('refreshes an expired token first and stores the new pair', async () => {
    const fresh = makeJwt(600);
    const { client, fetchMock, tokens } = setup({
      tokens: { token: makeJwt(-10), refreshToken: 'r1' },
      responses: [json(200, { result: { token: fresh, refresh_token: 'r2' } }), json(200, { result: 1 })],
    });
    await client.call(QUEUE_API.list);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/token/refresh?lang=en');
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1].body as string)).toEqual({ refresh_token: 'r1' });
    expect(headersOf(fetchMock.mock.calls[0]?.[1]).Authorization).toBeUndefined();
    expect(headersOf(fetchMock.mock.calls[1]?.[1]).Authorization).toBe(`Bearer ${fresh}`);
    expect(tokens).toEqual({ token: fresh, refreshToken: 'r2' });
  });

  it('shares one refresh between concurrent calls', async () => {
    const { client, fetchMock } = setup({
      tokens: { token: null, refreshToken: 'r1' },
      responses: [json(200, { result: { token: makeJwt(600), refresh_token: 'r2' } })],
    });
    await Promise.all([client.get('/api/a'), client.get('/api/b'), client.get('/api/c')]);
    const refreshCalls = fetchMock.mock.calls.filter(([url]) => url.startsWith(ENTRY_PATHS.tokenRefresh));
    expect(refreshCalls).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('logs out and goes to /login when the refresh fails', async () => {
    const { client, deps } = setup({
      tokens: { token: makeJwt(-10), refreshToken: 'r1' },
      responses: [json(401, { message: 'no', code: 'refresh_invalid' }), json(401, {})],
    });
    await client.call(QUEUE_API.list).catch(() => undefined);
    expect(deps.tokens.clear).toHaveBeenCalled();
    expect(deps.onLoggedOut).toHaveBeenCalled();
    expect(deps.navigate).toHaveBeenCalledWith('/login');
  });

  it('does not refresh on the login, register and forgot screens', async () => {
    const { client, fetchMock } = setup({ tokens: { token: makeJwt(-10), refreshToken: 'r1' }, pathname: '/forgot' });
    await client.get('/api/a');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/a?lang=en');
  });

  it('counts 401 answers up to 3 without a message', async () => {
    const { client, deps } = setup({
      responses: [1, 2, 3, 4].map(() => json(401, { message: 'x', code: 'unauthorized' })),
    });
    for (let i = 0; i < 4; i += 1) await expect(client.get('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(client.unauthorizedCount()).toBe(3);
    expect(deps.toast).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('on a 401 refreshes and retries the call once; the user stays signed in', async () => {
    const { client, deps, fetchMock } = setup({
      tokens: { token: makeJwt(600), refreshToken: 'r1' },
      responses: [json(401, {}), json(200, { result: { token: 'new', refresh_token: 'r2' } }), json(200, { result: 'again' })],
    });
    await expect(client.get('/api/a')).resolves.toBe('again');
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/a?lang=en', `${ENTRY_PATHS.tokenRefresh}?lang=en`, '/api/a?lang=en']);
    expect(headersOf(fetchMock.mock.calls[2]?.[1]).Authorization).toBe('Bearer new');
    expect(deps.onLoggedOut).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('signs out on a 401 only when the refresh itself fails', async () => {
    const { client, deps } = setup({
      tokens: { token: makeJwt(600), refreshToken: 'r1' },
      responses: [json(401, {}), json(401, { message: 'no', code: 'refresh_invalid' })],
    });
    await expect(client.get('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(deps.onLoggedOut).toHaveBeenCalled();
    expect(deps.navigate).toHaveBeenCalledWith('/login');
  });

  it('retries with a pair another call already rotated, without refreshing again', async () => {
    const sent = makeJwt(600);
    const { client, fetchMock, tokens } = setup({ tokens: { token: sent, refreshToken: 'r1' } });
    fetchMock.mockImplementationOnce(() => {
      tokens.token = 'rotated-meanwhile';
      return Promise.resolve(json(401, {}));
    });
    await expect(client.get('/api/a')).resolves.toBe('ok');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(headersOf(fetchMock.mock.calls[1]?.[1]).Authorization).toBe('Bearer rotated-meanwhile');
  });

  it('returns null when the network fails', async () => {
    const { client, deps, fetchMock } = setup();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(client.get('/api/a')).resolves.toBeNull();
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('shows the default error toast with the server message, else the fallback', async () => {
    const { client, deps } = setup({
      responses: [json(409, { message: 'Already exists', code: 'conflict' }), new Response('oops', { status: 500 })],
    });
    await client.post('/api/a').catch(() => undefined);
    await client.post('/api/a').catch(() => undefined);
    expect(deps.toast.mock.calls.map(([message]) => message)).toEqual([
      { severity: 'error', summary: { key: 'common.error' }, detail: 'Already exists', life: 3000, group: 'tr' },
      { severity: 'error', summary: { key: 'common.error' }, detail: { key: 'common.unexpectedError' }, life: 3000, group: 'tr' },
    ]);
  });

  it('lets a custom handler replace the toast', async () => {
    const { client, deps } = setup({
      responses: [json(422, { message: 'Bad', code: 'validation_failed', fields: { a: 'b' } })],
    });
    const onError = vi.fn();
    await expect(client.post('/api/a', {}, { onError })).rejects.toMatchObject({ status: 422, fields: { a: 'b' } });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Bad', code: 'validation_failed' }));
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('sends 424 to /register?step=2 without a toast, and stays silent on /register', async () => {
    const outside = setup({ responses: [json(424, { message: 'x', code: 'registration_unfinished' })] });
    await outside.client.get('/api/a').catch(() => undefined);
    expect(outside.deps.navigate).toHaveBeenCalledWith('/register?step=2');
    expect(outside.deps.toast).not.toHaveBeenCalled();

    const inside = setup({
      pathname: '/register',
      responses: [json(424, { message: 'x', code: 'registration_unfinished' })],
    });
    await inside.client.get('/api/a').catch(() => undefined);
    expect(inside.deps.navigate).not.toHaveBeenCalled();
    expect(inside.deps.toast).not.toHaveBeenCalled();
  });
});
