import { Navigate, Outlet } from 'react-router';
import type { Permission } from '@cab/contract/roles';
import { useCan } from '@/lib/use-can';
import { useMe } from '@/lib/me-query';
import { FullPageSpinner } from '@/components/full-page-spinner';

/**
 * Pages of one permission (the role table's): a role without it lands on /home instead of a page
 * whose calls all answer 403 (an admin opening /agent/info got a "no permission" toast). Companies
 * and Tools are root only (spec §6); the agent panel is for agents and root.
 */
export function PermissionGate({ permission }: { permission: Permission }) {
  const me = useMe();
  const allowed = useCan(permission);
  if (me.isPending) return <FullPageSpinner />;
  if (!allowed) return <Navigate to="/home" replace />;
  return <Outlet />;
}
