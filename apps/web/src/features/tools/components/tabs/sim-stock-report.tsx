import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import type { StockImportResult, StockProblem } from '@cab/contract/sim-stock';

/** Problems the report lists; the answer may hold more (STOCK_PROBLEMS_LISTED), all are counted. */
const PROBLEMS_SHOWN = 100;

interface StockReportProps {
  report: StockImportResult;
  importing: boolean;
  onImport: () => void;
  onCancel: () => void;
}

/** A checked file: how many rows are valid, each problem by row, field and reason, and the choice to import the valid rows or nothing. */
export function StockReport({ report, importing, onImport, onCancel }: StockReportProps) {
  const { t } = useTranslation();
  const shown = report.problems.slice(0, PROBLEMS_SHOWN);
  const rest = report.problems_total - shown.length;
  const reason = (problem: StockProblem) =>
    t(`simStock.reason.${problem.reason}`, problem.first_row === undefined ? {} : { row: problem.first_row });
  return (
    <div className="tools-result" role="status" data-testid="stock-report" data-valid={report.valid} data-problems={report.problems_total}>
      <p>
        <strong>{t('simStock.report.summary', { count: report.rows, valid: report.valid, invalid: report.invalid })}</strong>
      </p>
      {shown.length > 0 ? (
        <>
          <DataTable value={shown} size="small" stripedRows className="stock-problems" data-testid="stock-problems">
            <Column header={t('simStock.report.row')} field="row" />
            <Column header={t('simStock.report.field')} body={(problem: StockProblem) => (problem.field ? problem.field.toUpperCase() : t('simStock.report.wholeRow'))} />
            <Column header={t('simStock.report.reason')} body={reason} />
          </DataTable>
          {rest > 0 && <p className="muted" data-testid="stock-problems-rest">{t('simStock.report.more', { count: rest })}</p>}
        </>
      ) : (
        <p>{t('simStock.report.allValid')}</p>
      )}
      <div className="tools-actions stock-report__actions">
        <Button
          type="button"
          label={t('simStock.importValid', { count: report.valid })}
          icon="pi pi-download"
          disabled={report.valid === 0}
          loading={importing}
          onClick={onImport}
          data-testid="stock-import-valid"
        />
        <Button type="button" label={t('simStock.cancel')} text disabled={importing} onClick={onCancel} data-testid="stock-cancel" />
      </div>
    </div>
  );
}
