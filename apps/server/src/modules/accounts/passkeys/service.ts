import type { LoginResult } from '@cab/contract/auth';
import {
  PASSKEYS_MAX,
  type PasskeyAssertion,
  type PasskeyItem,
  type PasskeyOptions,
  type PasskeyRegisterFinish,
} from '@cab/contract/passkeys';
import { SECOND_FACTOR_CHALLENGE_SECONDS } from '@cab/contract/two-factor';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Principal } from '../../../auth/principal.js';
import type { Db, Executor } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import { findSignInUser } from '../two-factor/index.js';
import * as repo from './repository.js';

/** Where the cabinet is reached: the origin the browser signs and the RP ID (its host name). */
export interface RelyingParty {
  origin: string;
  name: string;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** Opens a signed-in session with its audit row (accounts/auth's AuthService). */
export interface SessionOpener {
  openSession(
    user: { userId: number; companyId: number; role: string },
    client: ClientInfo,
    details: Record<string, unknown>,
  ): Promise<LoginResult>;
}

export interface PasskeyDeps {
  db: Db;
  relyingParty: RelyingParty;
  /** Whether the user's company requires a second factor and this passkey is the user's last one. */
  isLastRequiredFactor: (user: repo.UserRef) => Promise<boolean>;
}

const toUnix = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

function toItem(row: { id: number; name: string; createdAt: Date; lastUsedAt: Date | null }): PasskeyItem {
  return { id: row.id, name: row.name, created: toUnix(row.createdAt) ?? 0, last_used: toUnix(row.lastUsedAt) };
}

const transportsOf = (stored: string) => (stored ? (stored.split(',') as AuthenticatorTransportFuture[]) : undefined);

export class PasskeyService {
  private readonly rpID: string;

  constructor(private readonly deps: PasskeyDeps) {
    this.rpID = new URL(deps.relyingParty.origin).hostname;
  }

  async list(user: repo.UserRef): Promise<{ items: PasskeyItem[] }> {
    return { items: (await repo.listPasskeys(this.deps.db, user.userId)).map(toItem) };
  }

  count(userId: number): Promise<number> {
    return repo.countPasskeys(this.deps.db, userId);
  }

  /** Every passkey of the user (root's reset of a user's factors). */
  removeAll(db: Executor, userId: number): Promise<number> {
    return repo.deleteUserPasskeys(db, userId);
  }

  /** The browser's options to create a passkey on this site for the user (one per authenticator). */
  async startRegistration(principal: Principal): Promise<PasskeyOptions> {
    const { db } = this.deps;
    const [user, existing] = await Promise.all([
      findSignInUser(db, principal.userId),
      repo.listPasskeys(db, principal.userId),
    ]);
    if (!user) throw new AppError('not_found');
    if (existing.length >= PASSKEYS_MAX) throw new AppError('passkey_limit', undefined, { max: PASSKEYS_MAX });
    const options = await generateRegistrationOptions({
      rpName: this.deps.relyingParty.name,
      rpID: this.rpID,
      userName: user.email,
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.credentialId,
        transports: transportsOf(passkey.transports),
      })),
      // Kept on the authenticator, so it signs in without the e-mail typed; verified (PIN, biometrics),
      // so it stands for both factors.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.saveChallenge(db, options.challenge, 'register', principal);
    return { options: { ...options } };
  }

  async finishRegistration(principal: Principal, body: PasskeyRegisterFinish): Promise<PasskeyItem> {
    const { db, relyingParty } = this.deps;
    const verified = await this.verifyOrRefuse(() =>
      verifyRegistrationResponse({
        response: body.response,
        expectedChallenge: (challenge) => repo.takeChallenge(db, challenge, 'register', principal.userId),
        expectedOrigin: relyingParty.origin,
        expectedRPID: this.rpID,
        requireUserVerification: true,
      }),
    );
    if (!verified.verified) throw new AppError('passkey_invalid');
    const { credential } = verified.registrationInfo;
    return db.transaction(async (tx) => {
      if ((await repo.countPasskeys(tx, principal.userId)) >= PASSKEYS_MAX)
        throw new AppError('passkey_limit', undefined, { max: PASSKEYS_MAX });
      const row = await repo.insertPasskey(tx, {
        companyId: principal.companyId,
        userId: principal.userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        name: body.name,
      });
      if (!row) throw new AppError('passkey_exists');
      await insertAudit(tx, { ...auditActor(principal), action: 'passkey_add', details: { name: body.name } });
      return toItem(row);
    });
  }

  /** Removes one of one's passkeys; not the last factor a company that requires one counts on. */
  async remove(principal: Principal, id: number): Promise<void> {
    const { db } = this.deps;
    const own = (await repo.listPasskeys(db, principal.userId)).find((passkey) => passkey.id === id);
    if (!own) throw new AppError('not_found');
    if (await this.deps.isLastRequiredFactor(principal)) throw new AppError('second_factor_required_by_company');
    await db.transaction(async (tx) => {
      const removed = await repo.deletePasskey(tx, principal.userId, id);
      if (!removed) throw new AppError('not_found');
      await insertAudit(tx, { ...auditActor(principal), action: 'passkey_delete', details: { name: removed.name } });
    });
  }

  /** Options for a sign-in without a password: any passkey of this site, its user verified. */
  async startSignIn(): Promise<PasskeyOptions> {
    const options = await generateAuthenticationOptions({ rpID: this.rpID, userVerification: 'required' });
    await this.saveChallenge(this.deps.db, options.challenge, 'sign_in', null);
    return { options: { ...options } };
  }

  /**
   * A sign-in by passkey alone: the authenticator verified its user (PIN or biometrics), which stands
   * for both factors, so no second step follows. Each ceremony signs in once.
   */
  async finishSignIn(opener: SessionOpener, response: PasskeyAssertion, client: ClientInfo): Promise<LoginResult> {
    const user = await this.verifyAssertion(response, 'sign_in', null);
    return opener.openSession(user, client, { method: 'passkey' });
  }

  /** Options to answer a second factor's challenge with one of the user's passkeys. */
  async startSecondFactor(user: repo.UserRef): Promise<PasskeyOptions> {
    const passkeys = await repo.listPasskeys(this.deps.db, user.userId);
    if (passkeys.length === 0) throw new AppError('second_factor_not_enrolled');
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      userVerification: 'preferred',
      allowCredentials: passkeys.map((passkey) => ({
        id: passkey.credentialId,
        transports: transportsOf(passkey.transports),
      })),
    });
    await this.saveChallenge(this.deps.db, options.challenge, 'second_factor', user);
    return { options: { ...options } };
  }

  /** Checks a second factor's answer by one of this user's passkeys (its ceremony taken once). */
  async verifySecondFactor(user: repo.UserRef, response: PasskeyAssertion): Promise<void> {
    await this.verifyAssertion(response, 'second_factor', user.userId);
  }

  /**
   * Checks an assertion: the passkey is known (and the user's, for a second factor), the ceremony's
   * challenge is taken once, the signature is the passkey's, and its counter moves on once.
   */
  private async verifyAssertion(response: PasskeyAssertion, purpose: repo.PasskeyPurpose, userId: number | null) {
    const { db, relyingParty } = this.deps;
    const passkey = await repo.findPasskeyByCredential(db, response.id);
    if (!passkey || (userId !== null && passkey.userId !== userId)) throw new AppError('passkey_invalid');
    const user = await findSignInUser(db, passkey.userId);
    if (!user?.active) throw new AppError('passkey_invalid');
    const verified = await this.verifyOrRefuse(() =>
      verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => repo.takeChallenge(db, challenge, purpose, userId),
        expectedOrigin: relyingParty.origin,
        expectedRPID: this.rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          counter: passkey.counter,
          transports: transportsOf(passkey.transports),
        },
        requireUserVerification: purpose === 'sign_in',
      }),
    );
    if (
      !verified.verified ||
      !(await repo.recordUse(db, passkey.id, passkey.counter, verified.authenticationInfo.newCounter))
    ) {
      throw new AppError('passkey_invalid');
    }
    return user;
  }

  private async saveChallenge(
    db: Executor,
    challenge: string,
    purpose: repo.PasskeyPurpose,
    user: repo.UserRef | null,
  ): Promise<void> {
    await repo.insertChallenge(
      db,
      challenge,
      purpose,
      user,
      new Date(Date.now() + SECOND_FACTOR_CHALLENGE_SECONDS * 1000),
    );
  }

  /**
   * The library throws on any mismatch (origin, challenge, signature, counter): each is the same
   * refusal to the browser. A challenge no longer waiting says so, to start again.
   */
  private async verifyOrRefuse<T>(verify: () => Promise<T>): Promise<T> {
    try {
      return await verify();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const message = error instanceof Error ? error.message : '';
      throw new AppError(/challenge/i.test(message) ? 'passkey_ceremony_expired' : 'passkey_invalid');
    }
  }
}
