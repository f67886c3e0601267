import { useTranslation } from 'react-i18next';
import { Chart } from 'primereact/chart';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import type { SimUsageOverview, UsageBucket } from '@cab/contract/sim-usage';
import { CARD_TABLE, cardColumn } from '@/components/card-table';
import { formatMoney } from '@/lib/format-money';
import { intlLocale } from '@/lib/intl-locale';
import { bucketLabel, formatMetric, metricSeries, type UsageMetric } from '../model/usage-series';

const SENT = 'rgba(99, 102, 241, 0.75)';
const RECEIVED = 'rgba(16, 185, 129, 0.65)';
const TABLE_ROWS = 10;

/**
 * The period's buckets as stacked bars (sent and received) and, as the chart's text alternative, the
 * same numbers in a table under it, newest first.
 */
export function SimUsageChart({ overview, metric }: { overview: SimUsageOverview; metric: UsageMetric }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const labels = overview.buckets.map((b) => bucketLabel(overview.period, b.start));
  const [sentLabel, receivedLabel] = [t(`simUsage.series.${metric}.sent`), t(`simUsage.series.${metric}.received`)];
  const dataset = (label: string, index: 0 | 1, color: string) => ({
    type: 'bar',
    label,
    data: overview.buckets.map((b) => metricSeries(metric, b)[index]),
    backgroundColor: color,
    stack: 'usage',
  });
  const data = { labels, datasets: [dataset(sentLabel, 0, SENT), dataset(receivedLabel, 1, RECEIVED)] };
  const options = {
    locale: intlLocale(lang),
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { position: 'bottom' },
      tooltip: {
        callbacks: {
          label: (item: { dataset: { label: string }; parsed: { y: number } }) =>
            `${item.dataset.label}: ${formatMetric(metric, item.parsed.y, lang)}`,
        },
      },
    },
    scales: {
      x: { stacked: true, ticks: { maxRotation: 0, autoSkipPadding: 8 } },
      y: {
        stacked: true,
        beginAtZero: true,
        ticks: { precision: 0, callback: (value: number) => formatMetric(metric, value, lang) },
      },
    },
  };
  const rows = [...overview.buckets].reverse();
  const tableId = `sim-usage-table-${metric}`;
  return (
    <>
      <div className="sim-usage__chart">
        {/* PrimeReact gives the canvas role="img": its name points to the table with the same numbers. */}
        <Chart
          type="bar"
          data={data}
          options={options}
          style={{ height: '100%' }}
          ariaLabel={t('simUsage.chartLabel', { metric: t(`simUsage.metric.${metric}`) })}
        />
      </div>
      <DataTable
        id={tableId}
        value={rows}
        dataKey="start"
        className={CARD_TABLE}
        size="small"
        stripedRows
        paginator={rows.length > TABLE_ROWS}
        rows={TABLE_ROWS}
        data-testid="sim-usage-table"
        aria-label={t('simUsage.tableLabel', { metric: t(`simUsage.metric.${metric}`) })}
      >
        <Column
          {...cardColumn('title', t(`simUsage.bucket.${overview.period}`))}
          body={(b: UsageBucket) => bucketLabel(overview.period, b.start)}
        />
        <Column
          {...cardColumn('field', sentLabel)}
          body={(b: UsageBucket) => formatMetric(metric, metricSeries(metric, b)[0], lang)}
        />
        <Column
          {...cardColumn('field', receivedLabel)}
          body={(b: UsageBucket) => formatMetric(metric, metricSeries(metric, b)[1], lang)}
        />
        {metric === 'calls' && (
          <Column
            {...cardColumn('field', t('simUsage.callMinutes'))}
            body={(b: UsageBucket) => formatMetric('calls', Math.ceil(b.call_seconds / 60), lang)}
          />
        )}
        <Column {...cardColumn('field', t('simUsage.cost'))} body={(b: UsageBucket) => formatMoney(b.cost, lang)} />
      </DataTable>
    </>
  );
}
