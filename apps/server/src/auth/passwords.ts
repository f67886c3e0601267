import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { WorkGate } from './work-gate.js';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 32;

/**
 * Every scrypt of this process goes through one gate: each takes ~16 MB and a libuv thread for tens
 * of milliseconds, so unbounded, a burst of password calls starves every other request.
 */
const scryptGate = new WorkGate(1, 16);

/** Sets how many scrypt computations run at once and how many may wait (PASSWORD_HASH_*). */
export function limitPasswordWork(concurrency: number, queue: number): void {
  scryptGate.resize(concurrency, queue);
}

function gatedScrypt(password: string, salt: Buffer, keylen: number): Promise<Buffer> {
  return scryptGate.run(() => scryptAsync(password, salt, keylen));
}

/** Hashes a password as `scrypt$<salt>$<hash>` (base64), with Node's default cost. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await gatedScrypt(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const actual = await gatedScrypt(password, Buffer.from(saltB64, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}

/** A hash that matches nothing, compared against when the e-mail is unknown so timing does not tell. */
export const UNUSABLE_PASSWORD_HASH = `scrypt$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;
