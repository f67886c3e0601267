import { queryOptions } from '@tanstack/react-query';
import { CONTENT_API } from '@cab/contract/content';
import type { Lang } from '@cab/contract/constants';
import { api, required } from '@/lib/api';

/** The FAQ in the reader's language (answers are HTML the server sanitized). */
export function faqQueryOptions(lang: Lang) {
  return queryOptions({
    queryKey: ['faq', lang],
    queryFn: async () => required(await api.call(CONTENT_API.faqList, {})),
    staleTime: 5 * 60_000,
  });
}
