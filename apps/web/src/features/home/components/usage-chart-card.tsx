import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Chart } from 'primereact/chart';
import type { DashboardSummary } from '@cab/contract/generated-reports';
import { formatMoney } from '@/lib/format-money';
import { formatBytes } from '@/lib/format-bytes';
import { formatDayMonth } from '@/lib/format-date';
import { intlLocale } from '@/lib/intl-locale';

/** Decimal megabytes, as the reports and the bills count them. */
const MB = 1_000_000;

/** Traffic per day (bars, MB) and cost per day (line, EUR) over the last 30 days, with the sums. */
export function UsageChartCard({ usage }: { usage: DashboardSummary['usage'] }) {
  const { t, i18n } = useTranslation();
  const formatTraffic = (bytes: number) => formatBytes(bytes, i18n.language);
  const labels = usage.days.map((d) => formatDayMonth(d.day, i18n.language));
  const data = {
    labels,
    datasets: [
      {
        type: 'bar',
        label: t('dashboard.trafficAxis'),
        data: usage.days.map((d) => Math.round((d.bytes / MB) * 10) / 10),
        backgroundColor: 'rgba(99, 102, 241, 0.55)',
        yAxisID: 'traffic',
        order: 2,
      },
      {
        type: 'line',
        label: t('dashboard.costAxis'),
        data: usage.days.map((d) => d.cost),
        borderColor: '#f59e0b',
        backgroundColor: '#f59e0b',
        pointRadius: 2,
        tension: 0.3,
        yAxisID: 'cost',
        order: 1,
      },
    ],
  };
  const options = {
    // Chart.js writes tick and tooltip numbers in this locale (the browser's otherwise).
    locale: intlLocale(i18n.language),
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: { legend: { position: 'bottom' } },
    scales: {
      x: { ticks: { maxRotation: 0, autoSkipPadding: 8 } },
      traffic: {
        type: 'linear',
        position: 'left',
        beginAtZero: true,
        title: { display: true, text: t('dashboard.trafficAxis') },
      },
      cost: {
        type: 'linear',
        position: 'right',
        beginAtZero: true,
        grid: { drawOnChartArea: false },
        title: { display: true, text: t('dashboard.costAxis') },
      },
    },
  };
  return (
    <section className="dash-card dash-card--wide" data-testid="home-usage" aria-labelledby="dash-usage-title">
      <div className="dash-card__head">
        <h2 id="dash-usage-title">{t('dashboard.usage')}</h2>
        <Link to="/report/day">{t('dashboard.openReport')}</Link>
      </div>
      <div className="dash-figures">
        <div>
          <span className="dash-figures__label">{t('dashboard.traffic')}</span>
          <strong data-testid="home-usage-traffic">{formatTraffic(usage.bytes)}</strong>
        </div>
        <div>
          <span className="dash-figures__label">{t('dashboard.cost')}</span>
          <strong data-testid="home-usage-cost">{formatMoney(usage.cost, i18n.language)}</strong>
        </div>
      </div>
      <div className="dash-chart">
        {/* PrimeReact gives the canvas role="img": it needs its own name. */}
        <Chart
          type="bar"
          data={data}
          options={options}
          style={{ height: '100%' }}
          ariaLabel={`${t('dashboard.usage')}: ${formatTraffic(usage.bytes)}, ${formatMoney(usage.cost, i18n.language)}`}
        />
      </div>
    </section>
  );
}
