import { useInfiniteQuery } from '@tanstack/react-query';
import { TOAST_LIFE_MS } from '@cab/contract/constants';
import { SMS_INBOX_API, type SmsInboxFilter } from '@cab/contract/sms-inbox';
import { api, required } from '@/lib/api';
import { fetchFile } from '@/lib/download-file';
import { toastError } from '@/lib/toast-bus';
import { smsExportQuery } from '../model/sms-filter';

export const SMS_KEY = ['sms'] as const;
export const SMS_INBOX_PAGE_SIZE = 25;
/** A queued message waits for its receipt this long between looks while the inbox is open. */
const RECEIPT_POLL_MS = 5000;

/** The inbox, newest first, a page at a time by keyset ("Show more" asks for the next). */
export function useSmsInbox(filter: SmsInboxFilter, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...SMS_KEY, 'inbox', filter],
    queryFn: async ({ pageParam, signal }) =>
      required(await api.call(SMS_INBOX_API.list, { ...filter, size: SMS_INBOX_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, { signal })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled,
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.items.some((m) => m.status === 'queued')) ? RECEIPT_POLL_MS : false),
  });
}

/** Downloads the inbox through the same filter; a refusal (too many messages, a bad range) is shown as the server says it. */
export async function exportSmsInbox(filter: SmsInboxFilter, format: 'csv' | 'xlsx'): Promise<boolean> {
  const outcome = await fetchFile(`${SMS_INBOX_API.export.path}?${smsExportQuery(filter, format)}`, `sms-${new Date().toISOString().slice(0, 10)}.${format}`);
  if (!outcome.ok) toastError(outcome.message ?? { key: 'common.cantLoad' }, TOAST_LIFE_MS * 2);
  return outcome.ok;
}
