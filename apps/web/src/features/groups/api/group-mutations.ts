import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GROUPS_API } from '@cab/contract/groups';
import { api } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { GROUPS_KEY } from '@/lib/groups-query';

type OnError = (error: ApiError) => void;

/** Groups change what the SIM list and SIM pages show (group filter, group tags), so both refetch. */
function useGroupMutation<T>(call: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['sims'] });
    },
  });
}

export function useCreateGroup(onError: OnError) {
  return useGroupMutation((body: { name: string }) => api.call(GROUPS_API.create, body, { onError }));
}

export function useRenameGroup(onError: OnError) {
  return useGroupMutation((body: { id: number; name: string }) => api.call(GROUPS_API.rename, body, { onError }));
}

export function useDeleteGroup() {
  return useGroupMutation((body: { id: number }) => api.call(GROUPS_API.delete, body));
}
