import { LANGS } from '@cab/contract/constants';
import { RESET_TOKEN_TTL_SECONDS, type ForgotRequest, type ForgotResetRequest } from '@cab/contract/forgot';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../../auth/passwords.js';
import { hashOpaqueToken, newOpaqueToken } from '../../../auth/tokens.js';
import type { Db } from '../../../db/client.js';
import type { Mailer } from '../../../delivery/mail.js';
import { AppError } from '../../../http/errors.js';
import { RESET_MAIL } from '../../../http/mail-messages.js';
import { fillTemplate } from '../../../http/messages.js';
import type { EventBus } from '../../../realtime/bus.js';
import { insertAudit } from '../../platform/audit/index.js';
import * as repo from './repository.js';
import { revokeAllFamilies } from '../auth/index.js';

export interface ForgotDeps {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export interface ForgotClient {
  /** Scheme and host the link points to, e.g. https://cabinet.example.com. */
  origin: string;
  ip: string;
}

/**
 * Answers the same whether or not the e-mail is known, in the same time: the request awaits one
 * lookup either way and answers the work that follows (storing the link, the audit row, the mail),
 * which the route runs after its answer, so neither its latency nor a failure in it tells an
 * existing address from an unknown one.
 */
export async function requestReset(
  deps: ForgotDeps,
  request: ForgotRequest,
  client: ForgotClient,
): Promise<(() => Promise<void>) | undefined> {
  const user = await repo.findActiveUserByEmail(deps.db, request.email);
  return user ? () => issueReset(deps, user, client) : undefined;
}

/** A new link retires the user's older ones: only the latest mail works. */
async function issueReset(deps: ForgotDeps, user: repo.ResetUserRow, client: ForgotClient): Promise<void> {
  const token = newOpaqueToken();
  await deps.db.transaction(async (tx) => {
    await repo.retireResets(tx, user.companyId, user.id);
    await repo.insertReset(tx, {
      companyId: user.companyId,
      userId: user.id,
      tokenHash: hashOpaqueToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_SECONDS * 1000),
    });
    await insertAudit(tx, { companyId: user.companyId, userId: user.id, action: 'password_reset_request', ip: client.ip });
  });
  const lang = LANGS.find((l) => l === user.lang) ?? 'ru';
  const link = `${client.origin}/forgot?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({ to: user.email, subject: RESET_MAIL.subject[lang], text: fillTemplate(RESET_MAIL.text[lang], { link }) });
}

/**
 * Sets a new password with a single-use, unexpired token (retiring the user's other links) and signs the user out everywhere, since
 * whoever knew the old password may hold a session.
 */
export async function resetPassword(deps: ForgotDeps, request: ForgotResetRequest, client: ForgotClient): Promise<void> {
  const passwordHash = await hashPassword(request.password);
  const done = await deps.db.transaction(async (tx) => {
    const reset = await repo.consumeReset(tx, hashOpaqueToken(request.token));
    if (!reset) return undefined;
    // Any other link mailed before this one dies with it: the password it would reset is new now.
    await repo.retireResets(tx, reset.companyId, reset.userId);
    if (!(await repo.updatePasswordHash(tx, reset.userId, passwordHash))) return undefined;
    const revoked = await revokeAllFamilies(tx, reset.userId);
    await insertAudit(tx, {
      companyId: reset.companyId,
      userId: reset.userId,
      action: 'password_reset',
      details: { revoked_sessions: revoked.length },
      ip: client.ip,
    });
    return revoked;
  });
  if (!done) throw new AppError('reset_link_invalid');
  for (const sessionId of done) await deps.bus.revokeSession(sessionId);
}
