import type { ReportKind } from '@cab/contract/reports';
import { GenerateReportButton } from '@/components/generated-reports/generate-report-button';
import { RecentGeneratedReports as RecentFiles } from '@/components/generated-reports/recent-generated-reports';
import { ScheduleReportButton } from '@/components/report-schedules/schedule-report-button';

/**
 * "Generate file" (XLSX or CSV) for the report on screen, and "Schedule" to have it e-mailed on a
 * cadence; `request` is the body the page sends.
 */
export function ReportGenerateSlot({ kind, request, disabled }: { kind: ReportKind; request: unknown; disabled: boolean }) {
  return (
    <div className="report-generate-slot">
      <ScheduleReportButton kind={kind} request={request} disabled={disabled} />
      <GenerateReportButton kind={kind} request={request} disabled={disabled} />
    </div>
  );
}

/** The company's most recent generated files, on the /report home. */
export function RecentGeneratedReports() {
  return <RecentFiles />;
}
