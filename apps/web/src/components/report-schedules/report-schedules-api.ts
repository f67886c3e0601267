import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REPORT_SCHEDULES_API,
  type ReportScheduleCreateRequest,
  type ReportSchedulesListResult,
  type ReportScheduleUpdateRequest,
} from '@cab/contract/report-schedules';
import { GENERATED_REPORTS_KEY } from '@/components/generated-reports/generated-reports-api';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';

export const REPORT_SCHEDULES_KEY = ['report-schedules'] as const;

type OnError = (error: ApiError) => void;

/**
 * The company's schedules; while a "run now" is pending the list polls, so its last run appears, and
 * the files list is asked again once a run has ended (its file is in Downloads now).
 */
export function useReportSchedules() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: REPORT_SCHEDULES_KEY,
    queryFn: async () => {
      const pendingBefore = queryClient.getQueryData<ReportSchedulesListResult>(REPORT_SCHEDULES_KEY)?.items.filter((s) => s.run_pending) ?? [];
      const list = required(await api.call(REPORT_SCHEDULES_API.list, {}));
      const ended = pendingBefore.some((before) => !list.items.find((s) => s.id === before.id)?.run_pending);
      if (ended) void queryClient.invalidateQueries({ queryKey: GENERATED_REPORTS_KEY });
      return list;
    },
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.run_pending) ? 3000 : false),
  });
}

/** Creates a schedule, or replaces one when the body carries its id. */
export function useSaveSchedule(onError: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReportScheduleCreateRequest | ReportScheduleUpdateRequest) =>
      'id' in body
        ? required(await api.call(REPORT_SCHEDULES_API.update, body, { onError }))
        : required(await api.call(REPORT_SCHEDULES_API.create, body, { onError })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORT_SCHEDULES_KEY }),
  });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => required(await api.call(REPORT_SCHEDULES_API.delete, { id })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REPORT_SCHEDULES_KEY }),
  });
}

export function useRunScheduleNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => required(await api.call(REPORT_SCHEDULES_API.runNow, { id })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REPORT_SCHEDULES_KEY }),
  });
}
