import { useRef } from 'react';
import { Link } from 'react-router';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useTranslation } from 'react-i18next';
import type { MeUser } from '@cab/contract/me';
import { hasImpersonationBackup } from '@/lib/impersonation-backup';
import { restoreRootSession } from '@/lib/impersonation';
import { logout } from '@/lib/logout';

export function UserMenu({ user }: { user: MeUser | undefined }) {
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  const canRestore = hasImpersonationBackup();
  const blocked = user?.company_block === true;
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  const close = () => panel.current?.hide();
  return (
    <>
      <button
        type="button"
        className={`header-button header-user${blocked ? ' header-user--blocked' : ''}`}
        aria-haspopup="menu"
        title={t('header.userMenu')}
        data-testid="user-menu"
        onClick={(event) => panel.current?.toggle(event)}
      >
        <span className="header-user__avatar" aria-hidden="true">
          {(user?.first_name[0] ?? '').toUpperCase()}
          {(user?.last_name[0] ?? '').toUpperCase()}
        </span>
        {/* The name reads as shown (name and role), after what the button is. */}
        <span className="visually-hidden">{t('header.userMenu')}: </span>
        <span className="header-user__text">
          {/* A blank line until the user data arrives, so the role below does not move up and back. */}
          <span className="header-user__name">{name || '\u00a0'}</span>
          <span className="header-user__role">{user?.role_title || t('profileRole')}</span>
        </span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </button>
      <OverlayPanel ref={panel} className="header-panel header-panel--menu" aria-label={t('header.userMenu')}>
        <ul className="menu-list" role="menu" aria-label={t('header.userMenu')}>
          <li role="none">
            <Link
              role="menuitem"
              to="/profile"
              onClick={close}
              className={blocked ? 'menu-list__item text-danger' : 'menu-list__item'}
              data-testid="menu-profile"
            >
              <i className="pi pi-user" aria-hidden="true" /> {t('header.profile')}
            </Link>
          </li>
          <li role="none">
            <Link
              role="menuitem"
              to="/company/my"
              onClick={close}
              className="menu-list__item"
              data-testid="menu-company"
            >
              <i className="pi pi-building" aria-hidden="true" /> {t('header.company')}
            </Link>
          </li>
          {canRestore && (
            <li role="none">
              <button
                type="button"
                role="menuitem"
                className="menu-list__item"
                onClick={() => {
                  close();
                  void restoreRootSession();
                }}
                data-testid="menu-restore"
              >
                <i className="pi pi-replay" aria-hidden="true" /> {t('header.restore')}
              </button>
            </li>
          )}
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className="menu-list__item"
              data-testid="menu-logout"
              onClick={() => {
                close();
                void logout();
              }}
            >
              <i className="pi pi-sign-out" aria-hidden="true" /> {t('header.logout')}
            </button>
          </li>
        </ul>
      </OverlayPanel>
    </>
  );
}
