import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OPS_API } from '@cab/contract/paths-ops';
import type { SavedView, SavedViewCreateRequest, SavedViewListResult, SavedViewUpdateRequest } from '@cab/contract/sim-tools';
import { api, required } from '@/lib/api';

const KEY = ['saved-views'] as const;

export function useSavedViews() {
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => required(await api.post<SavedViewListResult>(OPS_API.viewsList, {}, { signal })),
  });
}

export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SavedViewCreateRequest | SavedViewUpdateRequest) =>
      required(await api.act<SavedView>('id' in request ? OPS_API.viewsUpdate : OPS_API.viewsCreate, request)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => required(await api.act<{ id: number }>(OPS_API.viewsDelete, { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
