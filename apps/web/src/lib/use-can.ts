import { can, type Permission } from '@cab/contract/roles';
import { useMe } from './me-query';

/**
 * Whether the signed-in user may do what needs `permission` — the web's one question of the role
 * table (contract roles.ts), as the server's gate asks it. `writes`: the action changes the
 * company's things, which a blocked company may not ('companies.all', root, never is refused: ARCHITECTURE §6).
 * False while the user's data loads.
 */
export function useCan(permission: Permission, options: { writes?: boolean } = {}): boolean {
  const user = useMe().data?.user;
  if (!user || !can(user.role, permission)) return false;
  return !(options.writes && user.company_block === true && !can(user.role, 'companies.all'));
}
