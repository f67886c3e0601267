import { STORAGE_KEYS } from '@cab/contract/storage';
import { getCookie, removeCookie, setCookie } from './cookies';

export interface StoredTokens {
  token: string | null;
  refreshToken: string | null;
}

export interface TokenStorage {
  read(): StoredTokens;
  write(pair: { token: string; refresh_token: string }): void;
  /** Removes the access and refresh tokens (logout keeps the user id cookie, as the spec says). */
  clear(): void;
}

export const cookieTokenStorage: TokenStorage = {
  read: () => ({ token: getCookie(STORAGE_KEYS.token), refreshToken: getCookie(STORAGE_KEYS.refreshToken) }),
  write: (pair) => {
    setCookie(STORAGE_KEYS.token, pair.token);
    setCookie(STORAGE_KEYS.refreshToken, pair.refresh_token);
  },
  clear: () => {
    removeCookie(STORAGE_KEYS.token);
    removeCookie(STORAGE_KEYS.refreshToken);
  },
};

export function storeLogin(result: { token: string; refresh_token: string; id: number }): void {
  cookieTokenStorage.write(result);
  setCookie(STORAGE_KEYS.userId, String(result.id));
}
