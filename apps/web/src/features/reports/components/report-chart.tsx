import { useTranslation } from 'react-i18next';
import { Chart } from 'primereact/chart';
import type { ReportChartPoint, ReportKind } from '@cab/contract/reports';
import { formatDayMonth } from '@/lib/format-date';
import { intlLocale } from '@/lib/intl-locale';

const COLORS = { traffic: '#3b82f6', sessions: '#f59e0b', smsIn: '#10b981', smsOut: '#059669', callsIn: '#8b5cf6', callsOut: '#6d28d9' };
const MB = 1_000_000;


/**
 * The report's chart, per day of the range: traffic (MB, bars) with sessions, SMS and calls (lines,
 * right axis) for the day and sessions reports; SMS and calls in and out (stacked bars) for call_sms.
 */
export function ReportChart({ kind, points }: { kind: ReportKind; points: ReportChartPoint[] }) {
  const { t, i18n } = useTranslation();
  const labels = points.map((p) => formatDayMonth(p.day, i18n.language));
  const line = (label: string, color: string, values: number[]) => ({
    type: 'line' as const,
    label,
    data: values,
    borderColor: color,
    backgroundColor: color,
    yAxisID: 'count',
    tension: 0.25,
    pointRadius: points.length > 60 ? 0 : 2,
  });
  const data =
    kind === 'call_sms'
      ? {
          labels,
          datasets: [
            { type: 'bar' as const, label: t('reports.chart.smsIn'), data: points.map((p) => p.sms_in), backgroundColor: COLORS.smsIn, stack: 'sms' },
            { type: 'bar' as const, label: t('reports.chart.smsOut'), data: points.map((p) => p.sms_out), backgroundColor: COLORS.smsOut, stack: 'sms' },
            { type: 'bar' as const, label: t('reports.chart.callsIn'), data: points.map((p) => p.calls_in), backgroundColor: COLORS.callsIn, stack: 'calls' },
            { type: 'bar' as const, label: t('reports.chart.callsOut'), data: points.map((p) => p.calls_out), backgroundColor: COLORS.callsOut, stack: 'calls' },
          ],
        }
      : {
          labels,
          datasets: [
            {
              type: 'bar' as const,
              label: t('reports.chart.trafficMb'),
              data: points.map((p) => Math.round((p.bytes / MB) * 10) / 10),
              backgroundColor: COLORS.traffic,
              yAxisID: 'traffic',
            },
            line(t('reports.chart.sessions'), COLORS.sessions, points.map((p) => p.sessions)),
            ...(kind === 'day'
              ? [
                  line(t('reports.chart.sms'), COLORS.smsIn, points.map((p) => p.sms_in + p.sms_out)),
                  line(t('reports.chart.calls'), COLORS.callsIn, points.map((p) => p.calls_in + p.calls_out)),
                ]
              : []),
          ],
        };
  const options = {
    // Chart.js writes tick and tooltip numbers in this locale (the browser's otherwise).
    locale: intlLocale(i18n.language),
    maintainAspectRatio: false,
    animation: false as const,
    interaction: { mode: 'index' as const, intersect: false },
    plugins: { legend: { position: 'bottom' as const } },
    scales:
      kind === 'call_sms'
        ? { x: { stacked: true }, y: { stacked: true, beginAtZero: true, title: { display: true, text: t('reports.chart.count') } } }
        : {
            traffic: { type: 'linear' as const, position: 'left' as const, beginAtZero: true, title: { display: true, text: t('reports.chart.trafficMb') } },
            count: { type: 'linear' as const, position: 'right' as const, beginAtZero: true, grid: { drawOnChartArea: false }, title: { display: true, text: t('reports.chart.count') } },
          },
  };
  return (
    <section className="card report-chart" aria-label={t('reports.chart.label')} data-testid="report-chart">
      <Chart type="bar" data={data} options={options} className="report-chart__canvas" ariaLabel={t('reports.chart.label')} />
    </section>
  );
}
