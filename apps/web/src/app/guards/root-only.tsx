import { Navigate, Outlet } from 'react-router';
import { isRoot } from '@cab/contract/roles';
import { useMe } from '@/lib/me-query';
import { FullPageSpinner } from '@/components/full-page-spinner';

/** Companies and Tools are root only (spec §6); others land on /home. Route module (`Component`). */
export function Component() {
  const me = useMe();
  if (me.isPending) return <FullPageSpinner />;
  if (!me.data || !isRoot(me.data.user.role)) return <Navigate to="/home" replace />;
  return <Outlet />;
}
