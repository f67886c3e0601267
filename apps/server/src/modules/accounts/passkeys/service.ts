import type { LoginResult } from '@cab/contract/auth';
import {
  PASSKEY_FRESH_SIGN_IN_SECONDS,
  PASSKEYS_MAX,
  type PasskeyAssertion,
  type PasskeyItem,
  type PasskeyList,
  type PasskeyOptions,
  type PasskeyRegisterFinish,
} from '@cab/contract/passkeys';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { PasswordAttempts } from '../../../auth/password-attempts.js';
import { UNUSABLE_PASSWORD_HASH, verifyPassword } from '../../../auth/passwords.js';
import type { Principal } from '../../../auth/principal.js';
import type { Db, Executor } from '../../../db/client.js';
import type { Mailer } from '../../../delivery/mail.js';
import { AppError } from '../../../http/errors.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import { companyRequiresSecondFactor, findSignInUser, hasSecondFactor } from '../two-factor/index.js';
import { saveChallenge, verifyOrRefuse } from './ceremony.js';
import { tellOfNewPasskey } from './added-notice.js';
import * as repo from './repository.js';

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
  /** Where browsers open the cabinet's pages: the origin they sign, its host name the RP ID. */
  origin: string;
  /** The password's limits, shared with sign-in: adding a passkey asks for the password. */
  attempts: PasswordAttempts;
  /** Tells the user a passkey was added (best effort: a failed mail is logged, the passkey stays). */
  mailer: Mailer;
  warn: (message: string) => void;
}

const RP_NAME = 'SIM Cabinet';

const toUnix = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

function toItem(row: { id: number; name: string; createdAt: Date; lastUsedAt: Date | null }): PasskeyItem {
  return { id: row.id, name: row.name, created: toUnix(row.createdAt) ?? 0, last_used: toUnix(row.lastUsedAt) };
}

const transportsOf = (stored: string) => (stored ? (stored.split(',') as AuthenticatorTransportFuture[]) : undefined);

export class PasskeyService {
  private readonly origin: string;
  private readonly rpID: string;

  constructor(private readonly deps: PasskeyDeps) {
    // An origin is scheme, host and port: a trailing slash or a path would never match the browser's.
    const url = new URL(deps.origin);
    this.origin = url.origin;
    this.rpID = url.hostname;
  }

  async list(user: repo.UserRef): Promise<PasskeyList> {
    const [rows, account] = await Promise.all([
      repo.listPasskeys(this.deps.db, user.userId),
      repo.findCredentials(this.deps.db, user.userId),
    ]);
    return { items: rows.map(toItem), password_required: account?.passwordHash !== UNUSABLE_PASSWORD_HASH };
  }

  count(userId: number): Promise<number> {
    return repo.countPasskeys(this.deps.db, userId);
  }

  /** Every passkey of the user (root's reset of a user's factors). */
  removeAll(db: Executor, userId: number): Promise<number> {
    return repo.deleteUserPasskeys(db, userId);
  }

  /**
   * The browser's options to create a passkey on this site for the user (one per authenticator).
   * A passkey signs in alone, so a session is not proof enough (a stolen one would become a lasting
   * way in): the password is asked — or, of a user without one (single sign-on), a fresh sign-in —
   * and the operator acting as the user may not add one.
   */
  async startRegistration(
    principal: Principal,
    password: string | undefined,
    ip: string | null,
  ): Promise<PasskeyOptions> {
    if (principal.impersonatorId !== null) throw new AppError('forbidden');
    const account = await repo.findCredentials(this.deps.db, principal.userId);
    if (!account) throw new AppError('not_found');
    await this.proveItIsTheUser(principal, account, password, ip);
    return this.registrationOptions(principal, account.email);
  }

  /**
   * The same options for a sign-in that must enrol a second factor first (a company that requires
   * one): the password (or the company's provider) was just proven by the sign-in itself.
   */
  async startEnrolment(user: repo.UserRef): Promise<PasskeyOptions> {
    const account = await repo.findCredentials(this.deps.db, user.userId);
    if (!account) throw new AppError('not_found');
    return this.registrationOptions(user, account.email);
  }

  private async registrationOptions(user: repo.UserRef, email: string): Promise<PasskeyOptions> {
    const { db } = this.deps;
    const existing = await repo.listPasskeys(db, user.userId);
    if (existing.length >= PASSKEYS_MAX) throw new AppError('passkey_limit', undefined, { max: PASSKEYS_MAX });
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpID,
      userName: email,
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.credentialId,
        transports: transportsOf(passkey.transports),
      })),
      // Kept on the authenticator, so it signs in without the e-mail typed; verified (PIN, biometrics),
      // so it stands for both factors.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await saveChallenge(db, options.challenge, 'register', user);
    return { options: { ...options } };
  }

  private async proveItIsTheUser(
    principal: Principal,
    account: { email: string; passwordHash: string },
    password: string | undefined,
    ip: string | null,
  ) {
    if (account.passwordHash === UNUSABLE_PASSWORD_HASH) {
      const age = await repo.sessionAgeSeconds(this.deps.db, principal.sessionId);
      if (age === null || age > PASSKEY_FRESH_SIGN_IN_SECONDS) throw new AppError('passkey_sign_in_again');
      return;
    }
    if (password === undefined) throw new AppError('validation_failed', { password: 'required' });
    // The same counters as sign-in: a stolen session must not become a way to guess the password.
    const ok = await this.deps.attempts.check({ email: account.email, ip: ip ?? 'unknown' }, () =>
      verifyPassword(password, account.passwordHash),
    );
    if (!ok) throw new AppError('wrong_password', { password: 'invalid' });
  }

  async finishRegistration(principal: Principal, body: PasskeyRegisterFinish, ip: string | null): Promise<PasskeyItem> {
    return this.register(
      {
        userId: principal.userId,
        companyId: principal.companyId,
        impersonatorId: principal.impersonatorId,
        apiTokenId: principal.apiTokenId,
      },
      body,
      ip,
    );
  }

  /** The enrolment's answer at a sign-in: the passkey is kept (audited, told by mail) as on the profile. */
  async finishEnrolment(user: repo.UserRef, body: PasskeyRegisterFinish, ip: string | null): Promise<PasskeyItem> {
    return this.register({ ...user, impersonatorId: null }, body, ip);
  }

  /** Checks the browser's new passkey against its waiting ceremony and keeps it. */
  private async register(
    actor: repo.UserRef & { impersonatorId: number | null; apiTokenId?: number | null },
    body: PasskeyRegisterFinish,
    ip: string | null,
  ): Promise<PasskeyItem> {
    const { db } = this.deps;
    const verified = await verifyOrRefuse((challengeTaken) =>
      verifyRegistrationResponse({
        response: body.response,
        expectedChallenge: challengeTaken((challenge) => repo.takeChallenge(db, challenge, 'register', actor.userId)),
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: true,
      }),
    );
    if (!verified.verified) throw new AppError('passkey_invalid');
    const { credential } = verified.registrationInfo;
    const item = await db.transaction(async (tx) => {
      // Parallel finishes of one user take turns, so the limit holds.
      await repo.lockUser(tx, actor.userId);
      if ((await repo.countPasskeys(tx, actor.userId)) >= PASSKEYS_MAX) {
        throw new AppError('passkey_limit', undefined, { max: PASSKEYS_MAX });
      }
      const row = await repo.insertPasskey(tx, {
        companyId: actor.companyId,
        userId: actor.userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        name: body.name,
      });
      if (!row) throw new AppError('passkey_exists');
      await insertAudit(tx, { ...actor, action: 'passkey_add', details: { name: body.name }, ip });
      return toItem(row);
    });
    await tellOfNewPasskey(this.deps, actor.userId, item.name, ip);
    return item;
  }



  /** Removes one of one's passkeys; not the last factor of a user whose company requires one. */
  async remove(principal: Principal, id: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      // Two removals at once (two tabs) take turns: the second sees what the first left.
      await repo.lockUser(tx, principal.userId);
      const removed = await repo.deletePasskey(tx, principal.userId, id);
      if (!removed) throw new AppError('not_found');
      if ((await companyRequiresSecondFactor(tx, principal.companyId)) && !(await hasSecondFactor(tx, principal))) {
        throw new AppError('second_factor_required_by_company');
      }
      await insertAudit(tx, { ...auditActor(principal), action: 'passkey_delete', details: { name: removed.name } });
    });
  }

  /** Options for a sign-in without a password: any passkey of this site, its user verified. */
  async startSignIn(): Promise<PasskeyOptions> {
    const options = await generateAuthenticationOptions({ rpID: this.rpID, userVerification: 'required' });
    await saveChallenge(this.deps.db, options.challenge, 'sign_in', null);
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
    await saveChallenge(this.deps.db, options.challenge, 'second_factor', user);
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
    const { db } = this.deps;
    const passkey = await repo.findPasskeyByCredential(db, response.id);
    if (!passkey || (userId !== null && passkey.userId !== userId)) throw new AppError('passkey_invalid');
    const user = await findSignInUser(db, passkey.userId);
    if (!user?.active) throw new AppError('passkey_invalid');
    const verified = await verifyOrRefuse((challengeTaken) =>
      verifyAuthenticationResponse({
        response,
        expectedChallenge: challengeTaken((challenge) => repo.takeChallenge(db, challenge, purpose, userId)),
        expectedOrigin: this.origin,
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


}
