import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BILLING_TYPES } from '@cab/contract/constants';
import { PageTitle } from '@/components/page-title';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { formatCount } from '@/lib/format-count';
import { formatMoney } from '@/lib/format-money';
import { RowsSkeleton } from '@/components/rows-skeleton';
import { RecentGeneratedReports } from '@/components/generated-reports/recent-generated-reports';
import { useMe } from '@/lib/me-query';
import { useDashboardSummary } from '../api/dashboard-api';
import { NotificationsCard } from './notifications-card';
import { OperationsCard } from './operations-card';
import { SimsStateCard } from './sims-state-card';
import { StatCard } from './stat-card';
import { UsageChartCard } from './usage-chart-card';
import '../home.css';
import { QueryStates } from '@/components/query-states';

/** Route module (react-router lazy convention: the page is the `Component` export). */
export function Component() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const summary = useDashboardSummary();
  if (!me.data) return <FullPageSpinner />;
  const { user, company, sim_count: simCount } = me.data;
  const prepay = company.billing_type === BILLING_TYPES.prepay && company.balance !== null;
  return (
    <div className="home-page">
      <PageTitle>{t('home.welcome', { name: user.first_name || user.email })}</PageTitle>
      {/* A company without SIM cards has nothing to block: its first order's bill is the top-up. */}
      {prepay && company.balance_problem && simCount > 0 && (
        <div className="inline-message inline-message--warn" role="alert" data-testid="home-balance-problem">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />
          <span>{t('home.balanceProblem')}</span>
          <Link to="/docs?new=1">{t('home.topup')}</Link>
        </div>
      )}
      <div className="stat-grid">
        <StatCard icon="pi-building" label={t('home.company')} testId="home-company">
          {company.name}
          {company.contract && (
            <small className="stat-card__sub">
              {t('home.contract')}: {company.contract}
            </small>
          )}
        </StatCard>
        {prepay && (
          <StatCard icon="pi-wallet" label={t('home.balance')} testId="home-balance">
            <span className={company.balance_problem ? 'text-danger' : undefined}>
              {formatMoney(company.balance ?? 0, i18n.language)}
            </span>
            <Link to="/deposit" className="stat-card__link">
              {t('docs.ledgerLink')} <i className="pi pi-arrow-right" aria-hidden="true" />
            </Link>
          </StatCard>
        )}
        <StatCard icon="pi-id-card" label={t('home.sims')} testId="home-sims">
          {formatCount(simCount, i18n.language)}
          <Link to="/list" className="stat-card__link">
            {t('home.openList')} <i className="pi pi-arrow-right" aria-hidden="true" />
          </Link>
        </StatCard>
        <StatCard icon="pi-user" label={t('home.role')} testId="home-role">
          {user.role_title || t('profileRole')}
        </StatCard>
      </div>
      <QueryStates
        query={summary}
        card
        pending={
          <div className="dash-grid">
            <div className="dash-card">
              <RowsSkeleton rows={4} />
            </div>
            <div className="dash-card dash-card--wide">
              <RowsSkeleton rows={6} />
            </div>
          </div>
        }
      >
        {(data) => (
          <div className="dash-grid">
            <SimsStateCard sims={data.sims} />
            <UsageChartCard usage={data.usage} />
          </div>
        )}
      </QueryStates>
      <div className="dash-grid dash-grid--thirds">
        <OperationsCard />
        <NotificationsCard />
        <RecentGeneratedReports />
      </div>
    </div>
  );
}
