import { queryOptions } from '@tanstack/react-query';
import { NEWS_PAGE_SIZE, NEWS_TOAST_LIFE_MS } from '@cab/contract/constants';
import { NEWS_API, type NewsItem, type NewsListResult } from '@cab/contract/news';
import { api, required } from '@/lib/api';
import { showToast } from '@/lib/toast-bus';

/** News filter state of spec §3; pageIndex is 1-based here and zero-based in the request. */
export interface NewsFilter {
  pageIndex: number;
  pageSize: number;
  items: NewsItem[];
  countAll: number;
}

export function pageCountOf(countAll: number, pageSize: number): number {
  return Math.max(1, Math.ceil(countAll / pageSize));
}

export function clampPage(pageIndex: number, pageCount: number): number {
  return Math.min(Math.max(1, pageIndex), Math.max(1, pageCount));
}

async function fetchNews(pageIndex: number, pageSize: number): Promise<NewsListResult> {
  try {
    // The panel shows its own error view; the default error toast is replaced by the news one.
    const result = await api.call(NEWS_API.list, { page: pageIndex - 1, size: pageSize }, { onError: () => undefined });
    return required(result);
  } catch (error) {
    showToast({
      severity: 'warn',
      summary: { key: 'common.error' },
      detail: { key: 'news.failed' },
      life: NEWS_TOAST_LIFE_MS,
      group: 'br',
    });
    throw error;
  }
}

export function newsQueryOptions(pageIndex: number, pageSize: number = NEWS_PAGE_SIZE) {
  return queryOptions({
    queryKey: ['news', pageIndex, pageSize],
    queryFn: () => fetchNews(pageIndex, pageSize),
    retry: false,
  });
}
