import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/* Accounts and access (issue 4): API tokens, notification methods and their deliveries, phone confirmation. */


/** The spec's "access tokens": Bearer secrets of a company, stored as SHA-256 only. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The first characters of the secret, so a user can tell tokens apart after it was shown once. */
    prefix: text('prefix').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Where the token was last used from (the company's audit log and tokens panel show it). */
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), uniqueIndex('api_tokens_hash_uq').on(t.tokenHash)],
);

/** Where a company's notifications go: type 0 e-mail, 1 webhook, 2 WhatsApp, 3 Telegram (spec §3). */
export const notifyMethods = pgTable(
  'notify_methods',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    type: smallint('type').notNull(),
    destination: text('destination').notNull(),
    flagSim: boolean('flag_sim').notNull().default(true),
    flagBilling: boolean('flag_billing').notNull().default(true),
    flagNotify: boolean('flag_notify').notNull().default(true),
    /** Webhook signing key (HMAC-SHA256); shown to the admin so a receiver can verify. */
    secret: text('secret'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

/** One row per (notification event, method) delivery; attempts and the last error make the delivery log. */
export const notifyDeliveries = pgTable(
  'notify_deliveries',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    methodId: bigint('method_id', { mode: 'number' }).notNull(),
    /** The event's first notification row (what the log links to); null for a test-send. */
    notificationId: bigint('notification_id', { mode: 'number' }),
    /** notifications.event_key: a method hears of an event once however many users were told. Null for a test-send. */
    eventKey: uuid('event_key'),
    /** pending | sent | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    payload: jsonb('payload').notNull().default({}),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('notify_deliveries_method_idx').on(t.companyId, t.methodId, t.id),
    uniqueIndex('notify_deliveries_event_uq').on(t.companyId, t.eventKey, t.methodId),
  ],
);

/** A registration's phone check: a call whose caller number ends with the code (spec §4). */
export const phoneConfirmations = pgTable(
  'phone_confirmations',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    phone: text('phone').notNull(),
    /** outgoing: we call the user; incoming: the user calls us. */
    direction: text('direction').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

/** The telephony simulator's call log: what a real operator would ring, with the digits it shows. */
export const telephonySimulatorCalls = pgTable('telephony_simulator_calls', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  phone: text('phone').notNull(),
  direction: text('direction').notNull(),
  /** The number shown to (outgoing) or dialled by (incoming) the user; its last 4 digits are the code. */
  number: text('number').notNull(),
  createdAt: createdAt(),
});

/**
 * Failed password checks per key (`account:<e-mail>` or `ip:<address>`) in fixed windows. Kept in the
 * database so every API process counts against the same limit; old windows are pruned by the worker.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('auth_attempts_window_idx').on(t.windowStart)],
);

/**
 * A registration asked for on the Welcome step, waiting for its e-mail link to be opened: only then
 * are the company and its admin created, so an address proves it is reachable before it is used.
 */
export const registrationRequests = pgTable(
  'registration_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    lang: text('lang').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The agent's referral code the sign-up came with (/register?ref=CODE); resolved when confirmed. */
    referralCode: text('referral_code'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('registration_requests_token_hash_uq').on(t.tokenHash)],
);

/**
 * A user's authenticator app (TOTP, issue 22.4): the secret sealed at rest, confirmed once a first
 * code matched; the last time step a code was taken at, so no code counts twice.
 */
export const userTotp = pgTable(
  'user_totp',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    secretSealed: text('secret_sealed').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastStep: bigint('last_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);

/** One-time recovery codes of a user with TOTP: only their SHA-256 is kept; a used one stays, marked. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('user_recovery_codes_user_idx').on(t.companyId, t.userId)],
);

/**
 * A user's passkeys (WebAuthn credentials, issue 22.4): the credential's id and public key (base64url)
 * and its signature counter, which a cloned authenticator would fail to advance.
 */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach it (comma-separated WebAuthn transports). */
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('user_passkeys_credential_idx').on(t.credentialId),
    index('user_passkeys_user_idx').on(t.companyId, t.userId),
  ],
);

/**
 * A passkey ceremony waiting for the browser's answer: its challenge, what it is for, and whose it
 * is (none for a sign-in without a password). Single use, minutes long.
 */
export const passkeyChallenges = pgTable('passkey_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose').notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  companyId: bigint('company_id', { mode: 'number' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** A sign-in that passed its password and waits for the second factor: single use, minutes long. */
export const secondFactorChallenges = pgTable('second_factor_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * A company's single sign-on (OpenID Connect, issue 22.5): its provider, the client secret sealed at
 * rest, and the role a user it signs in for the first time is given.
 */
export const companySso = pgTable('company_sso', {
  companyId: bigint('company_id', { mode: 'number' }).primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  defaultRole: text('default_role').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The e-mail domains a company's provider vouches for: a domain signs in to one company only. */
export const companySsoDomains = pgTable(
  'company_sso_domains',
  {
    domain: text('domain').primaryKey(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
  },
  (t) => [index('company_sso_domains_company_idx').on(t.companyId)],
);

/**
 * A sign-in sent to a company's provider and not yet back: its state (only the hash is kept), nonce
 * and PKCE verifier. Single use, minutes long.
 */
export const ssoSignIns = pgTable('sso_sign_ins', {
  stateHash: text('state_hash').primaryKey(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
