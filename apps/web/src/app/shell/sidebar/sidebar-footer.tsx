import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BILLING_TYPES, HELP_SITE_URL } from '@cab/contract/constants';
import type { MeCompany } from '@cab/contract/me';
import { currentLang } from '@/lib/i18n';
import { formatMoney } from '@/lib/format-money';

export function SidebarFooter({ company, compact }: { company: MeCompany | undefined; compact: boolean }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const helpUrl = `${HELP_SITE_URL}/?path=${encodeURIComponent(pathname)}&lang=${currentLang()}`;
  const showBalance = !compact && company?.billing_type === BILLING_TYPES.prepay && company.balance !== null;
  // The footer appears whole once the user data is there: growing by the balance and contract lines
  // afterwards would move it (a layout shift); appearing at the menu's bottom moves nothing.
  if (!company) return null;
  return (
    <div className="sidebar__footer">
      {showBalance && (
        <div className="sidebar__balance" data-testid="sidebar-balance">
          <span className="sidebar__caption">{t('sidebar.balance')}</span>
          {/* Red while the balance has run out, also after the empty-balance dialog was closed. */}
          <strong
            className={company.balance_problem || (company.balance ?? 0) <= 0 ? 'text-danger' : undefined}
            title={company.balance_problem || (company.balance ?? 0) <= 0 ? t('billing.balanceProblem') : undefined}
            data-testid="sidebar-balance-amount"
          >
            {formatMoney(company.balance ?? 0, i18n.language)}
          </strong>
          <Link to="/docs?new=1" className="sidebar__topup" data-testid="sidebar-topup">
            <i className="pi pi-plus-circle" aria-hidden="true" /> {t('sidebar.topup')}
          </Link>
        </div>
      )}
      {!compact && company?.contract && (
        <div className="sidebar__contract" data-testid="sidebar-contract">
          <span className="sidebar__caption">{t('sidebar.contract')}</span> {company.contract}
        </div>
      )}
      <a
        className="side-menu__link"
        href={helpUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="sidebar-help"
        aria-label={compact ? t('sidebar.help') : undefined}
        title={compact ? t('sidebar.help') : undefined}
      >
        <i className="pi pi-question side-menu__icon" aria-hidden="true" />
        {!compact && <span className="side-menu__label">{t('sidebar.help')}</span>}
      </a>
    </div>
  );
}
