import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { NETWORK_API } from '@cab/contract/network';
import { api, required } from '@/lib/api';

const STATUS_KEY = ['tools', 'network-status'] as const;

/** The network behind the cabinet: adapter, HLR connection, last reconcile, links; live while open. */
export const networkStatusQuery = queryOptions({
  queryKey: STATUS_KEY,
  queryFn: async () => required(await api.call(NETWORK_API.status, {})),
  refetchInterval: 5000,
});

/** Asks for a reconcile of the HLR with the cabinet; the status shows its report once it ran. */
export function useStartReconcile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => required(await api.call(NETWORK_API.reconcile, {})),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}
