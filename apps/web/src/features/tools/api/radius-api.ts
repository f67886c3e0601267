import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { RADIUS_API, type RadiusClientCreateRequest } from '@cab/contract/radius';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';

const CLIENTS_KEY = ['tools', 'radius', 'clients'] as const;
const UNKNOWN_IMSIS_SHOWN = 50;

/** Packets per NAS and the link's state; live while the section is open. */
export const radiusStatsQuery = queryOptions({
  queryKey: ['tools', 'radius', 'stats'],
  queryFn: async () => required(await api.call(RADIUS_API.stats, {})),
  refetchInterval: 5000,
});

export const radiusUnknownImsisQuery = queryOptions({
  queryKey: ['tools', 'radius', 'unknown-imsis'],
  queryFn: async () => required(await api.call(RADIUS_API.unknownImsis, { size: UNKNOWN_IMSIS_SHOWN })),
  refetchInterval: 10_000,
});

export const radiusClientsQuery = queryOptions({
  queryKey: CLIENTS_KEY,
  queryFn: async () => required(await api.call(RADIUS_API.clients, {})).items,
});

/** Adds a NAS client; a refusal goes to `onError` so the form can show it beside its field. */
export function useAddRadiusClient(onError: (error: ApiError) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RadiusClientCreateRequest) => required(await api.call(RADIUS_API.clientCreate, body, { onError })),
    onSuccess: (list) => queryClient.setQueryData(CLIENTS_KEY, list.items),
  });
}

export function useDeleteRadiusClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => required(await api.call(RADIUS_API.clientDelete, { id })),
    onSuccess: (list) => queryClient.setQueryData(CLIENTS_KEY, list.items),
  });
}
