/** Roles of ARCHITECTURE §6 and the one permission table both apps use. */

export const ROLES = ['root', 'admin', 'manager', 'viewer', 'agent'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'companies.manage',
  'tools.use',
  'users.impersonate',
  'company.edit',
  'users.manage',
  'tokens.manage',
  'notifyMethods.manage',
  'orders.manage',
  'bills.manage',
  'sims.read',
  'sims.operate',
  'sims.transfer',
  'groups.manage',
  'reports.run',
  /** Read usage reports (on screen and through the API); 'reports.run' generates report files. */
  'reports.read',
  'news.publish',
  'agent.requests',
  /** Orders, bills and the deposit ledger of the caller's companies: every signed-in role, never an API token. */
  'billing.read',
  /**
   * Every company, not one company's tree: the platform operator's scope. Whoever holds it is no
   * company's user, so a blocked company does not bind it, and it is never impersonated.
   */
  'companies.all',
  /** The company scope is the companies it referred, not its own company's tree (agents). */
  'companies.referred',
  /** Ask for a payout of its own rewards (agents; root decides on the requests instead). */
  'agent.withdraw',
  /** The company's own audit log (company-audit.ts): its admins, and root. */
  'audit.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const COMPANY_ADMIN: readonly Permission[] = [
  'billing.read',
  'company.edit',
  'users.manage',
  'tokens.manage',
  'notifyMethods.manage',
  'orders.manage',
  'bills.manage',
  'sims.read',
  'sims.operate',
  'sims.transfer',
  'groups.manage',
  'reports.run',
  'reports.read',
  'audit.read',
];

/** What only an agent does for itself: root acts on every agent's behalf, never as one. */
const AGENT_OWN: readonly Permission[] = ['companies.referred', 'agent.withdraw'];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  root: PERMISSIONS.filter((permission) => !AGENT_OWN.includes(permission)),
  admin: COMPANY_ADMIN,
  manager: ['billing.read', 'sims.read', 'sims.operate', 'groups.manage', 'reports.run', 'reports.read'],
  viewer: ['billing.read', 'sims.read', 'reports.read'],
  agent: ['billing.read', 'sims.read', 'reports.run', 'reports.read', 'agent.requests', ...AGENT_OWN],
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Which side-menu entries are root only (spec §6). */
export function isRoot(role: Role): boolean {
  return can(role, 'companies.all');
}

/**
 * What a Bearer API token may do: a manager's work on its company's SIMs, never administration of
 * users, tokens, notification methods, orders or billing. Its principal carries role 'manager' so
 * tenant scoping treats it like one; permission checks use this list.
 */
export const API_TOKEN_PERMISSIONS: readonly Permission[] = [
  'sims.read',
  'sims.operate',
  'groups.manage',
  'reports.run',
  'reports.read',
];

/** Who a principal is: a signed-in user or an API token. */
export type PrincipalKind = 'user' | 'api_token';

export function canAs(kind: PrincipalKind, role: Role, permission: Permission): boolean {
  return kind === 'api_token' ? API_TOKEN_PERMISSIONS.includes(permission) : can(role, permission);
}
