/** Paths of generated report files and the home dashboard; apart from paths.ts so the login bundle stays small. */
export const FILES_API = {
  generatedReportsCreate: '/api/generated_reports/create',
  generatedReportsList: '/api/generated_reports/list',
  generatedReportsDownload: '/api/generated_reports/download',
  generatedReportsDelete: '/api/generated_reports/delete',
  generatedReportsCancel: '/api/generated_reports/cancel',
  dashboardSummary: '/api/dashboard/summary',
} as const;
