import { useState } from 'react';
import { useCan } from '@/lib/use-can';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';

import type { ExportFormat, SimExportRequest } from '@cab/contract/sim-tools';
import { ScheduleReportButton } from '@/components/report-schedules/schedule-report-button';
import { exportSims } from '../api/export-sims';

/** "Export: CSV | XLSX" of the filtered, sorted list with every column, and "Schedule" to have it e-mailed. */
export function ExportButtons({ request }: { request: Omit<SimExportRequest, 'format'> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  // Generating a file needs reports.run (a viewer downloads directly only, up to the direct limit).
  const canGenerate = useCan('reports.run');

  async function run(format: ExportFormat): Promise<void> {
    setBusy(format);
    try {
      await exportSims({ ...request, format }, canGenerate);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="export-buttons" role="group" aria-label={t('simTools.export.label')}>
      <span className="export-buttons__label" aria-hidden="true">
        <i className="pi pi-download" /> {t('simTools.export.label')}
      </span>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          type="button"
          outlined
          size="small"
          label={format.toUpperCase()}
          aria-label={t('simTools.export.as', { format: format.toUpperCase() })}
          title={t('simTools.export.hint')}
          loading={busy === format}
          disabled={busy !== null}
          onClick={() => void run(format)}
          data-testid={`sims-export-${format}`}
        />
      ))}
      <ScheduleReportButton kind="sims" request={request} />
    </div>
  );
}
