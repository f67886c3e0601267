import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SIM_TOOLS_API, type SavedViewCreateRequest, type SavedViewUpdateRequest } from '@cab/contract/sim-tools';
import { api, required } from '@/lib/api';

const KEY = ['saved-views'] as const;

export function useSavedViews() {
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => required(await api.call(SIM_TOOLS_API.viewsList, {}, { signal })),
  });
}

export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SavedViewCreateRequest | SavedViewUpdateRequest) =>
      required(await ('id' in request ? api.call(SIM_TOOLS_API.viewsUpdate, request) : api.call(SIM_TOOLS_API.viewsCreate, request))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => required(await api.call(SIM_TOOLS_API.viewsDelete, { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
