import { Email } from '@cab/contract/common';
import type { LoginAnswer } from '@cab/contract/auth';
import type { Lang } from '@cab/contract/constants';
import { COMPANY_USER_ROLES, type CompanyUserRole } from '@cab/contract/company-users';
import type { SsoFinishRequest, SsoSettings, SsoSettingsSave } from '@cab/contract/sso';
import * as oidc from 'openid-client';
import type { Principal } from '../../../auth/principal.js';
import { UNUSABLE_PASSWORD_HASH } from '../../../auth/passwords.js';
import type { Sealer } from '../../../auth/sealing.js';
import { hashOpaqueToken } from '../../../auth/tokens.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { insertCompanyUser } from '../companies/index.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import { ProviderUnreachable, type OidcProviders } from './provider.js';
import * as repo from './repository.js';

/** A sign-in sent to the provider may take this long to come back. */
const SIGN_IN_TTL_SECONDS = 600;
const SCOPE = 'openid email profile';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** What opens the session once the provider vouched for the user (accounts/auth's AuthService). */
export interface VerifiedSignIn {
  openVerifiedSignIn(
    user: { userId: number; companyId: number; role: string },
    client: ClientInfo,
    method: 'sso',
  ): Promise<LoginAnswer>;
}

export interface SsoDeps {
  db: Db;
  sealer: Sealer;
  providers: OidcProviders;
  auth: VerifiedSignIn;
  /** The SPA's /login/sso page on the cabinet's public address. */
  redirectUri: string;
  warn: (message: string) => void;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
const isCompanyRole = (role: string): role is CompanyUserRole => COMPANY_USER_ROLES.some((each) => each === role);

/** An existing account signs in only to its own company, and only while active. */
function signInAs(sso: repo.SsoRow, user: NonNullable<Awaited<ReturnType<typeof repo.findUserByEmail>>>) {
  if (user.companyId !== sso.companyId) throw new AppError('sso_account_elsewhere');
  if (!user.active || user.deletedAt) throw new AppError('sso_account_disabled');
  return { userId: user.id, companyId: user.companyId, role: user.role };
}

/** A user's name as the provider gives it, split as the cabinet keeps it. */
function namesOf(claims: Record<string, unknown>, email: string): { firstName: string; lastName: string } {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 100) : '');
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  if (given || family) return { firstName: given, lastName: family };
  const [first = '', ...rest] = text(claims.name).split(/\s+/);
  return { firstName: first || email.slice(0, email.indexOf('@')).slice(0, 100), lastName: rest.join(' ') };
}

export class SsoService {
  constructor(private readonly deps: SsoDeps) {}

  async settings(principal: Principal): Promise<SsoSettings> {
    const { db, redirectUri } = this.deps;
    const [row, domains] = await Promise.all([
      repo.findSettings(db, principal.companyId),
      repo.findDomains(db, principal.companyId),
    ]);
    return {
      configured: Boolean(row),
      enabled: row?.enabled ?? false,
      issuer: row?.issuer ?? '',
      client_id: row?.clientId ?? '',
      has_secret: Boolean(row),
      domains,
      role: row && isCompanyRole(row.defaultRole) ? row.defaultRole : 'viewer',
      redirect_uri: redirectUri,
    };
  }

  /** Saves the company's provider; a turned-on one must answer its discovery document first. */
  async save(principal: Principal, request: SsoSettingsSave, ip: string | null): Promise<SsoSettings> {
    const { db, sealer, providers } = this.deps;
    const companyId = principal.companyId;
    const before = await repo.findSettings(db, companyId);
    const secret = request.client_secret ?? (before ? sealer.open(before.clientSecretSealed) : null);
    if (secret === null) throw new AppError('validation_failed', { client_secret: 'required' });
    const issuer = request.issuer.replace(/\/+$/, '');
    if (request.enabled) {
      try {
        await providers.configuration({ issuer, clientId: request.client_id, clientSecret: secret });
      } catch (error) {
        if (error instanceof ProviderUnreachable) throw new AppError('sso_issuer_unreachable', { issuer: 'invalid' });
        throw error;
      }
    }
    const domains = [...new Set(request.domains)];
    await db.transaction(async (tx) => {
      await repo.upsertSettings(tx, {
        companyId,
        enabled: request.enabled,
        issuer,
        clientId: request.client_id,
        clientSecretSealed: sealer.seal(secret),
        defaultRole: request.role,
      });
      const taken = await repo.replaceDomains(tx, companyId, domains);
      if (taken) throw new AppError('sso_domain_taken', { domains: 'invalid' }, { domain: taken });
      await insertAudit(tx, {
        ...auditActor(principal),
        action: 'sso_settings_change',
        details: {
          enabled: request.enabled,
          issuer,
          client_id: request.client_id,
          domains,
          role: request.role,
          secret_changed: request.client_secret !== undefined,
        },
        ip,
      });
    });
    return this.settings(principal);
  }

  async remove(principal: Principal, ip: string | null): Promise<SsoSettings> {
    await this.deps.db.transaction(async (tx) => {
      if (await repo.deleteSettings(tx, principal.companyId))
        await insertAudit(tx, { ...auditActor(principal), action: 'sso_settings_delete', ip });
    });
    return this.settings(principal);
  }

  /**
   * Sends a sign-in to the provider of the company the e-mail's domain belongs to: the state (kept
   * hashed), nonce and PKCE verifier wait in the database for the way back, in whichever process.
   */
  async start(email: string): Promise<{ url: string }> {
    const { db, redirectUri } = this.deps;
    const sso = await repo.findEnabledByDomain(db, domainOf(email));
    if (!sso) throw new AppError('sso_not_available');
    const config = await this.configurationOf(sso);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await repo.insertSignIn(db, {
      stateHash: hashOpaqueToken(state),
      companyId: sso.companyId,
      nonce,
      codeVerifier,
      expiresAt: new Date(Date.now() + SIGN_IN_TTL_SECONDS * 1000),
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      login_hint: email,
    });
    return { url: url.href };
  }

  /**
   * The way back: the state is taken once, the code exchanged at the provider (PKCE, nonce, issuer
   * checked by openid-client), the e-mail's domain checked against the company's, and the user found
   * or created with the configured role. The cabinet's own second factor is still asked when due.
   */
  async finish(request: SsoFinishRequest, client: ClientInfo, lang: Lang): Promise<LoginAnswer> {
    const { db, redirectUri } = this.deps;
    const waiting = await repo.takeSignIn(db, hashOpaqueToken(request.state));
    if (!waiting) throw new AppError('sso_state_invalid');
    const sso = await repo.findSettings(db, waiting.companyId);
    if (!sso?.enabled) throw new AppError('sso_not_available');
    const config = await this.configurationOf(sso);

    const back = new URL(redirectUri);
    back.searchParams.set('code', request.code);
    back.searchParams.set('state', request.state);
    if (request.iss !== undefined) back.searchParams.set('iss', request.iss);
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, back, {
        pkceCodeVerifier: waiting.codeVerifier,
        expectedState: request.state,
        expectedNonce: waiting.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      // Providers that follow the standard closely put the e-mail in userinfo, not the ID token.
      claims =
        typeof idClaims.email === 'string'
          ? idClaims
          : { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
    } catch (error) {
      this.deps.warn(
        `single sign-on of company ${sso.companyId} refused: ${error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : 'unknown'}`,
      );
      throw new AppError('sso_failed');
    }

    const email = Email.safeParse(typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined);
    if (!email.success || claims.email_verified === false) throw new AppError('sso_email_unverified');
    const audit = { companyId: sso.companyId, ip: client.ip, userAgent: client.userAgent };
    const domain = domainOf(email.data);
    if (!(await repo.findDomains(db, sso.companyId)).includes(domain)) {
      await insertAudit(db, {
        ...audit,
        action: 'login_failed',
        details: { method: 'sso', reason: 'domain', email: email.data },
      });
      throw new AppError('sso_domain_not_allowed', undefined, { domain });
    }
    const user = await this.userFor(sso, email.data, claims, lang);
    return this.deps.auth.openVerifiedSignIn(user, client, 'sso');
  }

  /** The company's user the provider vouched for: found, or created with the configured role. */
  private async userFor(sso: repo.SsoRow, email: string, claims: Record<string, unknown>, lang: Lang) {
    const { db } = this.deps;
    const found = await repo.findUserByEmail(db, email);
    if (found) return signInAs(sso, found);
    const role = isCompanyRole(sso.defaultRole) ? sso.defaultRole : 'viewer';
    const created = await db.transaction(async (tx) => {
      const id = await insertCompanyUser(tx, {
        companyId: sso.companyId,
        email,
        ...namesOf(claims, email),
        phone: null,
        role,
        lang,
        passwordHash: UNUSABLE_PASSWORD_HASH,
      });
      if (id !== null)
        await insertAudit(tx, {
          companyId: sso.companyId,
          userId: id,
          action: 'user_create',
          details: { id, company_id: sso.companyId, email, role, via: 'sso' },
        });
      return id;
    });
    if (created !== null) return { userId: created, companyId: sso.companyId, role };
    // A sign-in of the same new user in parallel created it first.
    const raced = await repo.findUserByEmail(db, email);
    if (!raced) throw new Error('user neither created nor found');
    return signInAs(sso, raced);
  }

  private async configurationOf(sso: repo.SsoRow): Promise<oidc.Configuration> {
    try {
      return await this.deps.providers.configuration({
        issuer: sso.issuer,
        clientId: sso.clientId,
        clientSecret: this.deps.sealer.open(sso.clientSecretSealed),
      });
    } catch (error) {
      if (error instanceof ProviderUnreachable) throw new AppError('sso_failed');
      throw error;
    }
  }
}
