import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { RecentGeneratedReports } from './generated-slot';
import '../reports.css';

const CARDS = [
  { kind: 'sessions', to: '/report/sessions', icon: 'pi-clock' },
  { kind: 'day', to: '/report/day', icon: 'pi-calendar' },
  { kind: 'call_sms', to: '/report/call_sms', icon: 'pi-comments' },
] as const;

/** Route module /report: a card per report, then the company's recent generated files. */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="report-page">
      <PageTitle>{t('pages.report')}</PageTitle>
      <p className="muted">{t('reports.home.intro')}</p>
      <div className="report-cards">
        {CARDS.map((card) => (
          <Link key={card.kind} to={card.to} className="card report-card" data-testid={`report-card-${card.kind}`}>
            <i className={`pi ${card.icon} report-card__icon`} aria-hidden="true" />
            <span className="report-card__title">{t(`reports.home.${card.kind}.title`)}</span>
            <span className="report-card__text">{t(`reports.home.${card.kind}.text`)}</span>
          </Link>
        ))}
      </div>
      <RecentGeneratedReports />
    </div>
  );
}
