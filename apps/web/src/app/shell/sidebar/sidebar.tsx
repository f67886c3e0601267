import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { SIDEBAR_COLLAPSED_WIDTH_PX, SIDEBAR_WIDTH_PX } from '@cab/contract/constants';
import { can } from '@cab/contract/roles';
import { LangSwitch } from '@/components/lang-switch';
import { useMe } from '@/lib/me-query';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { ApnDropdown } from '../header/apn-dropdown';
import { MENU_ENTRIES } from './menu-entries';
import { SidebarFooter } from './sidebar-footer';
import { SidebarMenu } from './sidebar-menu';
import { useSidebar } from './sidebar-state';

export const SIDEBAR_ID = 'app-sidebar';

export function Sidebar({ onNewsClick }: { onNewsClick: () => void }) {
  const { t } = useTranslation();
  const { collapsed, peeking, toggle, hoverStart, hoverEnd, narrow, drawerOpen, setDrawerOpen } = useSidebar();
  const me = useMe();
  const role = me.data?.user.role;
  const entries = MENU_ENTRIES.filter((entry) => !entry.permission || (role !== undefined && can(role, entry.permission)));
  const compact = !narrow && collapsed && !peeking;
  const { pathname, search } = useLocation();
  const aside = useRef<HTMLElement>(null);
  const phone = useMediaQuery(PHONE_QUERY);
  const queryClient = useQueryClient();

  // The drawer closes on navigation.
  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname, search, setDrawerOpen]);

  // Opened: focus goes to its first link; Escape closes it and focus goes back to the menu button.
  useEffect(() => {
    if (!narrow || !drawerOpen) return;
    aside.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (document.querySelector('.p-overlaypanel, .p-dialog-mask')) return;
      setDrawerOpen(false);
      document.getElementById('sidebar-open')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [narrow, drawerOpen, setDrawerOpen]);

  if (narrow) {
    return (
      <>
        {drawerOpen && <div className="sidebar-backdrop" onClick={() => setDrawerOpen(false)} aria-hidden="true" />}
        <aside
          ref={aside}
          id={SIDEBAR_ID}
          className={`sidebar sidebar--drawer${drawerOpen ? ' sidebar--open' : ''}`}
          data-testid="sidebar"
          data-drawer={drawerOpen ? 'open' : 'closed'}
          hidden={!drawerOpen}
        >
          <nav aria-label={t('sidebar.label')} className="sidebar__nav">
            <SidebarMenu entries={entries} compact={false} />
          </nav>
          {phone && (
            <div className="sidebar__tools" data-testid="sidebar-tools">
              <LangSwitch onChanged={() => queryClient.invalidateQueries()} />
              <ApnDropdown />
              <button
                type="button"
                className="header-button"
                aria-label={t('header.news')}
                data-testid="news-button"
                onClick={() => {
                  setDrawerOpen(false);
                  onNewsClick();
                }}
              >
                <i className="pi pi-megaphone" aria-hidden="true" />
                <span className="header-button__caption">{t('header.news')}</span>
              </button>
            </div>
          )}
          <SidebarFooter company={me.data?.company} compact={false} />
        </aside>
      </>
    );
  }

  return (
    <div className="sidebar-slot" style={{ width: collapsed ? SIDEBAR_COLLAPSED_WIDTH_PX : SIDEBAR_WIDTH_PX }}>
      <aside
        id={SIDEBAR_ID}
        className={`sidebar${compact ? ' sidebar--collapsed' : ''}${peeking ? ' sidebar--peeking' : ''}`}
        style={{ width: compact ? SIDEBAR_COLLAPSED_WIDTH_PX : SIDEBAR_WIDTH_PX }}
        data-testid="sidebar"
        data-collapsed={collapsed}
        onMouseEnter={hoverStart}
        onMouseLeave={hoverEnd}
      >
        <nav aria-label={t('sidebar.label')} className="sidebar__nav">
          <button
            type="button"
            className="side-menu__link sidebar__toggle"
            onClick={toggle}
            aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
            aria-expanded={!collapsed}
            data-testid="sidebar-toggle"
          >
            <i
              className={`pi ${collapsed ? 'pi-angle-double-right' : 'pi-angle-double-left'} side-menu__icon`}
              aria-hidden="true"
            />
            {!compact && <span className="side-menu__label">{t('sidebar.collapse')}</span>}
          </button>
          <SidebarMenu entries={entries} compact={compact} />
        </nav>
        <SidebarFooter company={me.data?.company} compact={compact} />
      </aside>
    </div>
  );
}
