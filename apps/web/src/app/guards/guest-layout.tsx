import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { LangSwitch } from '@/components/lang-switch';
import { SkipLink } from '@/components/skip-link';
import { useRouteFocus } from '@/lib/route-focus';
import { useIsLoggedIn } from '@/lib/use-session';

const GUEST_TITLES: [string, string][] = [
  ['/login', 'auth.title'],
  ['/register', 'pages.register'],
  ['/forgot', 'pages.forgot'],
];

/** Login, registration and recovery screens: the header shows only the language switch (spec §1). */
export function GuestLayout() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const { pathname } = useLocation();
  const titleKey = GUEST_TITLES.find(([prefix]) => pathname.startsWith(prefix))?.[1];
  const app = t('common.appName');
  const page = titleKey ? t(titleKey) : '';
  useRouteFocus();
  useEffect(() => {
    document.title = page ? t('a11y.pageTitle', { page, app }) : app;
  }, [t, page, app]);
  if (loggedIn && pathname.startsWith('/login')) return <Navigate to="/home" replace />;
  return (
    <div className="guest-layout">
      <SkipLink />
      <header className="app-header app-header--guest" data-testid="header">
        <span className="app-brand">
          <i className="pi pi-wifi" aria-hidden="true" />
          {t('common.appName')}
        </span>
        <LangSwitch />
      </header>
      <main className="guest-main" id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
