import { useSyncExternalStore } from 'react';
import { Navigate, Outlet } from 'react-router';
import { sessionStore } from '@/lib/session-store';
import { FullPageSpinner } from '@/components/full-page-spinner';

/** Every route but login, registration and recovery needs a session (spec §2). */
export function RequireSession() {
  const status = useSyncExternalStore(sessionStore.subscribe, sessionStore.getStatus);
  if (status === 'checking') return <FullPageSpinner />;
  if (status === 'out') return <Navigate to="/login" replace />;
  return <Outlet />;
}
