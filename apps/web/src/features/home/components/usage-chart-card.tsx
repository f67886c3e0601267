import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Chart } from 'primereact/chart';
import type { DashboardSummary } from '@cab/contract/generated-reports';
import { formatMoney } from '@/lib/format-money';
import { formatBytes } from '@/lib/format-bytes';
import { formatDayMonth } from '@/lib/format-date';
import { intlLocale } from '@/lib/intl-locale';
import { beyondCap, cappedAxisMax } from '../model/chart-scale';

/** Decimal megabytes, as the reports and the bills count them. */
const MB = 1_000_000;

const BAR = 'rgba(99, 102, 241, 0.55)';
/** A bar cut at the axis top: darker, so it does not read as an ordinary full-height day. */
const CUT_BAR = 'rgba(55, 48, 163, 0.9)';

interface CutMark {
  index: number;
  text: string;
}

/** Writes each cut day's real traffic just above its bar (the chart keeps a line of room for it). */
function cutMarksPlugin(marks: CutMark[]) {
  return {
    id: 'cutMarks',
    afterDatasetsDraw(chart: { ctx: CanvasRenderingContext2D; chartArea: { top: number }; getDatasetMeta: (i: number) => { data: Array<{ x: number }> } }) {
      const { ctx, chartArea } = chart;
      const bars = chart.getDatasetMeta(0).data;
      ctx.save();
      ctx.font = '600 11px system-ui, sans-serif';
      ctx.fillStyle = '#312e81';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      for (const mark of marks) {
        const bar = bars[mark.index];
        if (bar) ctx.fillText(`▲ ${mark.text}`, bar.x, chartArea.top - 3);
      }
      ctx.restore();
    },
  };
}

/** Traffic per day (bars, MB) and cost per day (line, EUR) over the last 30 days, with the sums. */
export function UsageChartCard({ usage }: { usage: DashboardSummary['usage'] }) {
  const { t, i18n } = useTranslation();
  const formatTraffic = (bytes: number) => formatBytes(bytes, i18n.language);
  const labels = usage.days.map((d) => formatDayMonth(d.day, i18n.language));
  const trafficMb = usage.days.map((d) => Math.round((d.bytes / MB) * 10) / 10);
  const costs = usage.days.map((d) => d.cost);
  // One day far above the others (today's spike) would flatten them: the axes stop above the
  // ordinary days and the cut days say their real values (model/chart-scale.ts says why not a log axis).
  const trafficMax = cappedAxisMax(trafficMb);
  const costMax = cappedAxisMax(costs);
  const cut = [...new Set([...beyondCap(trafficMb, trafficMax), ...beyondCap(costs, costMax)])].sort((a, b) => a - b);
  const cutDays = cut.flatMap((index) => {
    const day = usage.days[index];
    return day ? [{ index, label: labels[index] ?? day.day, traffic: formatTraffic(day.bytes), cost: formatMoney(day.cost, i18n.language) }] : [];
  });
  const data = {
    labels,
    datasets: [
      {
        type: 'bar',
        label: t('dashboard.trafficAxis'),
        data: trafficMb,
        backgroundColor: trafficMb.map((_, index) => (cut.includes(index) ? CUT_BAR : BAR)),
        yAxisID: 'traffic',
        order: 2,
      },
      {
        type: 'line',
        label: t('dashboard.costAxis'),
        data: costs,
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
    // A line of room above the chart for the cut days' values.
    layout: { padding: { top: cut.length > 0 ? 16 : 0 } },
    interaction: { mode: 'index', intersect: false },
    plugins: { legend: { position: 'bottom' } },
    scales: {
      x: { ticks: { maxRotation: 0, autoSkipPadding: 8 } },
      traffic: {
        type: 'linear',
        position: 'left',
        beginAtZero: true,
        ...(trafficMax === null ? {} : { max: trafficMax }),
        title: { display: true, text: t('dashboard.trafficAxis') },
      },
      cost: {
        type: 'linear',
        position: 'right',
        beginAtZero: true,
        ...(costMax === null ? {} : { max: costMax }),
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
          plugins={cutDays.length > 0 ? [cutMarksPlugin(cutDays.map((d) => ({ index: d.index, text: d.traffic })))] : []}
          ariaLabel={`${t('dashboard.usage')}: ${formatTraffic(usage.bytes)}, ${formatMoney(usage.cost, i18n.language)}`}
        />
      </div>
      {cutDays.length > 0 && (
        <p className="dash-chart__cut" data-testid="home-usage-cut">
          <span aria-hidden="true">▲ </span>
          {t('homeChart.cut', { days: cutDays.map((d) => t('homeChart.cutDay', d)).join('; ') })}
        </p>
      )}
    </section>
  );
}
