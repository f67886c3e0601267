import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { LangSwitch } from '@/components/lang-switch';
import { useMe } from '@/lib/me-query';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { SIDEBAR_ID } from '../sidebar/sidebar';
import { useSidebar } from '../sidebar/sidebar-state';
import { ApnDropdown } from './apn-dropdown';
import { HeaderBanner } from './header-banner';
import { NotifyBell } from './notify-bell';
import { QueueCounter } from './queue-counter';
import { UserMenu } from './user-menu';
import { QuickSearch } from '../../widgets/quick-search';

/**
 * The header of the shell. Below ~960 px a menu button opens the side menu as a drawer; on phones the
 * APN, news and language controls move into that drawer, so the bell, queue and personal menu always fit.
 * Quick search (header-search slot) collapses to an icon on phones by its own CSS.
 */
export function AppHeader({ onNewsClick }: { onNewsClick: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const user = me.data?.user;
  const { narrow, drawerOpen, setDrawerOpen } = useSidebar();
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <header className="app-header" data-testid="header">
      {narrow && (
        <button
          type="button"
          id="sidebar-open"
          className="header-button header-menu-button"
          aria-label={drawerOpen ? t('a11y.closeMenu') : t('a11y.openMenu')}
          aria-expanded={drawerOpen}
          aria-controls={SIDEBAR_ID}
          data-testid="sidebar-open"
          onClick={() => setDrawerOpen(!drawerOpen)}
        >
          <i className={`pi ${drawerOpen ? 'pi-times' : 'pi-bars'}`} aria-hidden="true" />
        </button>
      )}
      <Link to="/home" className="app-brand" aria-label={phone ? t('common.appName') : undefined}>
        <i className="pi pi-wifi" aria-hidden="true" />
        <span className="app-brand__name">{t('common.appName')}</span>
      </Link>
      <QuickSearch />
      <div className="app-header__middle">
        {user?.company_block && (
          <div className="header-locked" role="alert" title={t('header.companyLockedHint')} data-testid="company-locked">
            <i className="pi pi-lock" aria-hidden="true" />
            <span>{t('header.companyLocked')}</span>
          </div>
        )}
        {user?.message && <HeaderBanner banner={user.message} />}
      </div>
      <div className="app-header__actions">
        <div className="header-search-slot">{/* quick search (ops) mounts here */}</div>
        {!phone && <ApnDropdown />}
        {!phone && (
          <button
            type="button"
            className="header-button"
            aria-label={t('header.news')}
            title={t('header.news')}
            data-testid="news-button"
            onClick={onNewsClick}
          >
            <i className="pi pi-megaphone" aria-hidden="true" />
          </button>
        )}
        {!phone && <LangSwitch onChanged={() => queryClient.invalidateQueries()} />}
        <NotifyBell />
        <QueueCounter />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
