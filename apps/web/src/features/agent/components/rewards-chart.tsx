import { useTranslation } from 'react-i18next';
import type { AgentInfo } from '@cab/contract/agents';
import { formatCents } from '@/lib/format-money';
import { intlLocale } from '@/lib/intl-locale';

/** Rewards per month as bars; the numbers are in the bars' labels, so the chart reads without sight too. */
export function RewardsChart({ months }: { months: AgentInfo['months'] }) {
  const { t, i18n } = useTranslation();
  const max = Math.max(1, ...months.map((m) => Math.abs(m.cents)));
  const locale = intlLocale(i18n.language);
  const label = (month: string) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
  // Under the bar: the month alone ("Dec", "дек."), its year only where a year starts or the chart does.
  const short = (month: string, index: number) => {
    const date = new Date(`${month}-01T00:00:00Z`);
    const name = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(date).replace('.', '');
    return index === 0 || date.getUTCMonth() === 0 ? `${name} ${String(date.getUTCFullYear()).slice(2)}` : name;
  };
  return (
    // Focusable: on a phone the months scroll inside the card, and a keyboard must reach them.
    <figure className="agent-chart card" data-testid="agent-chart" tabIndex={0}>
      <figcaption className="agent-card__title">{t('agent.chart.title')}</figcaption>
      <ol className="agent-chart__bars">
        {months.map((m, index) => (
          <li key={m.month} className="agent-chart__item" aria-label={`${label(m.month)}: ${formatCents(m.cents, i18n.language)}`}>
            <span className="agent-chart__value" aria-hidden="true">
              {m.cents !== 0 ? formatCents(m.cents, i18n.language).replace(/\.00$/, '') : ''}
            </span>
            <span className="agent-chart__track" aria-hidden="true">
              <span
                className={m.cents < 0 ? 'agent-chart__bar agent-chart__bar--minus' : 'agent-chart__bar'}
                style={{ height: `${Math.round((Math.abs(m.cents) / max) * 100)}%` }}
              />
            </span>
            <span className="agent-chart__label" aria-hidden="true">
              {short(m.month, index)}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
