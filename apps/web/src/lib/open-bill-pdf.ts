import { BILL_API } from '@cab/contract/bills';
import { api } from '@/lib/api';
import { getAppId } from '@/lib/app-id';
import { currentLang } from '@/lib/i18n';

/**
 * Opens a bill's PDF in a new tab. A plain link cannot carry the bearer token, so the file is fetched
 * with it; the tab is opened first, while the click still counts as the user's, or popup blockers
 * would stop it. Returns false when it failed.
 */
export async function openBillPdf(id: number): Promise<boolean> {
  const tab = window.open('', '_blank');
  try {
    const token = await api.freshToken();
    const response = await fetch(`${BILL_API.pdf.path}?id=${id}&lang=${currentLang()}`, {
      headers: token ? { Authorization: `Bearer ${token}`, 'X-App-Id': getAppId() } : {},
    });
    if (!response.ok) throw new Error(`PDF answered ${response.status}`);
    const url = URL.createObjectURL(await response.blob());
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    // The tab has loaded it by then; the memory goes back.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return true;
  } catch {
    tab?.close();
    return false;
  }
}
