import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REPORT_API } from '@cab/contract/paths-reports';
import type { CallSmsReportResult, DayReportResult, ReportKind, SessionsReportResult } from '@cab/contract/reports';
import { api, required } from '@/lib/api';

export interface ReportResults {
  day: DayReportResult;
  sessions: SessionsReportResult;
  call_sms: CallSmsReportResult;
}

const PATH: Record<ReportKind, string> = { day: REPORT_API.day, sessions: REPORT_API.sessions, call_sms: REPORT_API.callSms };

/**
 * One page of a report with its chart and totals. The CSV text stays out of the key (it can be
 * megabytes); `csvKey` names the file instead. Not asked while the form is incomplete.
 */
export function useReport<K extends ReportKind>(kind: K, body: { filter: { csv?: string } }, csvKey: string | null, enabled: boolean) {
  const { csv: _csv, ...filter } = body.filter;
  return useQuery({
    queryKey: ['reports', kind, { ...body, filter }, csvKey],
    queryFn: async ({ signal }) => required(await api.post<ReportResults[K]>(PATH[kind], body, { signal })),
    placeholderData: keepPreviousData,
    enabled,
  });
}
