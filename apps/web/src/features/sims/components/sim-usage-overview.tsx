import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectButton } from 'primereact/selectbutton';
import { USAGE_PERIODS, type MonthSpend, type UsagePeriod } from '@cab/contract/sim-usage';
import { QueryStates } from '@/components/query-states';
import { formatDecimal } from '@/lib/format-count';
import { formatMoney } from '@/lib/format-money';
import { useSimUsageOverview } from '../api/sim-usage-overview';
import { USAGE_METRICS, type UsageMetric } from '../model/usage-series';
import { SimSessionsTable } from './sim-sessions-table';
import { SimUsageChart } from './sim-usage-chart';
import './sim-usage-overview.css';

/** Usage on the SIM page (issue 25.1): spend and projection, traffic/SMS/calls over 48 h, 30 or 90 days, latest sessions. */
export function SimUsageOverview({ simId }: { simId: number }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<UsagePeriod>('30d');
  const [metric, setMetric] = useState<UsageMetric>('data');
  const overview = useSimUsageOverview(simId, period);
  return (
    <section
      className="card sim-page__section sim-usage"
      aria-labelledby="sim-usage-overview-title"
      data-testid="sim-usage-overview"
    >
      <div className="sim-section__head">
        <h2 id="sim-usage-overview-title">{t('simUsage.title')}</h2>
      </div>
      <QueryStates query={overview} rows={6}>
        {(data) => (
          <>
            <MonthFigures month={data.month} />
            <div className="sim-usage__switches">
              <SelectButton
                value={period}
                options={USAGE_PERIODS.map((value) => ({ value, label: t(`simUsage.period.${value}`) }))}
                allowEmpty={false}
                onChange={(event) => setPeriod(event.value as UsagePeriod)}
                aria-label={t('simUsage.periodLabel')}
                data-testid="sim-usage-period"
              />
              <SelectButton
                value={metric}
                options={USAGE_METRICS.map((value) => ({ value, label: t(`simUsage.metric.${value}`) }))}
                allowEmpty={false}
                onChange={(event) => setMetric(event.value as UsageMetric)}
                aria-label={t('simUsage.metricLabel')}
                data-testid="sim-usage-metric"
              />
            </div>
            <SimUsageChart overview={data} metric={metric} />
            <h3 className="sim-usage__subtitle">{t('simUsage.sessions')}</h3>
            <SimSessionsTable sessions={data.sessions} asOf={Math.floor(overview.dataUpdatedAt / 1000)} />
          </>
        )}
      </QueryStates>
    </section>
  );
}

/** This month's spend and where it heads, with the rule of the projection written out beside it. */
function MonthFigures({ month }: { month: MonthSpend }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const hintId = useId();
  return (
    <dl className="sim-usage__figures">
      <div>
        <dt>{t('simUsage.spent')}</dt>
        <dd data-testid="sim-usage-spent">{formatMoney(month.spent, lang)}</dd>
      </div>
      <div>
        <dt>{t('simUsage.projected')}</dt>
        <dd data-testid="sim-usage-projected" aria-describedby={hintId}>
          {formatMoney(month.projected, lang)}
        </dd>
        <dd id={hintId} className="sim-usage__hint" data-testid="sim-usage-projection-hint">
          {t('simUsage.projectionHint', {
            spent: formatMoney(month.spent, lang),
            elapsed: formatDecimal(month.elapsed_days, lang, 1),
            days: month.month_days,
          })}
        </dd>
      </div>
    </dl>
  );
}
