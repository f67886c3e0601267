import { useTranslation } from 'react-i18next';
import { SIDEBAR_COLLAPSED_WIDTH_PX, SIDEBAR_WIDTH_PX } from '@cab/contract/constants';
import { isRoot } from '@cab/contract/roles';
import { useMe } from '@/lib/me-query';
import { MENU_ENTRIES } from './menu-entries';
import { SidebarFooter } from './sidebar-footer';
import { SidebarMenu } from './sidebar-menu';
import { useSidebar } from './sidebar-state';

export function Sidebar() {
  const { t } = useTranslation();
  const { collapsed, peeking, toggle, hoverStart, hoverEnd } = useSidebar();
  const me = useMe();
  const root = me.data ? isRoot(me.data.user.role) : false;
  const entries = MENU_ENTRIES.filter((entry) => !entry.rootOnly || root);
  const compact = collapsed && !peeking;
  return (
    <div className="sidebar-slot" style={{ width: collapsed ? SIDEBAR_COLLAPSED_WIDTH_PX : SIDEBAR_WIDTH_PX }}>
      <aside
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
