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
 * Downloads a file the API answers with (e.g. queue results CSV). A plain link cannot carry the bearer
 * token, so the file is fetched with it and saved from memory. Returns false when it failed.
 */
export async function downloadWithToken(path: string, fileName: string): Promise<boolean> {
  const token = await api.freshToken();
  const separator = path.includes('?') ? '&' : '?';
  try {
    const response = await fetch(`${path}${separator}lang=${currentLang()}`, {
      headers: token ? { Authorization: `Bearer ${token}`, 'X-App-Id': getAppId() } : {},
    });
    if (!response.ok) return false;
    saveBlob(await response.blob(), fileName);
    return true;
  } catch {
    return false;
  }
}
