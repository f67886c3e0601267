import type { Lang } from '@cab/contract/constants';
import { can, type Permission, type Role } from '@cab/contract/roles';
import { AppError } from '../http/errors.js';

/** Who is calling: set on every authenticated request. */
export interface Principal {
  userId: number;
  companyId: number;
  role: Role;
  sessionId: string;
  impersonatorId: number | null;
  companyBlocked: boolean;
  registrationComplete: boolean;
  lang: Lang;
}

export function requirePermission(principal: Principal, permission: Permission): void {
  if (!can(principal.role, permission)) throw new AppError('forbidden');
}

/** A blocked company's users may read but not change anything (ARCHITECTURE §6). */
export function requireWritable(principal: Principal): void {
  if (principal.companyBlocked && principal.role !== 'root') throw new AppError('company_blocked');
}
