import './generated-reports.css';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { formatUnixDate } from '@/lib/format-date';
import { useGeneratedReports, downloadGeneratedReport } from './generated-reports-api';
import { QueryStates } from '@/components/query-states';

/** The company's five newest generated files with a download button each (the /report home). */
export function RecentGeneratedReports() {
  const { t, i18n } = useTranslation();
  const list = useGeneratedReports({ page: 0, size: 5 });
  return (
    <section className="card recent-reports" data-testid="recent-generated-reports">
      <div className="recent-reports__head">
        <h2>{t('generatedReports.recent')}</h2>
        <Link to="/generated_reports">{t('generatedReports.all')}</Link>
      </div>
      <QueryStates
        query={list}
        rows={3}
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="recent-reports__empty">{t('generatedReports.empty')}</p>}
      >
        {(data) => (
          <ul className="recent-reports__list">
            {data.items.map((file) => (
              <li key={file.id}>
                <span className="recent-reports__name">
                  {t(`generatedReports.kinds.${file.kind}`)} · {file.format.toUpperCase()}
                  <small>{formatUnixDate(file.created, i18n.language)}</small>
                </span>
                {file.state === 'ready' ? (
                  <Button
                    type="button"
                    icon="pi pi-download"
                    text
                    size="small"
                    aria-label={`${t('generatedReports.download')}: ${t(`generatedReports.kinds.${file.kind}`)}`}
                    onClick={() => void downloadGeneratedReport(file.id, `report-${file.id}.${file.format}`)}
                  />
                ) : (
                  <span className="recent-reports__state">{t(`generatedReports.states.${file.state}`)}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}
