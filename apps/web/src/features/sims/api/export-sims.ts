import { TOAST_LIFE_MS } from '@cab/contract/constants';
import { GENERATED_REPORTS_API } from '@cab/contract/generated-reports';
import { SIM_EXPORT_PATH, type SimExportRequest } from '@cab/contract/sim-tools';
import { api, showSuccessToast } from '@/lib/api';
import { getAppId } from '@/lib/app-id';
import { saveBlob } from '@/lib/download-file';
import { currentLang } from '@/lib/i18n';
import { toastError, type ToastText } from '@/lib/toast-bus';

/**
 * Downloads the filtered list as CSV or XLSX. The server streams it; the file is saved when complete.
 * Over the direct limit the server answers 413 with a localized message, shown as is.
 */
export async function exportSims(request: SimExportRequest, canGenerate: boolean): Promise<boolean> {
  const token = await api.freshToken();
  const fail = (detail: ToastText) => toastError(detail, TOAST_LIFE_MS * 2);
  try {
    const response = await fetch(`${SIM_EXPORT_PATH}?lang=${currentLang()}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-App-Id': getAppId(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(request),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
      // Over the direct limit: the same list becomes a file generated in the background (/generated_reports).
      if (body?.code === 'export_too_large' && canGenerate) return generateInBackground(request);
      fail(body?.message ?? { key: 'common.cantLoad' });
      return false;
    }
    const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `sims.${request.format}`;
    saveBlob(await response.blob(), name);
    return true;
  } catch {
    fail({ key: 'common.cantLoad' });
    return false;
  }
}

async function generateInBackground({ format, ...request }: SimExportRequest): Promise<boolean> {
  const created = await api.call(GENERATED_REPORTS_API.create, { kind: 'sims', format, request });
  if (!created) return false;
  showSuccessToast({ key: 'simTools.export.background' });
  return true;
}
