import type { Lang } from '@cab/contract/constants';
import {
  COMPANY_TYPES,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_TTL_SECONDS,
  REGISTRATION_COMPANY_CHECKS_MAX,
  firstOpenStep,
  type RegisterAdministratorRequest,
  type RegisterPhoneCallRequest,
  type RegisterPhoneCallResult,
  type RegisterStatus,
} from '@cab/contract/registration';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import type { Mailer } from '../../../delivery/mail.js';
import { AppError } from '../../../http/errors.js';
import { REGISTRATION_MAIL } from '../../../http/mail-messages.js';
import { fillTemplate } from '../../../http/messages.js';
import type { TelephonyAdapter } from '../../../telephony/adapter.js';
import { insertAudit } from '../../platform/audit/index.js';
import type { AuthService, ClientInfo } from '../auth/index.js';
import { isKnownCountry } from './countries.js';
import { hashPhoneCode, phoneCodeMatches } from './phone-code.js';
import * as repo from './repository.js';

export interface RegistrationDeps {
  db: Db;
  auth: AuthService;
  telephony: TelephonyAdapter;
  mailer: Mailer;
  /** Origin of the sign-in link in the registration mail. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** A unique index said no: someone registered the same e-mail or tax number a moment earlier. */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (typeof value === 'object' && value !== null && 'code' in value ? value.code : undefined);
  return codeOf(error) === '23505' || (error instanceof Error && codeOf(error.cause) === '23505');
}

async function loadRegistration(db: Db, principal: Principal): Promise<repo.RegistrationRow> {
  const row = await repo.findRegistration(db, principal.companyId, principal.userId);
  if (!row) throw new AppError('not_found');
  return row;
}

function statusOf(row: repo.RegistrationRow): RegisterStatus {
  const adminDone = row.responsible !== null;
  return {
    email: row.email,
    country: row.country,
    company_type: COMPANY_TYPES.find((type) => type === row.companyType) ?? null,
    unique_id: row.taxNumber,
    client_name: adminDone ? row.name : null,
    firstName: adminDone ? row.firstName : null,
    lastName: adminDone ? row.lastName : null,
    phone: row.phone,
    phone_confirmed: row.phone !== null,
    registration_complete: row.registrationComplete,
  };
}

export async function getStatus(db: Db, principal: Principal): Promise<RegisterStatus> {
  return statusOf(await loadRegistration(db, principal));
}

/** Saves one step's company fields; a finished registration is not edited through the wizard. */
async function saveCompanyStep(db: Db, principal: Principal, changes: Parameters<typeof repo.updateUnfinishedCompany>[2]): Promise<RegisterStatus> {
  if (!(await repo.updateUnfinishedCompany(db, principal.companyId, changes))) throw new AppError('registration_already_complete');
  return getStatus(db, principal);
}

export async function saveJurisdiction(db: Db, principal: Principal, country: string): Promise<RegisterStatus> {
  if (!isKnownCountry(country)) throw new AppError('validation_failed', { country: 'invalid' });
  return saveCompanyStep(db, principal, { country });
}

export async function saveCompanyType(db: Db, principal: Principal, companyType: string): Promise<RegisterStatus> {
  return saveCompanyStep(db, principal, { companyType });
}

/**
 * Company step: the tax number must not belong to another company. The registrant is told so (the
 * web's company check dialog) but not which company; each new number counts as a check, and past
 * REGISTRATION_COMPANY_CHECKS_MAX a registration may check no more (429), so the step cannot be used
 * to probe which tax numbers are registered. Saving the number it already holds checks nothing.
 */
export async function saveCompany(db: Db, principal: Principal, uniqueId: string, ip: string): Promise<RegisterStatus> {
  const taxNumber = uniqueId.toUpperCase();
  const row = await loadRegistration(db, principal);
  // A finished company is told only that, never whether a number is taken.
  if (row.registrationComplete) throw new AppError('registration_already_complete');
  if (row.taxNumber !== taxNumber) await checkTaxNumber(db, principal, taxNumber, ip);
  try {
    return await saveCompanyStep(db, principal, { taxNumber });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('company_exists');
    throw error;
  }
}

async function checkTaxNumber(db: Db, principal: Principal, taxNumber: string, ip: string): Promise<void> {
  // Counted before looking, and the count read after its own row: parallel tries cannot pass the cap.
  await insertAudit(db, { companyId: principal.companyId, userId: principal.userId, action: repo.COMPANY_CHECK_ACTION, ip });
  if ((await repo.countCompanyChecks(db, principal.companyId)) > REGISTRATION_COMPANY_CHECKS_MAX) throw new AppError('rate_limited');
  if (await repo.taxNumberTaken(db, taxNumber, principal.companyId)) throw new AppError('company_exists');
}

export async function saveAdministrator(db: Db, principal: Principal, body: RegisterAdministratorRequest): Promise<RegisterStatus> {
  return db.transaction(async (tx) => {
    const responsible = `${body.firstName} ${body.lastName}`;
    if (!(await repo.updateUnfinishedCompany(tx, principal.companyId, { name: body.client_name, responsible }))) {
      throw new AppError('registration_already_complete');
    }
    await repo.updateUser(tx, principal.userId, { firstName: body.firstName, lastName: body.lastName });
    const row = await repo.findRegistration(tx, principal.companyId, principal.userId);
    if (!row) throw new AppError('not_found');
    return statusOf(row);
  });
}

/** Phone step: the provider rings (or awaits a call); only a salted hash of the 4 digits is kept. */
export async function requestPhoneCall(deps: RegistrationDeps, principal: Principal, body: RegisterPhoneCallRequest): Promise<RegisterPhoneCallResult> {
  const row = await loadRegistration(deps.db, principal);
  if (row.registrationComplete) throw new AppError('registration_already_complete');
  const { number } = await deps.telephony.placeConfirmationCall({ phone: body.phone, direction: body.direction });
  await repo.insertPhoneConfirmation(deps.db, {
    companyId: principal.companyId,
    userId: principal.userId,
    phone: body.phone,
    direction: body.direction,
    codeHash: hashPhoneCode(number.slice(-4)),
    expiresAt: new Date(Date.now() + PHONE_CODE_TTL_SECONDS * 1000),
  });
  // Outgoing: the code arrives as the caller's number, so it is not shown here.
  return { direction: body.direction, number: body.direction === 'incoming' ? number : null, expires_in: PHONE_CODE_TTL_SECONDS };
}

/** Wrong, expired, used-up or missing codes all answer the spec's one verification error. */
export async function verifyPhone(db: Db, principal: Principal, code: string): Promise<RegisterStatus> {
  const call = await repo.findLatestConfirmation(db, principal.companyId, principal.userId);
  const fail = () => new AppError('phone_verification_failed', { code: 'invalid' });
  if (!call || call.confirmedAt || call.expiresAt.getTime() <= Date.now()) throw fail();
  const attempts = await repo.countAttempt(db, principal.companyId, call.id);
  if (attempts > PHONE_CODE_MAX_ATTEMPTS || !phoneCodeMatches(code, call.codeHash)) throw fail();
  await db.transaction(async (tx) => {
    await repo.markConfirmed(tx, principal.companyId, call.id);
    await repo.updateUser(tx, principal.userId, { phone: call.phone });
  });
  return getStatus(db, principal);
}

/** Finish: every step saved → the company is complete and the registration mail leaves in the background. */
export async function finishRegistration(deps: RegistrationDeps, principal: Principal, client: ClientInfo): Promise<void> {
  const row = await loadRegistration(deps.db, principal);
  if (row.registrationComplete) throw new AppError('registration_already_complete');
  if (firstOpenStep(statusOf(row)) !== 'finish') throw new AppError('registration_steps_missing');
  await deps.db.transaction(async (tx) => {
    if (!(await repo.updateUnfinishedCompany(tx, principal.companyId, { registrationComplete: true }))) {
      throw new AppError('registration_already_complete');
    }
    await insertAudit(tx, { companyId: principal.companyId, userId: principal.userId, action: 'registration_finish', ip: client.ip });
  });
  const lang: Lang = row.lang === 'en' ? 'en' : 'ru';
  const text = fillTemplate(REGISTRATION_MAIL.text[lang], {
    name: row.firstName,
    company: row.name,
    email: row.email,
    link: `${deps.publicUrl}/login`,
  });
  deps.mailer.send({ to: row.email, subject: REGISTRATION_MAIL.subject[lang], text }).catch((error: unknown) => {
    deps.log.error({ err: error, to: row.email }, 'registration mail failed');
  });
}
