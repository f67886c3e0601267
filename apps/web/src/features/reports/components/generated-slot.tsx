import type { ReportKind } from '@cab/contract/reports';
import { GenerateReportButton } from '@/components/generated-reports/generate-report-button';
import { RecentGeneratedReports as RecentFiles } from '@/components/generated-reports/recent-generated-reports';

/** "Generate file" (XLSX or CSV) for the report on screen; `request` is the body the page sends. */
export function ReportGenerateSlot({ kind, request, disabled }: { kind: ReportKind; request: unknown; disabled: boolean }) {
  return <GenerateReportButton kind={kind} request={request} disabled={disabled} />;
}

/** The company's most recent generated files, on the /report home. */
export function RecentGeneratedReports() {
  return <RecentFiles />;
}
