import { ENTRY_PATHS, PUBLIC_PATH_PREFIXES } from '@cab/contract/paths';
import { UNAUTHORIZED_COUNTER_CAP, type Lang } from '@cab/contract/constants';
import type { TokenPair } from '@cab/contract/auth';
import type { BodyOf, Endpoint, ResultOf } from '@cab/contract/endpoint';
import { ApiError, readApiError } from './api-error';
import type { TokenStorage } from './auth-storage';
import { isTokenFresh } from './jwt';
import { errorToast, type ToastMessage } from './toast-bus';

/** Screens where no refresh is attempted and a 424 stays silent (spec §7–§8). */
const AUTH_SCREENS = ['/register', '/login', '/forgot'];

export interface ApiClientDeps {
  fetch: typeof fetch;
  navigate: (to: string) => void;
  toast: (message: ToastMessage) => void;
  getLang: () => Lang;
  getPathname: () => string;
  getAppId: () => string;
  tokens: TokenStorage;
  /** Called when the session ends on the client (failed refresh, rejected token). */
  onLoggedOut: () => void;
  now?: () => number;
}

export interface RequestOptions {
  /** Replaces the default error toast (not the 401/424 handling). */
  onError?: (error: ApiError) => void;
  signal?: AbortSignal;
}

/** A call's body, optional when the endpoint takes none. */
export type CallArgs<E extends Endpoint> = undefined extends BodyOf<E>
  ? [body?: BodyOf<E>, options?: RequestOptions]
  : [body: BodyOf<E>, options?: RequestOptions];

export interface ApiClient {
  /**
   * Calls an endpoint of the contract's registry, typed by it: a read is sent as `post`, an action
   * as `act` (once, with an Idempotency-Key). Null when the network failed (the toast was shown).
   */
  call: <E extends Endpoint>(endpoint: E, ...args: CallArgs<E>) => Promise<ResultOf<E> | null>;
  /** Resolves to `body.result`, or null when the network failed; throws ApiError on other answers. */
  get: <T>(path: string, options?: RequestOptions) => Promise<T | null>;
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => Promise<T | null>;
  /**
   * An action (create, pay, operate): a POST sent with an `Idempotency-Key`, so the server acts on it
   * once however often it arrives. The same action (path and body) asked again while it is on its way
   * — a double click, two tabs of one form — shares the first call's answer instead of sending again.
   */
  act: <T>(path: string, body?: unknown, options?: RequestOptions) => Promise<T | null>;
  /** A fresh access token (refreshing first when needed), or null. Used by the websocket. */
  freshToken: () => Promise<string | null>;
  /**
   * Sends a POST before the code that wants its answer has loaded (a signed-in page's first requests,
   * app/boot-prefetch.ts): the first `post` of the same path and body within EARLY_ANSWER_TTL_MS takes
   * this answer instead of sending again. It is sent without options: the default error handling applies.
   */
  startEarly: <T>(path: string, body: unknown) => Promise<T | null>;
  unauthorizedCount: () => number;
}

interface SendOptions extends RequestOptions {
  /** Sent as `Idempotency-Key`: one per action, the same on the resend after a refreshed token. */
  idempotencyKey?: string;
}

/** 128 random bits as hex; `crypto.getRandomValues` works on plain-http pages too, unlike randomUUID. */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** How long an early answer waits for its taker; a later `post` sends afresh. */
export const EARLY_ANSWER_TTL_MS = 10_000;

function isPublicPath(path: string): boolean {
  return PUBLIC_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const now = deps.now ?? Date.now;
  let unauthorized = 0;
  let refreshing: Promise<string | null> | null = null;

  const onAuthScreen = () => AUTH_SCREENS.some((screen) => deps.getPathname().startsWith(screen));

  function url(path: string): string {
    const separator = path.includes('?') ? '&' : '?';
    return `${path}${separator}lang=${deps.getLang()}`;
  }

  function logoutLocally(): void {
    deps.tokens.clear();
    deps.onLoggedOut();
    deps.navigate('/login');
  }

  async function refresh(refreshToken: string): Promise<string | null> {
    let response: Response;
    try {
      response = await deps.fetch(url(ENTRY_PATHS.tokenRefresh), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
    } catch {
      return null; // Offline: keep the session, the call itself will fail as a network error.
    }
    if (!response.ok) {
      logoutLocally();
      return null;
    }
    const body = (await response.json()) as { result: TokenPair };
    deps.tokens.write(body.result);
    return body.result.token;
  }

  /** Spec §8: a 401 increments a counter capped at 3, with no message to the user. */
  function countUnauthorized(): void {
    unauthorized = Math.min(unauthorized + 1, UNAUTHORIZED_COUNTER_CAP);
  }

  /** Single flight: concurrent callers share one refresh (a refresh token is single use). */
  function refreshOnce(refreshToken: string): Promise<string | null> {
    refreshing ??= refresh(refreshToken).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function freshToken(): Promise<string | null> {
    const { token, refreshToken } = deps.tokens.read();
    if (isTokenFresh(token, now())) return Promise.resolve(token);
    if (!refreshToken || onAuthScreen()) return Promise.resolve(token);
    return refreshOnce(refreshToken);
  }

  /**
   * After a 401 to a call sent with `rejected`: the token to retry with, or null to give up. Another
   * call may already have rotated the pair; otherwise the refresh decides, and only a failed refresh
   * signs the user out (spec §4, §8).
   */
  async function tokenAfterRejection(rejected: string): Promise<string | null> {
    if (onAuthScreen()) return null;
    const { token, refreshToken } = deps.tokens.read();
    if (token && token !== rejected) return token;
    if (!refreshToken) {
      logoutLocally();
      return null;
    }
    return refreshOnce(refreshToken);
  }

  function handleError(error: ApiError, options: RequestOptions | undefined): void {
    if (error.status === 401) {
      countUnauthorized();
      return;
    }
    if (error.status === 424) {
      if (!deps.getPathname().startsWith('/register')) deps.navigate('/register?step=2');
      return;
    }
    if (options?.onError) {
      options.onError(error);
      return;
    }
    deps.toast(errorToast(error));
  }

  async function send(method: 'GET' | 'POST', path: string, body: unknown, token: string | null, options?: SendOptions) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (options?.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    if (!isPublicPath(path)) {
      headers['X-App-Id'] = deps.getAppId();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    return deps.fetch(url(path), {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: options?.signal,
    });
  }

  async function request<T>(method: 'GET' | 'POST', path: string, body: unknown, options?: SendOptions) {
    const token = isPublicPath(path) ? null : await freshToken();
    let response: Response;
    try {
      response = await send(method, path, body, token, options);
      if (response.status === 401 && token) {
        const retryWith = await tokenAfterRejection(token);
        if (retryWith) {
          countUnauthorized();
          response = await send(method, path, body, retryWith, options);
        }
      }
    } catch {
      return null;
    }
    if (response.ok) {
      const json = (await response.json()) as { result: T };
      return json.result;
    }
    const error = await readApiError(response);
    handleError(error, options);
    throw error;
  }

  const early = new Map<string, Promise<unknown>>();
  const earlyKey = (path: string, body: unknown) => `${path} ${JSON.stringify(body ?? {})}`;

  function startEarly<T>(path: string, body: unknown): Promise<T | null> {
    const key = earlyKey(path, body);
    const started = request<T>('POST', path, body);
    // Nobody may take it (the page changed): its failure must not surface as an unhandled rejection.
    started.catch(() => undefined);
    early.set(key, started);
    setTimeout(() => {
      if (early.get(key) === started) early.delete(key);
    }, EARLY_ANSWER_TTL_MS);
    return started;
  }

  function post<T>(path: string, body: unknown, options?: RequestOptions): Promise<T | null> {
    const key = earlyKey(path, body);
    const started = early.get(key);
    if (!started) return request<T>('POST', path, body, options);
    early.delete(key);
    return started as Promise<T | null>;
  }

  const acting = new Map<string, Promise<unknown>>();

  function act<T>(path: string, body: unknown, options?: RequestOptions): Promise<T | null> {
    const key = earlyKey(path, body);
    const running = acting.get(key);
    if (running) return running as Promise<T | null>;
    const started = request<T>('POST', path, body, { ...options, idempotencyKey: newIdempotencyKey() }).finally(() => acting.delete(key));
    acting.set(key, started);
    return started;
  }

  return {
    call: <E extends Endpoint>(endpoint: E, ...[body, options]: CallArgs<E>) =>
      endpoint.method === 'GET'
        ? request<ResultOf<E>>('GET', endpoint.path, undefined, options)
        : endpoint.kind === 'action'
          ? act<ResultOf<E>>(endpoint.path, body, options)
          : post<ResultOf<E>>(endpoint.path, body, options),
    get: (path, options) => request('GET', path, undefined, options),
    post,
    act,
    startEarly,
    freshToken,
    unauthorizedCount: () => unauthorized,
  };
}
