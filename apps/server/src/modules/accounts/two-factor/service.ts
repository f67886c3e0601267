import { createHash, randomInt } from 'node:crypto';
import type { LoginWithFactor, TokenPair } from '@cab/contract/auth';
import type { PasskeyAssertion, PasskeyOptions, PasskeyRegisterFinish } from '@cab/contract/passkeys';
import {
  RECOVERY_CODES,
  SECOND_FACTOR_CHALLENGE_SECONDS,
  type RecoveryCodesResult,
  type SecondFactorChallenge,
  type SecondFactorStatus,
  type TotpStartResult,
} from '@cab/contract/two-factor';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { PasswordAttempts } from '../../../auth/password-attempts.js';
import type { Principal } from '../../../auth/principal.js';
import type { Sealer } from '../../../auth/sealing.js';
import { hashOpaqueToken, newOpaqueToken } from '../../../auth/tokens.js';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import * as repo from './repository.js';

const ISSUER = 'SIM Cabinet';
/** Codes of the step before and after the current one count too: a phone's clock may be 30 s off. */
const EPOCH_TOLERANCE_SECONDS = 30;
const PERIOD_SECONDS = 30;
/** No 0/1/o/l/i, so a code read off paper is typed right. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** What opens a session once both factors passed (accounts/auth's AuthService). */
export interface SessionOpener {
  startSession(subject: { userId: number; companyId: number; role: string; impersonatorId: number | null }, client: ClientInfo, executor: Executor): Promise<TokenPair>;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** The user's passkeys as a second factor (accounts/passkeys' PasskeyService). */
export interface PasskeyFactor {
  count(userId: number): Promise<number>;
  startSecondFactor(user: repo.UserRef): Promise<PasskeyOptions>;
  verifySecondFactor(user: repo.UserRef, response: PasskeyAssertion): Promise<void>;
  removeAll(db: Executor, userId: number): Promise<number>;
  startEnrolment(user: repo.UserRef): Promise<PasskeyOptions>;
  finishEnrolment(user: repo.UserRef, body: PasskeyRegisterFinish, ip: string | null): Promise<unknown>;
}

export interface TwoFactorDeps {
  db: Db;
  sealer: Sealer;
  attempts: PasswordAttempts;
  passkeys: PasskeyFactor;
}

const hashCode = (code: string) => createHash('sha256').update(code.toLowerCase().replace('-', '')).digest('hex');
const isTotpCode = (code: string) => /^\d{6}$/.test(code);

function newRecoveryCodes(): string[] {
  const group = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODES }, () => `${group()}-${group()}`);
}

async function issueRecoveryCodes(db: Executor, user: repo.UserRef): Promise<RecoveryCodesResult> {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(db, user, codes.map(hashCode));
  return { codes };
}

/** Tells every process to read the user's session state again (request caches, tag `u:<id>`). */
async function announceUserChange(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`select pg_notify('cabinet_invalidate', ${`u:${userId}`})`);
}

export class TwoFactorService {
  constructor(private readonly deps: TwoFactorDeps) {}

  async status(principal: Principal): Promise<SecondFactorStatus> {
    const { db, passkeys } = this.deps;
    const [totp, left, passkeyCount, required] = await Promise.all([
      repo.findTotp(db, principal.userId),
      repo.countRecoveryLeft(db, principal.userId),
      passkeys.count(principal.userId),
      repo.companyRequiresSecondFactor(db, principal.companyId),
    ]);
    return { totp: Boolean(totp?.confirmedAt), recovery_left: left, passkeys: passkeyCount, required };
  }

  /** A new secret for the app, shown once as a QR code; it counts once a first code matched (confirm). */
  async startTotp(user: repo.UserRef): Promise<TotpStartResult> {
    const { db, sealer } = this.deps;
    if ((await repo.findTotp(db, user.userId))?.confirmedAt) throw new AppError('second_factor_enabled');
    const email = (await repo.findSignInUser(db, user.userId))?.email ?? '';
    const secret = generateSecret();
    await repo.savePendingTotp(db, user, sealer.seal(secret));
    const uri = generateURI({ issuer: ISSUER, label: email, secret });
    return { secret, uri, qr_svg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) };
  }

  /** Turns the app on with its first code; the recovery codes are answered this once. */
  async confirmTotp(principal: Principal, code: string, ip: string | null): Promise<RecoveryCodesResult> {
    await this.proveSecondFactor(principal, code, ip, { enrol: true });
    return this.deps.db.transaction((tx) => this.enabled(tx, principal));
  }

  /** What turning the app on writes: new recovery codes, the audit row, the sessions' state. */
  private async enabled(tx: Executor, actor: repo.UserRef & { impersonatorId?: number | null }): Promise<RecoveryCodesResult> {
    const codes = await issueRecoveryCodes(tx, actor);
    await insertAudit(tx, { companyId: actor.companyId, userId: actor.userId, impersonatorId: actor.impersonatorId ?? null, action: 'second_factor_enable' });
    await announceUserChange(tx, actor.userId);
    return codes;
  }

  /**
   * Checks a code of the user's app (`enrol`: of the app being enrolled, which it then confirms) or
   * one of their recovery codes, counted as a password attempt (the same limits, shared by every
   * process). A code is good once: its time step, or the recovery code, is taken as it passes.
   */
  async proveSecondFactor(user: repo.UserRef, code: string, ip: string | null, { enrol = false } = {}): Promise<'totp' | 'recovery'> {
    const { db, attempts } = this.deps;
    const totp = await repo.findTotp(db, user.userId);
    if (!totp || Boolean(totp.confirmedAt) === enrol) throw new AppError(enrol ? 'second_factor_enabled' : 'second_factor_not_enrolled');
    const kind = isTotpCode(code) ? 'totp' : 'recovery';
    if (enrol && kind === 'recovery') throw new AppError('second_factor_invalid', { code: 'invalid' });
    const ok = await attempts.check({ email: `2fa:${user.userId}`, ip: ip ?? 'unknown' }, async () => {
      if (kind === 'recovery') return repo.useRecoveryCode(db, user.userId, hashCode(code));
      const step = await this.matchingStep(totp.secretSealed, code);
      return step !== null && repo.takeStep(db, user.userId, step, enrol);
    });
    if (!ok) throw new AppError('second_factor_invalid', { code: 'invalid' });
    return kind;
  }

  async disable(principal: Principal, code: string, ip: string | null): Promise<SecondFactorStatus> {
    const { db } = this.deps;
    // In a company that requires a second factor the app may go only if passkeys remain.
    if ((await repo.companyRequiresSecondFactor(db, principal.companyId)) && (await this.deps.passkeys.count(principal.userId)) === 0) {
      throw new AppError('second_factor_required_by_company');
    }
    await this.proveSecondFactor(principal, code, ip);
    await db.transaction(async (tx) => {
      await repo.deleteFactors(tx, principal.userId);
      await insertAudit(tx, { ...auditActor(principal), action: 'second_factor_disable' });
      await announceUserChange(tx, principal.userId);
    });
    return this.status(principal);
  }

  async renewRecoveryCodes(principal: Principal, code: string, ip: string | null): Promise<RecoveryCodesResult> {
    const { db } = this.deps;
    await this.proveSecondFactor(principal, code, ip);
    return db.transaction(async (tx) => {
      const codes = await issueRecoveryCodes(tx, principal);
      await insertAudit(tx, { ...auditActor(principal), action: 'recovery_codes_renew' });
      return codes;
    });
  }

  /** Root takes a user's factors away (a lost phone): audited in both companies. */
  async reset(root: Principal, userId: number, ip: string | null): Promise<void> {
    const target = await repo.findSignInUser(this.deps.db, userId);
    if (!target) throw new AppError('not_found');
    await this.deps.db.transaction(async (tx) => {
      const hadApp = await repo.deleteFactors(tx, target.userId);
      const hadPasskeys = (await this.deps.passkeys.removeAll(tx, target.userId)) > 0;
      if (!hadApp && !hadPasskeys) throw new AppError('second_factor_not_enrolled');
      const details = { target_id: target.userId, target_email: target.email };
      await insertAudit(tx, { ...auditActor(root), action: 'second_factor_reset', details, ip });
      await insertAudit(tx, { companyId: target.companyId, userId: target.userId, impersonatorId: root.userId, action: 'second_factor_reset', details, ip });
      await announceUserChange(tx, target.userId);
    });
  }

  /**
   * After a right password: null when the user signs in with it alone; otherwise the challenge the
   * sign-in waits on — for the app's code, or (`enrol`) for enrolling one, when the company requires
   * a second factor of a user who has none.
   */
  async challengeFor(user: repo.UserRef): Promise<SecondFactorChallenge['second_factor'] | null> {
    const { db } = this.deps;
    const { totp, passkey } = await this.factorsOf(user.userId);
    const enrolled = totp || passkey;
    if (!enrolled && !(await repo.companyRequiresSecondFactor(db, user.companyId))) return null;
    const challenge = newOpaqueToken();
    const expires = Math.floor(Date.now() / 1000) + SECOND_FACTOR_CHALLENGE_SECONDS;
    await repo.insertChallenge(db, user, hashOpaqueToken(challenge), new Date(expires * 1000));
    return { challenge, expires, enrol: !enrolled, totp, passkey };
  }

  /** The user a live challenge waits for (a signed-in account still active), or 401. */
  async challengedUser(challenge: string): Promise<repo.SignInUser> {
    const row = await repo.findChallenge(this.deps.db, hashOpaqueToken(challenge));
    const user = row ? await repo.findSignInUser(this.deps.db, row.userId) : undefined;
    if (!user?.active) throw new AppError('second_factor_challenge_invalid');
    return user;
  }

  /** The app to enrol at sign-in (a company that requires a second factor, a user without one). */
  async startEnrolAtSignIn(challenge: string): Promise<TotpStartResult> {
    const user = await this.challengedUser(challenge);
    if ((await this.factorsOf(user.userId)).passkey) throw new AppError('second_factor_enabled');
    return this.startTotp(user);
  }

  /**
   * Answers a challenge with a code (or, for an enrolment, the new app's first code): the session
   * opens once, the challenge ends with it, and the sign-in is audited with how it was made.
   */
  async completeSignIn(auth: SessionOpener, challenge: string, code: string, client: ClientInfo): Promise<LoginWithFactor> {
    const user = await this.challengedUser(challenge);
    const { totp, passkey } = await this.factorsOf(user.userId);
    // No factor yet: this code is the first of the app being enrolled (a company that requires one).
    const enrol = !totp && !passkey;
    const kind = await this.proveSecondFactor(user, code, client.ip, { enrol });
    return this.openAfterSecondFactor(auth, user, challenge, kind, client, enrol);
  }

  /** A passkey to answer the challenge with: the browser's options for the user's own passkeys. */
  async startPasskeyAnswer(challenge: string): Promise<PasskeyOptions> {
    return this.deps.passkeys.startSecondFactor(await this.challengedUser(challenge));
  }

  /** Answers a challenge with one of the user's passkeys; the session opens once, as by a code. */
  async completeSignInWithPasskey(auth: SessionOpener, challenge: string, response: PasskeyAssertion, client: ClientInfo): Promise<LoginWithFactor> {
    const user = await this.challengedUser(challenge);
    await this.deps.passkeys.verifySecondFactor(user, response);
    return this.openAfterSecondFactor(auth, user, challenge, 'passkey', client, false);
  }

  /** A passkey instead of the app, for a sign-in that must enrol a second factor first. */
  async startPasskeyEnrol(challenge: string): Promise<PasskeyOptions> {
    const user = await this.challengedUser(challenge);
    await this.mustEnrol(user.userId);
    return this.deps.passkeys.startEnrolment(user);
  }

  /** The new passkey kept (its ceremony answers once), then the session opens as after any factor. */
  async completeEnrolWithPasskey(auth: SessionOpener, challenge: string, body: PasskeyRegisterFinish, client: ClientInfo): Promise<LoginWithFactor> {
    const user = await this.challengedUser(challenge);
    await this.mustEnrol(user.userId);
    await this.deps.passkeys.finishEnrolment(user, body, client.ip);
    return this.openAfterSecondFactor(auth, user, challenge, 'passkey', client, false);
  }

  private async mustEnrol(userId: number): Promise<void> {
    const { totp, passkey } = await this.factorsOf(userId);
    if (totp || passkey) throw new AppError('second_factor_enabled');
  }

  /** The challenge ends (once: a parallel answer gets 401), the session opens, the sign-in is audited. */
  private openAfterSecondFactor(
    auth: SessionOpener,
    user: repo.SignInUser,
    challenge: string,
    kind: 'totp' | 'recovery' | 'passkey',
    client: ClientInfo,
    enrolled: boolean,
  ): Promise<LoginWithFactor> {
    return this.deps.db.transaction(async (tx) => {
      if (!(await repo.deleteChallenge(tx, hashOpaqueToken(challenge)))) throw new AppError('second_factor_challenge_invalid');
      const codes = enrolled ? await this.enabled(tx, user) : null;
      const pair = await auth.startSession({ userId: user.userId, companyId: user.companyId, role: user.role, impersonatorId: null }, client, tx);
      await insertAudit(tx, { companyId: user.companyId, userId: user.userId, action: 'login', details: { second_factor: kind }, ip: client.ip, userAgent: client.userAgent });
      return { ...pair, id: user.userId, ...(codes ? { recovery_codes: codes.codes } : {}) };
    });
  }

  private async factorsOf(userId: number): Promise<{ totp: boolean; passkey: boolean }> {
    const [totp, passkeys] = await Promise.all([repo.findTotp(this.deps.db, userId), this.deps.passkeys.count(userId)]);
    return { totp: Boolean(totp?.confirmedAt), passkey: passkeys > 0 };
  }

  /** The time step a code belongs to (the current one, or one either side), or null. */
  private async matchingStep(secretSealed: string, code: string): Promise<number | null> {
    const result = await verify({ secret: this.deps.sealer.open(secretSealed), token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS });
    return result.valid && 'epoch' in result ? Math.floor(result.epoch / PERIOD_SECONDS) : null;
  }
}
