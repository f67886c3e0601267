import { afterEach, describe, expect, it } from 'vitest';
import { getCookie, removeCookie, setCookie } from './cookies';
import { hasImpersonationBackup, restoreImpersonationBackup, switchToImpersonatedSession } from './impersonation-backup';

const NAMES = ['token', 'refresh_token', 'id', 'old_token', 'old_refresh_token', 'old_id'];
const cookies = () => Object.fromEntries(NAMES.map((name) => [name, getCookie(name)]));

afterEach(() => {
  for (const name of NAMES) removeCookie(name);
});

describe('impersonation credentials (spec §4)', () => {
  it('saves root’s cookies as old_* and signs in as the user; Restore puts root back and removes the copies', () => {
    setCookie('token', 'root-token');
    setCookie('refresh_token', 'root-refresh');
    setCookie('id', '1');
    switchToImpersonatedSession({ token: 'user-token', refresh_token: 'user-refresh', id: 3 });
    expect(cookies()).toEqual({
      token: 'user-token',
      refresh_token: 'user-refresh',
      id: '3',
      old_token: 'root-token',
      old_refresh_token: 'root-refresh',
      old_id: '1',
    });
    expect(hasImpersonationBackup()).toBe(true);

    restoreImpersonationBackup();
    expect(cookies()).toEqual({
      token: 'root-token',
      refresh_token: 'root-refresh',
      id: '1',
      old_token: null,
      old_refresh_token: null,
      old_id: null,
    });
    expect(hasImpersonationBackup()).toBe(false);
  });

  it('a second switch keeps the first backup, so Restore still leads to root', () => {
    setCookie('token', 'root-token');
    setCookie('refresh_token', 'root-refresh');
    setCookie('id', '1');
    switchToImpersonatedSession({ token: 'a-token', refresh_token: 'a-refresh', id: 2 });
    switchToImpersonatedSession({ token: 'b-token', refresh_token: 'b-refresh', id: 3 });
    expect(cookies()).toMatchObject({ token: 'b-token', old_token: 'root-token', old_id: '1' });
  });
});
