import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SIM_STOCK_API, type StockImportRequest } from '@cab/contract/sim-stock';
import { api, callOrThrow, required } from '@/lib/api';

const LEVELS_KEY = ['tools', 'sim-stock', 'levels'] as const;

/** Free, allocated and total cards in the SIM stock, by auth kind, and the last import's time. */
export const stockLevelsQuery = queryOptions({
  queryKey: LEVELS_KEY,
  queryFn: async () => required(await api.call(SIM_STOCK_API.levels, {})),
});

/**
 * Checks a vendor file, or imports its valid rows. The server's refusal (a header it cannot read, a
 * file too long) is thrown, so the tab shows it beside the file instead of only in a toast.
 */
export function useStockImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StockImportRequest) => callOrThrow(SIM_STOCK_API.import, request),
    onSuccess: (result) => {
      if (result.imported > 0) void queryClient.invalidateQueries({ queryKey: LEVELS_KEY });
    },
  });
}
