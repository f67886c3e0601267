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

export function requirePermission(principal: Principal, permission: Permission): void {
  if (!canAs(principal.kind, principal.role, permission)) throw new AppError('forbidden');
}

/** A blocked company's users may read but not change anything (ARCHITECTURE §6). */
export function requireWritable(principal: Principal): void {
  if (principal.companyBlocked && principal.role !== 'root') throw new AppError('company_blocked');
}
