import { isIPv6 } from 'node:net';
import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import * as repo from './attempts-repository.js';

export interface AttemptLimits {
  windowMinutes: number;
  /** Failures that lock an account's password checks for the rest of the window. */
  accountMaxFailures: number;
  /** Failures after which a client's wrong passwords answer 429 (a right one still passes). */
  clientMaxFailures: number;
  /** Failures after which a client is refused before any check. */
  clientBlockFailures: number;
}

/** Who tries a password: the account (its e-mail) and the client's address. */
export interface PasswordAttempt {
  email: string;
  ip: string;
}

/**
 * The counter key of a client address. An IPv6 client usually holds a whole /64 and could rotate
 * through it, so the /64 is what is counted; an IPv4-mapped address counts as the IPv4 one.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return `ip:${mapped[1]}`;
  if (isIPv6(ip)) return `ip:${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
  return `ip:${ip}`;
}

/** The eight groups of an IPv6 address, without leading zeros ("2001:db8::1" → 2001, db8, 0, …, 1). */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('::');
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...zeros, ...right].map((g) => g.replace(/^0+(?=.)/, ''));
}

/**
 * Limits password checks per account and per client address, with counters in the database so
 * every API process shares them. Failures count; a right password resets the account.
 */
export class PasswordAttempts {
  constructor(
    private readonly db: Db,
    private readonly limits: AttemptLimits,
  ) {}

  /**
   * Runs `verify` unless a limit forbids it; answers its verdict or throws 429. The attempt is
   * counted before the check and taken back when it succeeds, so a burst of concurrent guesses
   * on any number of processes cannot get more checks than the limit allows.
   */
  async check(who: PasswordAttempt, verify: () => Promise<boolean>): Promise<boolean> {
    const keys = { account: `account:${who.email.trim().toLowerCase()}`, client: clientKey(who.ip) };
    const counted = await repo.countAttempt(this.db, keys, this.limits.windowMinutes);
    if (counted.account > this.limits.accountMaxFailures || counted.client > this.limits.clientBlockFailures) {
      throw this.limited(counted.windowEpoch);
    }
    let ok: boolean;
    try {
      ok = await verify();
    } catch (error) {
      // The server was too busy to check: that is no failure of the user's.
      await repo.uncountAttempt(this.db, keys, counted.windowEpoch);
      throw error;
    }
    if (ok) {
      await repo.forgiveAttempt(this.db, keys, counted.windowEpoch);
      return true;
    }
    if (counted.client > this.limits.clientMaxFailures) throw this.limited(counted.windowEpoch);
    return false;
  }

  private limited(windowEpoch: number): AppError {
    const endsAt = (windowEpoch + this.limits.windowMinutes * 60) * 1000;
    const minutes = Math.max(1, Math.ceil((endsAt - Date.now()) / 60_000));
    return new AppError('too_many_password_attempts', undefined, { minutes });
  }
}
