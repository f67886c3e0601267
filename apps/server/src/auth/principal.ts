import type { Lang } from '@cab/contract/constants';
import { canAs, type Permission, type PrincipalKind, type Role } from '@cab/contract/roles';
import { AppError } from '../http/errors.js';

/** Who is calling: set on every authenticated request. */
export interface Principal {
  kind: PrincipalKind;
  /** For an API token: the user who created it (owner of queue items and audit rows it causes). */
  userId: number;
  companyId: number;
  role: Role;
  /** The refresh-token family of a signed-in user; `api_token:<id>` for a token. */
  sessionId: string;
  /** Set when the call is authenticated by an API token (audit rows carry it). */
  apiTokenId: number | null;
  impersonatorId: number | null;
  companyBlocked: boolean;
  registrationComplete: boolean;
  lang: Lang;
}

/**
 * Whether the principal holds a permission (contract roles.ts; an API token: API_TOKEN_PERMISSIONS).
 * The gate (authenticate.ts) has checked the route's own; services ask this of what their data
 * decides — an operation read back from the database, a company scope (companies/scope.ts).
 */
export function hasPermission(principal: Principal, permission: Permission): boolean {
  return canAs(principal.kind, principal.role, permission);
}

/** A blocked company's users may read but not change anything (ARCHITECTURE §6); root, over every company, may. */
export function mayWrite(principal: Principal): boolean {
  return !principal.companyBlocked || hasPermission(principal, 'companies.all');
}

export function requirePermission(principal: Principal, permission: Permission): void {
  if (!hasPermission(principal, permission)) throw new AppError('forbidden');
}

export function requireWritable(principal: Principal): void {
  if (!mayWrite(principal)) throw new AppError('company_blocked');
}
