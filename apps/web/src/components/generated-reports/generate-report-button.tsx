import './generated-reports.css';
import { useCan } from '@/lib/use-can';
import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { GeneratedReportFormat, GeneratedReportKind } from '@cab/contract/generated-reports';
import { showSuccessToast } from '@/lib/api';
import { useGenerateReport } from './generated-reports-api';

/** The report body without the on-screen paging: generation writes every row. */
function withoutPaging(request: unknown): Record<string, unknown> {
  if (typeof request !== 'object' || request === null) return {};
  const { page: _page, size: _size, ...rest } = request as Record<string, unknown>;
  void _page;
  void _size;
  return rest;
}

/**
 * "Generate file" on a report: XLSX or CSV of the report on screen, written in the background (the
 * header's queue shows its progress) and then listed under Downloads. Hidden from roles that may
 * only read reports (viewer).
 */
export function GenerateReportButton({
  kind,
  request,
  disabled,
}: {
  kind: GeneratedReportKind;
  request: unknown;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  const mayGenerate = useCan('reports.run');
  const generate = useGenerateReport();
  if (!mayGenerate) return null;
  const start = (format: GeneratedReportFormat) =>
    generate.mutate(
      { kind, format, request: withoutPaging(request) },
      { onSuccess: () => showSuccessToast({ key: 'generatedReports.started', values: { format: format.toUpperCase() } }) },
    );
  return (
    <div className="generate-report">
      <Button
        type="button"
        icon="pi pi-file-export"
        label={t('generatedReports.generate')}
        disabled={disabled}
        loading={generate.isPending}
        aria-haspopup="menu"
        onClick={(event) => menu.current?.toggle(event)}
        data-testid="generate-report"
      />
      <Menu
        ref={menu}
        popup
        model={[
          {
            label: t('generatedReports.asXlsx'),
            icon: 'pi pi-file-excel',
            className: 'generate-report__xlsx',
            command: () => start('xlsx'),
          },
          {
            label: t('generatedReports.asCsv'),
            icon: 'pi pi-file',
            className: 'generate-report__csv',
            command: () => start('csv'),
          },
        ]}
      />
      <Link to="/generated_reports" className="generate-report__link">
        {t('generatedReports.openDownloads')}
      </Link>
    </div>
  );
}
