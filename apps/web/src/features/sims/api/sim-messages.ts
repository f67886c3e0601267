import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SMS_MESSAGES_API } from '@cab/contract/sms-messages';
import { api, required } from '@/lib/api';
import { SIMS_KEY } from './query-keys';

export const SIM_MESSAGES_PAGE_SIZE = 10;
/** A message waits for its delivery receipt this long between looks while the section is open. */
const RECEIPT_POLL_MS = 5000;

export function useSimMessages(simId: number, page: number) {
  return useQuery({
    queryKey: [...SIMS_KEY, 'messages', simId, page],
    queryFn: async ({ signal }) =>
      required(await api.call(SMS_MESSAGES_API.bySim, { id: simId, page, size: SIM_MESSAGES_PAGE_SIZE }, { signal })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((m) => m.status === 'queued') ? RECEIPT_POLL_MS : false),
  });
}
