import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { LangSwitch } from '@/components/lang-switch';
import { useMe } from '@/lib/me-query';
import { ApnDropdown } from './apn-dropdown';
import { HeaderBanner } from './header-banner';
import { NotifyBell } from './notify-bell';
import { QueueCounter } from './queue-counter';
import { UserMenu } from './user-menu';

export function AppHeader({ onNewsClick }: { onNewsClick: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const user = me.data?.user;
  return (
    <header className="app-header" data-testid="header">
      <Link to="/home" className="app-brand">
        <i className="pi pi-wifi" aria-hidden="true" />
        <span>{t('common.appName')}</span>
      </Link>
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
        <ApnDropdown />
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
        <LangSwitch onChanged={() => queryClient.invalidateQueries()} />
        <NotifyBell />
        <QueueCounter />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
