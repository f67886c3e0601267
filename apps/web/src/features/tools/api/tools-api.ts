import { queryOptions } from '@tanstack/react-query';
import { TOOLS_API } from '@cab/contract/tools';
import { api, required } from '@/lib/api';

const CALLS_SHOWN = 20;

/** The telephony simulator's latest calls (root only); refetched every few seconds while open. */
export const simulatedCallsQueryOptions = queryOptions({
  queryKey: ['tools', 'telephony-calls'],
  queryFn: async () => required(await api.call(TOOLS_API.telephonyCalls, { size: CALLS_SHOWN })),
  refetchInterval: 5000,
});
