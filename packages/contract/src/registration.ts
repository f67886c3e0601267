import { z } from 'zod';
import { LoginResult, SessionCheckResult } from './auth.js';
import { Email, EmptyBody } from './common.js';
import { action, read } from './endpoint.js';
import { PASSWORD_MIN_LENGTH } from './profile.js';

/*
 * The registration wizard (spec §2–§4): Welcome (e-mail and password start a session for an unfinished
 * company), Jurisdiction, Company Type, Company, Administrator, Phone, Finish. Field names follow the
 * spec's registration fields: country, company_type, unique_id, client_name, firstName, lastName, phone.
 */

/** The wizard's steps in order; the URL's `step` query is this list's 1-based position. */
export const REGISTER_STEPS = ['welcome', 'jurisdiction', 'companyType', 'company', 'administrator', 'phone', 'finish'] as const;
export type RegisterStep = (typeof REGISTER_STEPS)[number];

export const COMPANY_TYPES = ['legal_entity', 'entrepreneur', 'government'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const PHONE_CALL_DIRECTIONS = ['outgoing', 'incoming'] as const;
export type PhoneCallDirection = (typeof PHONE_CALL_DIRECTIONS)[number];

/** International format: a plus and 8–15 digits. */
export const PHONE_PATTERN = /^\+[1-9]\d{7,14}$/;
/** A tax number / company registration id: letters, digits and dashes. */
export const UNIQUE_ID_PATTERN = /^[A-Za-z0-9-]{4,20}$/;
export const PHONE_CODE_LENGTH = 4;
/** How long a call's code can be entered, and how many tries it allows. */
export const PHONE_CODE_TTL_SECONDS = 600;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/**
 * Tax numbers one registration may check on the Company step (each new number saved is a check):
 * enough for typos, too few to probe which companies are registered.
 */
export const REGISTRATION_COMPANY_CHECKS_MAX = 10;

export const Country = z.object({ code: z.string(), name_ru: z.string(), name_en: z.string() });
export type Country = z.infer<typeof Country>;
export const CountryListResult = z.object({ items: z.array(Country), total: z.number().int() });
export type CountryListResult = z.infer<typeof CountryListResult>;

/** An agent's referral code as it comes from /register?ref=CODE (letters and digits). */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

export const RegisterStartRequest = z.strictObject({
  email: Email,
  password: z.string().min(PASSWORD_MIN_LENGTH).max(200),
  /** The referral code of the agent whose link opened the registration; an unknown code is ignored. */
  ref: z.string().trim().regex(REFERRAL_CODE_PATTERN).optional(),
});
export type RegisterStartRequest = z.infer<typeof RegisterStartRequest>;

/**
 * Welcome answers {ok:true} whether or not the e-mail is registered (so it tells no one which are):
 * a new address gets a link that opens the registration, a registered one a notice to its owner.
 */
export const REGISTRATION_LINK_TTL_SECONDS = 24 * 3600;
export const RegisterConfirmRequest = z.strictObject({ token: z.string().min(1).max(200) });
export type RegisterConfirmRequest = z.infer<typeof RegisterConfirmRequest>;

export const RegisterJurisdictionRequest = z.strictObject({ country: z.string().regex(/^[A-Z]{2}$/) });
export type RegisterJurisdictionRequest = z.infer<typeof RegisterJurisdictionRequest>;

export const RegisterCompanyTypeRequest = z.strictObject({ company_type: z.enum(COMPANY_TYPES) });
export type RegisterCompanyTypeRequest = z.infer<typeof RegisterCompanyTypeRequest>;

export const RegisterCompanyRequest = z.strictObject({ unique_id: z.string().trim().regex(UNIQUE_ID_PATTERN) });
export type RegisterCompanyRequest = z.infer<typeof RegisterCompanyRequest>;

/** client_name is the company's name as the cabinet shows it; firstName/lastName are the admin's. */
export const RegisterAdministratorRequest = z.strictObject({
  client_name: z.string().trim().min(1).max(200),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
});
export type RegisterAdministratorRequest = z.infer<typeof RegisterAdministratorRequest>;

export const RegisterPhoneCallRequest = z.strictObject({
  phone: z.string().trim().regex(PHONE_PATTERN),
  direction: z.enum(PHONE_CALL_DIRECTIONS),
});
export type RegisterPhoneCallRequest = z.infer<typeof RegisterPhoneCallRequest>;

/** Outgoing: we ring the user from a number ending in the code. Incoming: the user calls `number`. */
export const RegisterPhoneCallResult = z.object({
  direction: z.enum(PHONE_CALL_DIRECTIONS),
  number: z.string().nullable(),
  expires_in: z.number().int(),
});
export type RegisterPhoneCallResult = z.infer<typeof RegisterPhoneCallResult>;

export const RegisterPhoneVerifyRequest = z.strictObject({ code: z.string().regex(/^\d{4}$/) });
export type RegisterPhoneVerifyRequest = z.infer<typeof RegisterPhoneVerifyRequest>;

/** What the wizard has saved so far, so a reload (or a 424 redirect) resumes at the right step. */
export const RegisterStatus = z.object({
  email: z.string(),
  country: z.string().nullable(),
  company_type: z.enum(COMPANY_TYPES).nullable(),
  unique_id: z.string().nullable(),
  client_name: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  phone_confirmed: z.boolean(),
  registration_complete: z.boolean(),
});
export type RegisterStatus = z.infer<typeof RegisterStatus>;

/** The first step whose data is missing (Finish when everything is saved). */
export function firstOpenStep(
  status: Pick<RegisterStatus, 'country' | 'company_type' | 'unique_id' | 'client_name' | 'firstName' | 'lastName' | 'phone_confirmed'>,
): RegisterStep {
  if (!status.country) return 'jurisdiction';
  if (!status.company_type) return 'companyType';
  if (!status.unique_id) return 'company';
  if (!status.client_name || !status.firstName || !status.lastName) return 'administrator';
  if (!status.phone_confirmed) return 'phone';
  return 'finish';
}

/**
 * Registration: /api/register/… is public (a PUBLIC_PATH_PREFIXES entry); /api/registration/… is
 * called with the new company's token, before its registration is finished.
 */
export const REGISTRATION_API = {
  countries: read('/api/register/countries', { body: EmptyBody, result: CountryListResult, access: 'public' }),
  start: action('/api/register/start', { body: RegisterStartRequest, result: SessionCheckResult, access: 'public', writable: false }),
  confirm: action('/api/register/confirm', { body: RegisterConfirmRequest, result: LoginResult, access: 'public', writable: false }),
  status: read('/api/registration/status', { body: EmptyBody, result: RegisterStatus, access: 'userSession' }),
  jurisdiction: action('/api/registration/jurisdiction', {
    body: RegisterJurisdictionRequest,
    result: RegisterStatus,
    access: 'userSession',
    writable: false,
  }),
  companyType: action('/api/registration/company_type', {
    body: RegisterCompanyTypeRequest,
    result: RegisterStatus,
    access: 'userSession',
    writable: false,
  }),
  company: action('/api/registration/company', { body: RegisterCompanyRequest, result: RegisterStatus, access: 'userSession', writable: false }),
  administrator: action('/api/registration/administrator', {
    body: RegisterAdministratorRequest,
    result: RegisterStatus,
    access: 'userSession',
    writable: false,
  }),
  phoneCall: action('/api/registration/phone/call', {
    body: RegisterPhoneCallRequest,
    result: RegisterPhoneCallResult,
    access: 'userSession',
    writable: false,
  }),
  phoneVerify: action('/api/registration/phone/verify', {
    body: RegisterPhoneVerifyRequest,
    result: RegisterStatus,
    access: 'userSession',
    writable: false,
  }),
  finish: action('/api/registration/finish', { body: EmptyBody, result: SessionCheckResult, access: 'userSession', writable: false }),
} as const;
