import { Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { meQueryOptions, useMe } from '@/lib/me-query';
import { prefetchSignedIn } from '@/lib/prefetch-signed-in';
import { useTranslation } from 'react-i18next';
import { SCROLL_HINT_ID } from '@/lib/scroll-hints';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { LoadError } from '@/components/load-error';
import { SkipLink } from '@/components/skip-link';
import { useRouteFocus } from '@/lib/route-focus';
import { ImpersonationStrip } from './impersonation-strip';
import { AppHeader } from './header/app-header';
import { Sidebar } from './sidebar/sidebar';
import { MenuSkipLink } from './sidebar/menu-skip-link';
import { SidebarProvider } from './sidebar/sidebar-state';
import { NewsDrawer } from '../widgets/news/news-drawer';
import { UpdateDialog } from '../widgets/update-dialog';
import { EmptySimDialog } from '../widgets/empty-sim-dialog';
import { EmptyBalanceDialog } from '../widgets/empty-balance-dialog';
import { useShellPopups } from '../widgets/shell-popups';
import { ShellProviders } from '../shell-providers';

/** The user data is requested as soon as the shell's module has loaded, not after its first render. */
export function loader(): null {
  prefetchSignedIn(meQueryOptions);
  return null;
}

/** The logged-in frame: header, side menu, page, and the global widgets. Route module (`Component`). */
export function Component() {
  return (
    <ShellProviders>
      <Shell />
    </ShellProviders>
  );
}

function Shell() {
  const { t } = useTranslation();
  const me = useMe();
  const popups = useShellPopups(me.data);
  const [newsOpen, setNewsOpen] = useState(false);
  const newsDue = me.data?.news.show === true;
  const [newsOpened, setNewsOpened] = useState(false);
  const toggleNews = () => setNewsOpen((open) => !open);
  useRouteFocus();

  // The drawer opens by itself when the server flags unseen news (spec §4: "becomes true"), once no
  // dialog is on screen: one thing at a time.
  if (!newsDue && newsOpened) setNewsOpened(false);
  if (newsDue && !newsOpened && popups.active === null) {
    setNewsOpened(true);
    setNewsOpen(true);
  }

  return (
    <SidebarProvider>
      <div className="shell">
        <SkipLink />
        <MenuSkipLink />
        {/* Ends the name of every table that scrolls sideways (lib/scroll-hints.ts). */}
        <span id={SCROLL_HINT_ID} hidden>
          {t('a11y.tableScrolls')}
        </span>
        <AppHeader onNewsClick={toggleNews} />
        <ImpersonationStrip me={me.data} />
        <div className="shell__body">
          <Sidebar onNewsClick={toggleNews} />
          <main className="shell__content" id="main" tabIndex={-1}>
            {/* Without the user data no page can draw: say so and offer a retry instead of spinning. */}
            {me.isError && !me.data ? (
              <div data-testid="me-error">
                <LoadError card onRetry={() => void me.refetch()} />
              </div>
            ) : (
              <Suspense fallback={<FullPageSpinner />}>
                <Outlet />
              </Suspense>
            )}
          </main>
        </div>
      </div>
      {/* A new page opens at its top (no jump into the middle of a SIM page); Back restores the list's place. */}
      <ScrollRestoration />
      <NewsDrawer visible={newsOpen} onHide={() => setNewsOpen(false)} />
      <UpdateDialog visible={popups.active === 'update'} />
      <EmptySimDialog visible={popups.active === 'emptySim'} onClose={popups.closeEmptySim} />
      <EmptyBalanceDialog visible={popups.active === 'emptyBalance'} onClose={popups.closeEmptyBalance} />
    </SidebarProvider>
  );
}
