import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LangSwitch } from '@/components/lang-switch';
import { useIsLoggedIn } from '@/lib/use-session';

/** Login, registration and recovery screens: the header shows only the language switch (spec §1). */
export function GuestLayout() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const { pathname } = useLocation();
  if (loggedIn && pathname.startsWith('/login')) return <Navigate to="/home" replace />;
  return (
    <div className="guest-layout">
      <header className="app-header app-header--guest" data-testid="header">
        <span className="app-brand">
          <i className="pi pi-wifi" aria-hidden="true" />
          {t('common.appName')}
        </span>
        <LangSwitch />
      </header>
      <main className="guest-main">
        <Outlet />
      </main>
    </div>
  );
}
