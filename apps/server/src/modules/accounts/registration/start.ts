import type { LoginResult } from '@cab/contract/auth';
import type { Lang } from '@cab/contract/constants';
import { REGISTRATION_LINK_TTL_SECONDS, type RegisterStartRequest } from '@cab/contract/registration';
import { hashPassword } from '../../../auth/passwords.js';
import { hashOpaqueToken, newOpaqueToken } from '../../../auth/tokens.js';
import { AppError } from '../../../http/errors.js';
import { REGISTRATION_EXISTS_MAIL, REGISTRATION_LINK_MAIL } from '../../../http/mail-messages.js';
import { fillTemplate } from '../../../http/messages.js';
import { insertAudit } from '../../platform/audit/index.js';
import { findAgentByCode, setCompanyAgent } from '../../commerce/agents/index.js';
import type { ClientInfo } from '../auth/index.js';
import * as repo from './repository.js';
import { isUniqueViolation, type RegistrationDeps } from './service.js';

/**
 * Welcome step. The answer and the work awaited are the same whether or not the e-mail is registered
 * — one lookup and one password hash — so neither tells anyone which addresses have accounts. Then,
 * after the answer (the route runs the work this answers): a new address gets a link that opens the registration; a registered one gets a
 * notice to its owner ("if it was you, sign in or reset your password").
 */
export async function startRegistration(
  deps: RegistrationDeps,
  body: RegisterStartRequest,
  lang: Lang,
): Promise<() => Promise<void>> {
  const owner = await repo.registeredEmail(deps.db, body.email);
  const passwordHash = await hashPassword(body.password);
  // The route runs this after its answer has gone out.
  return owner ? () => mailOwner(deps, owner, lang) : () => mailLink(deps, { email: body.email, passwordHash, lang, referralCode: body.ref?.toUpperCase() ?? null });
}

async function mailLink(
  deps: RegistrationDeps,
  request: { email: string; passwordHash: string; lang: Lang; referralCode: string | null },
): Promise<void> {
  const token = newOpaqueToken();
  await repo.insertRegistrationRequest(deps.db, {
    ...request,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(Date.now() + REGISTRATION_LINK_TTL_SECONDS * 1000),
  });
  const link = `${deps.publicUrl}/register?token=${encodeURIComponent(token)}`;
  const mail = REGISTRATION_LINK_MAIL;
  await deps.mailer.send({ to: request.email, subject: mail.subject[request.lang], text: fillTemplate(mail.text[request.lang], { link }) });
}

async function mailOwner(deps: RegistrationDeps, email: string, lang: Lang): Promise<void> {
  const mail = REGISTRATION_EXISTS_MAIL;
  const text = fillTemplate(mail.text[lang], { login: `${deps.publicUrl}/login`, forgot: `${deps.publicUrl}/forgot` });
  await deps.mailer.send({ to: email, subject: mail.subject[lang], text });
}

/**
 * The mailed link: creates the company with an unfinished registration and its admin, and opens a
 * session (like a login). Only the mailbox's owner gets here, so an address registered meanwhile
 * may be named (409 email_taken).
 */
export async function confirmRegistration(deps: RegistrationDeps, token: string, client: ClientInfo): Promise<LoginResult> {
  try {
    // Company, admin, audit row and session commit together.
    return await deps.db.transaction(async (tx) => {
      const request = await repo.consumeRegistrationRequest(tx, hashOpaqueToken(token));
      if (!request) throw new AppError('reset_link_invalid');
      const ids = await repo.insertUnfinishedCompany(tx, request);
      // The agent whose link the sign-up came through refers the new company (an unknown code: nobody).
      const agent = request.referralCode ? await findAgentByCode(tx, request.referralCode) : undefined;
      if (agent !== undefined) await setCompanyAgent(tx, ids.companyId, agent);
      await insertAudit(tx, {
        companyId: ids.companyId,
        userId: ids.userId,
        action: 'registration_start',
        ip: client.ip,
        ...(agent !== undefined ? { details: { agent_company_id: agent } } : {}),
      });
      const pair = await deps.auth.startSession({ userId: ids.userId, companyId: ids.companyId, role: 'admin', impersonatorId: null }, client, tx);
      return { ...pair, id: ids.userId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('email_taken', { email: 'invalid' });
    throw error;
  }
}
