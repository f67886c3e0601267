import { describe, expect, it } from 'vitest';
import { makeJwt } from '../test/jwt-fixture';
import { isTokenFresh, readJwtExp } from './jwt';

describe('jwt', () => {
  it('reads exp from a base64url payload', () => {
    const now = 1_700_000_000_000;
    expect(readJwtExp(makeJwt(60, now))).toBe(1_700_000_060);
  });

  it('treats missing, garbled and past tokens as not fresh', () => {
    expect(isTokenFresh(null)).toBe(false);
    expect(isTokenFresh('not-a-jwt')).toBe(false);
    expect(isTokenFresh(makeJwt(-1))).toBe(false);
    expect(isTokenFresh(makeJwt(60))).toBe(true);
  });
});
