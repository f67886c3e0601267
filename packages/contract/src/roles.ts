/** Roles of ARCHITECTURE §6 and the one permission table both apps use. */

export const ROLES = ['root', 'admin', 'manager', 'viewer', 'agent'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'companies.manage',
  'tools.use',
  'users.impersonate',
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
  'news.publish',
  'agent.requests',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const COMPANY_ADMIN: readonly Permission[] = [
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
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  root: PERMISSIONS,
  admin: COMPANY_ADMIN,
  manager: ['sims.read', 'sims.operate', 'groups.manage', 'reports.run'],
  viewer: ['sims.read'],
  agent: ['sims.read', 'reports.run', 'agent.requests'],
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Which side-menu entries are root only (spec §6). */
export function isRoot(role: Role): boolean {
  return role === 'root';
}
