import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GENERATED_REPORTS_API, type GeneratedReportCreateRequest, type GeneratedReportsListRequest } from '@cab/contract/generated-reports';
import { api, required } from '@/lib/api';
import { getAppId } from '@/lib/app-id';
import { saveBlob } from '@/lib/download-file';
import { currentLang } from '@/lib/i18n';
import { toastError } from '@/lib/toast-bus';

export const GENERATED_REPORTS_KEY = ['generated-reports'] as const;

/**
 * A page of the company's generated files. While one is being written the list polls, so its row
 * turns ready (with rows and size) without a reload.
 */
export function useGeneratedReports(request: GeneratedReportsListRequest) {
  return useQuery({
    queryKey: [...GENERATED_REPORTS_KEY, request],
    queryFn: async () => required(await api.call(GENERATED_REPORTS_API.list, request)),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.state === 'writing') ? 2000 : false),
  });
}

/** Starts a generation; the header's queue shows it at once (queue_add). */
export function useGenerateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GeneratedReportCreateRequest) => required(await api.call(GENERATED_REPORTS_API.create, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GENERATED_REPORTS_KEY }),
  });
}

export function useDeleteGeneratedReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => required(await api.call(GENERATED_REPORTS_API.delete, { id })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: GENERATED_REPORTS_KEY }),
  });
}

/** The name the server gives the file (Content-Disposition), or a fallback. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const match = /filename="([^"]+)"/.exec(header);
  return match?.[1] ?? fallback;
}

/**
 * Downloads a generated file with the bearer token (a link cannot carry it). A file still being
 * written, deleted or expired gets the server's own localized message as an error toast.
 */
export async function downloadGeneratedReport(id: number, fallbackName: string): Promise<boolean> {
  const token = await api.freshToken();
  try {
    const response = await fetch(`${GENERATED_REPORTS_API.download.path}?id=${id}&lang=${currentLang()}`, {
      headers: token ? { Authorization: `Bearer ${token}`, 'X-App-Id': getAppId() } : {},
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      toastError(body?.message ?? { key: 'common.unexpectedError' });
      return false;
    }
    saveBlob(await response.blob(), fileNameOf(response, fallbackName));
    return true;
  } catch {
    toastError({ key: 'common.unexpectedError' });
    return false;
  }
}
