import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_TTL_SECONDS } from '@cab/contract/constants';
import type { LoginAnswer, LoginResult, TokenPair } from '@cab/contract/auth';
import type { SecondFactorChallenge } from '@cab/contract/two-factor';
import type { Db, Executor } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { PasswordAttempts } from '../../../auth/password-attempts.js';
import { UNUSABLE_PASSWORD_HASH, verifyPassword } from '../../../auth/passwords.js';
import { hashOpaqueToken, newOpaqueToken, type AccessTokens } from '../../../auth/tokens.js';
import { findSessionPrincipal } from '../../../auth/session-repository.js';
import { insertAudit } from '../../platform/audit/index.js';
import * as repo from './repository.js';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** Whether a sign-in whose password was right still waits for a second factor (accounts/two-factor). */
export interface SecondFactorGate {
  challengeFor(user: { userId: number; companyId: number }): Promise<SecondFactorChallenge['second_factor'] | null>;
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
    private readonly attempts: PasswordAttempts,
    private secondFactor: SecondFactorGate | null = null,
  ) {}

  /** Wired after construction: the two-factor service opens its sessions through this one. */
  useSecondFactor(gate: SecondFactorGate): void {
    this.secondFactor = gate;
  }

  async login(email: string, password: string, client: ClientInfo): Promise<LoginAnswer> {
    const user = await repo.findUserForLogin(this.db, email);
    // Counted per typed e-mail, known or not, so a locked account and an unknown one look alike.
    const passwordOk = await this.attempts.check({ email, ip: client.ip ?? 'unknown' }, () =>
      verifyPassword(password, user?.passwordHash ?? UNUSABLE_PASSWORD_HASH),
    );
    if (!user) throw new AppError('invalid_credentials');
    if (!passwordOk || !user.active) {
      // The company's log shows who tried its accounts. Bounded: past the attempts limit the check
      // above refuses before a row is written; an e-mail nobody has is no company's to show.
      await insertAudit(this.db, {
        companyId: user.companyId,
        userId: user.id,
        action: 'login_failed',
        details: { reason: passwordOk ? 'inactive' : 'password' },
        ip: client.ip,
        userAgent: client.userAgent,
      });
      throw new AppError('invalid_credentials');
    }
    return this.openVerifiedSignIn({ userId: user.id, companyId: user.companyId, role: user.role }, client, 'password');
  }

  /**
   * A sign-in whose first factor passed (the password, or the company's provider for single sign-on):
   * the second factor's challenge when one is due, else the session, written with its audit row.
   */
  async openVerifiedSignIn(
    user: { userId: number; companyId: number; role: string },
    client: ClientInfo,
    method: 'password' | 'sso',
  ): Promise<LoginAnswer> {
    const pending = await this.secondFactor?.challengeFor({ userId: user.userId, companyId: user.companyId });
    if (pending) return { second_factor: pending };
    return this.openSession(user, client, method === 'sso' ? { method } : undefined);
  }

  /** A sign-in's session, written with its audit row (a passkey's sign-in opens one directly). */
  async openSession(user: { userId: number; companyId: number; role: string }, client: ClientInfo, details?: Record<string, unknown>): Promise<LoginResult> {
    const pair = await this.db.transaction(async (tx) => {
      const opened = await this.startSession({ ...user, impersonatorId: null }, client, tx);
      await insertAudit(tx, { companyId: user.companyId, userId: user.userId, action: 'login', details, ip: client.ip, userAgent: client.userAgent });
      return opened;
    });
    return { ...pair, id: user.userId };
  }

  /** Opens a new session (refresh-token family) for a user; also used by impersonation. */
  async startSession(
    subject: { userId: number; companyId: number; role: string; impersonatorId: number | null },
    client: ClientInfo,
    executor: Executor = this.db,
  ): Promise<TokenPair> {
    const familyId = randomUUID();
    const refreshToken = newOpaqueToken();
    await repo.insertRefreshToken(executor, {
      companyId: subject.companyId,
      userId: subject.userId,
      familyId,
      tokenHash: hashOpaqueToken(refreshToken),
      impersonatorId: subject.impersonatorId,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      ip: client.ip?.slice(0, 100) ?? null,
    });
    const token = await this.tokens.sign({ ...subject, sessionId: familyId });
    return { token, refresh_token: refreshToken };
  }

  /**
   * Rotates a refresh token. A token presented twice means it leaked (or a client raced itself):
   * the whole family is revoked, so whoever holds the newer token is signed out too.
   */
  async refresh(refreshToken: string, client: ClientInfo): Promise<TokenPair> {
    const row = await repo.findRefreshToken(this.db, hashOpaqueToken(refreshToken));
    if (!row || row.revokedAt) throw new AppError('refresh_invalid');
    if (row.usedAt) {
      await this.db.transaction(async (tx) => {
        await repo.revokeFamily(tx, row.familyId);
        await insertAudit(tx, { companyId: row.companyId, userId: row.userId, action: 'refresh_reuse_detected', ip: client.ip });
      });
      throw new AppError('refresh_invalid');
    }
    if (row.expiresAt.getTime() <= Date.now()) throw new AppError('refresh_invalid');

    const principal = await findSessionPrincipal(this.db, row.userId, row.familyId);
    if (!principal?.active) {
      await repo.revokeFamily(this.db, row.familyId);
      throw new AppError('refresh_invalid');
    }

    const next = newOpaqueToken();
    const rotated = await this.db.transaction(async (tx) => {
      if (!(await repo.markRefreshTokenUsed(tx, row.id))) return false;
      await repo.insertRefreshToken(tx, {
        companyId: row.companyId,
        userId: row.userId,
        familyId: row.familyId,
        tokenHash: hashOpaqueToken(next),
        impersonatorId: row.impersonatorId,
        expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
        userAgent: client.userAgent?.slice(0, 500) ?? null,
        ip: client.ip?.slice(0, 100) ?? null,
      });
      return true;
    });
    if (!rotated) {
      // Lost a race with another refresh of the same token: that is reuse too.
      await repo.revokeFamily(this.db, row.familyId);
      throw new AppError('refresh_invalid');
    }
    const token = await this.tokens.sign({
      userId: principal.userId,
      companyId: principal.companyId,
      role: principal.role,
      sessionId: row.familyId,
      impersonatorId: row.impersonatorId,
    });
    return { token, refresh_token: next };
  }

  async logout(
    sessionId: string,
    audit: { companyId: number; userId: number; impersonatorId: number | null; ip: string | null },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.revokeFamily(tx, sessionId);
      await insertAudit(tx, { ...audit, action: 'logout' });
    });
  }
}
