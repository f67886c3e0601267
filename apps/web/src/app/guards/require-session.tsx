import { Navigate, Outlet } from 'react-router';
import { useSessionStatus } from '@/lib/use-session';
import { FullPageSpinner } from '@/components/full-page-spinner';

/** Every route but login, registration and recovery needs a session (spec §2). */
export function RequireSession() {
  const status = useSessionStatus();
  if (status === 'checking') return <FullPageSpinner />;
  if (status === 'out') return <Navigate to="/login" replace />;
  return <Outlet />;
}
