import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardSummary } from '@cab/contract/generated-reports';
import { formatCount } from '@/lib/format-count';

/** Total, active and blocked SIMs, blocked ones by block type, each share drawn as a bar. */
export function SimsStateCard({ sims }: { sims: DashboardSummary['sims'] }) {
  const { t, i18n } = useTranslation();
  const count = (n: number) => formatCount(n, i18n.language);
  const blockedTotal = Object.values(sims.blocked).reduce((sum, n) => sum + n, 0);
  const share = (n: number) =>
    sims.total > 0 ? `${Math.max(n > 0 ? 1 : 0, Math.round((n / sims.total) * 100))}%` : '0%';
  const rows = [
    { key: 'active', label: t('dashboard.active'), n: sims.active, tone: 'ok' },
    ...Object.entries(sims.blocked).map(([type, n]) => ({
      key: type,
      label: t(`dashboard.blockTypes.${type}`),
      n,
      tone: 'blocked',
    })),
  ];
  return (
    <section className="dash-card" data-testid="home-sims-state" aria-labelledby="dash-sims-title">
      <div className="dash-card__head">
        <h2 id="dash-sims-title">{t('dashboard.simsByState')}</h2>
        <Link to="/list">{t('home.openList')}</Link>
      </div>
      <div className="dash-figures">
        <div>
          <span className="dash-figures__label">{t('dashboard.total')}</span>
          <strong data-testid="home-sims-total">{count(sims.total)}</strong>
        </div>
        <div>
          <span className="dash-figures__label">{t('dashboard.active')}</span>
          <strong className="text-success" data-testid="home-sims-active">
            {count(sims.active)}
          </strong>
        </div>
        <div>
          <span className="dash-figures__label">{t('dashboard.blocked')}</span>
          <strong className={blockedTotal > 0 ? 'text-danger' : undefined} data-testid="home-sims-blocked">
            {count(blockedTotal)}
          </strong>
        </div>
      </div>
      <ul className="dash-bars">
        {rows.map((row) => (
          <li key={row.key} data-testid={`home-simbar-${row.key}`}>
            <span className="dash-bars__label">{row.label}</span>
            <span className="dash-bars__track" aria-hidden="true">
              <span className={`dash-bars__fill dash-bars__fill--${row.tone}`} style={{ width: share(row.n) }} />
            </span>
            <span className="dash-bars__value">{count(row.n)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
