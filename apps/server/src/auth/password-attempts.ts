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
    const keys = { account: `account:${who.email.trim().toLowerCase()}`, client: `ip:${who.ip}` };
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
