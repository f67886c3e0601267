/** Paths of the usage reports (ARCHITECTURE §7 Reports); generation and downloads live with generated reports. */
export const REPORT_API = {
  day: '/api/reports/day',
  sessions: '/api/reports/sessions',
  callSms: '/api/reports/call_sms',
} as const;
