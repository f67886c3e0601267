import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useMe } from '@/lib/me-query';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { AppHeader } from './header/app-header';
import { Sidebar } from './sidebar/sidebar';
import { SidebarProvider } from './sidebar/sidebar-state';
import { NewsDrawer } from '../widgets/news/news-drawer';
import { UpdateDialog } from '../widgets/update-dialog';
import { EmptySimDialog } from '../widgets/empty-sim-dialog';
import { EmptyBalanceDialog } from '../widgets/empty-balance-dialog';
import { ShellProviders } from '../shell-providers';

/** The logged-in frame: header, side menu, page, and the global widgets. Route module (`Component`). */
export function Component() {
  return (
    <ShellProviders>
      <Shell />
    </ShellProviders>
  );
}

function Shell() {
  const me = useMe();
  const [newsOpen, setNewsOpen] = useState(false);
  const newsShow = me.data?.news.show === true;
  const [seenNewsShow, setSeenNewsShow] = useState(false);

  // The drawer opens by itself when the server flags unseen news (spec §4: "becomes true").
  if (newsShow !== seenNewsShow) {
    setSeenNewsShow(newsShow);
    if (newsShow) setNewsOpen(true);
  }

  return (
    <SidebarProvider>
      <div className="shell">
        <AppHeader onNewsClick={() => setNewsOpen((open) => !open)} />
        <div className="shell__body">
          <Sidebar />
          <main className="shell__content" id="main">
            <Suspense fallback={<FullPageSpinner />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
      <NewsDrawer visible={newsOpen} onHide={() => setNewsOpen(false)} />
      <UpdateDialog visible={me.data?.update === true} />
      {me.data?.update !== true && <EmptySimDialog />}
      {/* One offer at a time: ordering SIMs comes before topping up for them. */}
      {me.data?.update !== true && me.data?.sim_count !== 0 && <EmptyBalanceDialog />}
    </SidebarProvider>
  );
}
