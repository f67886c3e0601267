import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BodyOf, ResultOf } from '@cab/contract/endpoint';
import { REPORTS_API, type ReportKind } from '@cab/contract/reports';
import { api, required } from '@/lib/api';

const REPORT_ENDPOINTS = { day: REPORTS_API.day, sessions: REPORTS_API.sessions, call_sms: REPORTS_API.callSms } as const;
type ReportEndpoint = (typeof REPORT_ENDPOINTS)[ReportKind];

/** Each report's answer, as its endpoint declares it. */
export type ReportResults = { [K in ReportKind]: ResultOf<(typeof REPORT_ENDPOINTS)[K]> };

/**
 * One page of a report with its chart and totals. The CSV text stays out of the key (it can be
 * megabytes); `csvKey` names the file instead. Not asked while the form is incomplete.
 */
export function useReport<K extends ReportKind>(kind: K, body: { filter: { csv?: string } }, csvKey: string | null, enabled: boolean) {
  const { csv: _csv, ...filter } = body.filter;
  return useQuery({
    queryKey: ['reports', kind, { ...body, filter }, csvKey],
    queryFn: async ({ signal }) => {
      // One body is built for every kind (report-state.ts keeps the sort column to the kind's own):
      // the compiler cannot pair a kind with its body and its answer, so they are named here.
      const endpoint: ReportEndpoint = REPORT_ENDPOINTS[kind];
      return required(await api.call(endpoint, body as BodyOf<ReportEndpoint>, { signal })) as ReportResults[K];
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The groups of the company a report's filter names (the Group filter's choices). */
export const reportGroupsQuery = (company: number) =>
  queryOptions({
    queryKey: ['reports', 'groups', company],
    queryFn: async () => required(await api.call(REPORTS_API.groups, { company })),
    staleTime: 60_000,
  });
