import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * A 4-digit code has only 10,000 values, so the hash alone would not hide it from someone reading the
 * table; what protects it is the attempt limit and expiry. The salt keeps equal codes from looking equal.
 */

export function hashPhoneCode(code: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `${salt}$${digest(salt, code)}`;
}

export function phoneCodeMatches(code: string, stored: string): boolean {
  const [salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = Buffer.from(digest(salt, code), 'base64url');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function digest(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('base64url');
}
