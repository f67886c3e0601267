import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { ProgressSpinner } from 'primereact/progressspinner';
import type { GeneratedReport } from '@cab/contract/generated-reports';
import { downloadGeneratedReport } from '@/components/generated-reports/generated-reports-api';
import { formatCount } from '@/lib/format-count';
import { formatUnixDate } from '@/lib/format-date';
import { formatSize } from '../model/format-size';

const period = (file: GeneratedReport) =>
  file.from && file.to ? (
    <span>
      {file.from} —<br />
      {file.to}
    </span>
  ) : (
    '—'
  );

/** The downloads table: what each file is, who made it and when, when it goes, and its actions. */
export function GeneratedReportsTable({
  items,
  loading,
  canDelete,
  onDelete,
}: {
  items: GeneratedReport[];
  loading: boolean;
  canDelete: boolean;
  onDelete: (file: GeneratedReport) => void;
}) {
  const { t, i18n } = useTranslation();
  const kind = (file: GeneratedReport) => t(`generatedReports.kinds.${file.kind}`);
  const actions = (file: GeneratedReport) => (
    <div className="generated-table__actions">
      {file.state === 'ready' && (
        <Button
          type="button"
          icon="pi pi-download"
          label={t('generatedReports.download')}
          size="small"
          onClick={() => void downloadGeneratedReport(file.id, `report-${file.id}.${file.format}`)}
          data-testid="generated-download"
        />
      )}
      {file.state === 'writing' && (
        <span className="generated-table__writing" data-testid="generated-writing">
          <ProgressSpinner style={{ width: '1.1rem', height: '1.1rem' }} strokeWidth="6" aria-hidden="true" />
          {t('generatedReports.states.writing')}
        </span>
      )}
      {file.state === 'failed' && <span className="text-danger">{t('generatedReports.states.failed')}</span>}
      {canDelete && (
        <Button
          type="button"
          icon="pi pi-trash"
          severity="danger"
          text
          size="small"
          aria-label={`${t('generatedReports.delete')}: ${kind(file)} ${formatUnixDate(file.created, i18n.language)}`}
          onClick={() => onDelete(file)}
          data-testid="generated-delete"
        />
      )}
    </div>
  );
  return (
    <div className="generated-table">
      <DataTable value={items} dataKey="id" size="small" stripedRows loading={loading} data-testid="generated-table">
        <Column
          header={t('generatedReports.columns.kind')}
          body={(file: GeneratedReport) => (
            <div className="generated-table__report">
              <span data-testid="generated-kind">
                <strong>{kind(file)}</strong>{' '}
                <span className="generated-table__format">{file.format.toUpperCase()}</span>
              </span>
              <small title={t('generatedReports.columns.filter')}>{file.filter || '—'}</small>
            </div>
          )}
        />
        <Column header={t('generatedReports.columns.period')} body={period} className="generated-table__period" />
        <Column
          header={t('generatedReports.columns.rows')}
          alignHeader="right"
          className="generated-table__number"
          body={(file: GeneratedReport) => (
            <div className="generated-table__figures">
              <span data-testid="generated-rows">
                {file.rows === null ? '—' : formatCount(file.rows, i18n.language)}
              </span>
              <small>{formatSize(file.bytes, i18n.language)}</small>
            </div>
          )}
        />
        <Column
          header={t('generatedReports.columns.created')}
          body={(file: GeneratedReport) => (
            <div className="generated-table__created">
              <span>{formatUnixDate(file.created, i18n.language)}</span>
              <small>{`${file.created_by.first_name} ${file.created_by.last_name}`}</small>
            </div>
          )}
        />
        <Column
          header={t('generatedReports.columns.expires')}
          body={(file: GeneratedReport) => formatUnixDate(file.expires, i18n.language)}
          className="generated-table__nowrap"
        />
        <Column header={t('generatedReports.columns.actions')} body={actions} />
      </DataTable>
    </div>
  );
}
