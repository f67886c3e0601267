import { api } from './api';
import { getAppId } from './app-id';
import { currentLang } from './i18n';

/** Saves a blob under a name through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Fetches a file the API answers with (e.g. queue results CSV) and saves it. A plain link cannot
 * carry the bearer token, so the file is fetched with it and saved from memory; a refusal gives the
 * server's localized message (null when there was none: the network failed).
 */
export async function fetchFile(path: string, fileName: string): Promise<{ ok: true } | { ok: false; message: string | null }> {
  const token = await api.freshToken();
  const separator = path.includes('?') ? '&' : '?';
  try {
    const response = await fetch(`${path}${separator}lang=${currentLang()}`, {
      headers: token ? { Authorization: `Bearer ${token}`, 'X-App-Id': getAppId() } : {},
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      return { ok: false, message: typeof body?.message === 'string' ? body.message : null };
    }
    saveBlob(await response.blob(), fileName);
    return { ok: true };
  } catch {
    return { ok: false, message: null };
  }
}

/** Downloads a file the API answers with; returns false when it failed. */
export async function downloadWithToken(path: string, fileName: string): Promise<boolean> {
  return (await fetchFile(path, fileName)).ok;
}

/** A list's filter as an export's query string: the set values, and the file format. */
export function exportQuery(filter: object, format: 'csv' | 'xlsx'): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== null) params.set(key, String(value));
  params.set('format', format);
  return params.toString();
}
