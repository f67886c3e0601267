import { SECOND_FACTOR_CHALLENGE_SECONDS } from '@cab/contract/two-factor';
import type { Executor } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import * as repo from './repository.js';

/*
 * A passkey ceremony's challenge: kept while the browser asks its authenticator, taken once by the
 * answer (registration, sign-in or a second factor).
 */

/** Keeps a ceremony's challenge for its user (null: a sign-in, whose user the passkey will tell). */
export async function saveChallenge(db: Executor, challenge: string, purpose: repo.PasskeyPurpose, user: repo.UserRef | null): Promise<void> {
  await repo.insertChallenge(db, challenge, purpose, user, new Date(Date.now() + SECOND_FACTOR_CHALLENGE_SECONDS * 1000));
}

/**
 * Runs the library's check, which throws on any mismatch (origin, challenge, signature, counter):
 * each is the same refusal to the browser, except a ceremony no longer waiting (start again). The
 * challenge is taken through `challengeTaken`, so a database failure there is thrown as it is
 * (503), never passed off as a wrong passkey.
 */
export async function verifyOrRefuse<T>(
  verify: (
    challengeTaken: (take: (challenge: string) => Promise<boolean>) => (challenge: string) => Promise<boolean>,
  ) => Promise<T>,
): Promise<T> {
  const outcome: { refused: boolean; failure: Error | null } = { refused: false, failure: null };
  const challengeTaken = (take: (challenge: string) => Promise<boolean>) => async (challenge: string) => {
    try {
      const taken = await take(challenge);
      outcome.refused = !taken;
      return taken;
    } catch (error) {
      outcome.failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    }
  };
  try {
    return await verify(challengeTaken);
  } catch (error) {
    if (outcome.failure !== null) throw outcome.failure;
    if (error instanceof AppError) throw error;
    throw new AppError(outcome.refused ? 'passkey_ceremony_expired' : 'passkey_invalid');
  }
}
