import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BannerGetResult,
  BannerInput,
  BannerState,
  FaqAdminEntry,
  FaqAdminListResult,
  FaqInput,
  NewsAdminItem,
  NewsAdminListResult,
  NewsImageUploadResult,
  NewsUpdateRequest,
  VersionState,
} from '@cab/contract/content';
import type { AdminCompanyListResult } from '@cab/contract/companies-admin';
import type { NewsCreateRequest } from '@cab/contract/news';
import { API } from '@cab/contract/paths';
import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import { CONTENT_API } from '@cab/contract/paths-content';
import { api, required } from '@/lib/api';
import { readApiError, type ApiError } from '@/lib/api-error';
import { getAppId } from '@/lib/app-id';
import { currentLang } from '@/lib/i18n';
import { ME_KEY } from '@/lib/me-query';

type OnError = (error: ApiError) => void;

export const bannerQueryOptions = queryOptions({
  queryKey: ['tools', 'banner'],
  queryFn: async () => required(await api.post<BannerGetResult>(CONTENT_API.bannerGet, {})),
});

/** Companies a banner may be aimed at (root's picker; the platform has hundreds, not millions). */
export const bannerCompaniesQueryOptions = queryOptions({
  queryKey: ['tools', 'banner-companies'],
  queryFn: async () => required(await api.post<AdminCompanyListResult>(ACCOUNT_API.companiesAdminList, { page: 0, size: 500 })),
  staleTime: 60_000,
});

export const versionQueryOptions = queryOptions({
  queryKey: ['tools', 'version'],
  queryFn: async () => required(await api.post<VersionState>(CONTENT_API.versionGet, {})),
});

export const NEWS_EDITOR_PAGE_SIZE = 20;
export function newsAdminQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['tools', 'news', page],
    queryFn: async () => required(await api.post<NewsAdminListResult>(CONTENT_API.newsAdminList, { page, size: NEWS_EDITOR_PAGE_SIZE })),
  });
}

export const faqAdminQueryOptions = queryOptions({
  queryKey: ['tools', 'faq'],
  queryFn: async () => required(await api.post<FaqAdminListResult>(CONTENT_API.faqAdminList, {})),
});

/** A tool's change: its own data refetches, and root's own cabinet re-reads its user data (banner, version). */
function useToolMutation<T, R>(key: string, call: (body: T) => Promise<R | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: T) => required(await call(body)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['tools', key] });
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

export const usePublishBanner = (onError: OnError) =>
  useToolMutation('banner', (body: BannerInput) => api.act<BannerState>(CONTENT_API.bannerPublish, body, { onError }));
export const useWithdrawBanner = () => useToolMutation('banner', () => api.act<BannerGetResult>(CONTENT_API.bannerWithdraw, {}));
export const useSetVersion = (onError: OnError) =>
  useToolMutation('version', (body: { min_version: number }) => api.act<VersionState>(CONTENT_API.versionSet, body, { onError }));

export const useCreateNews = (onError: OnError) =>
  useToolMutation('news', (body: NewsCreateRequest) => api.act<NewsAdminItem>(API.newsCreate, body, { onError }));
export const useUpdateNews = (onError: OnError) =>
  useToolMutation('news', (body: NewsUpdateRequest) => api.act<NewsAdminItem>(CONTENT_API.newsUpdate, body, { onError }));
export const useSetNewsPublished = () =>
  useToolMutation('news', ({ id, published }: { id: number; published: boolean }) =>
    api.act<NewsAdminItem>(published ? CONTENT_API.newsPublish : CONTENT_API.newsUnpublish, { id }),
  );

export const useCreateFaq = (onError: OnError) => useToolMutation('faq', (body: FaqInput) => api.act<FaqAdminEntry>(CONTENT_API.faqCreate, body, { onError }));
export const useUpdateFaq = (onError: OnError) => useToolMutation('faq', (body: FaqInput) => api.act<FaqAdminEntry>(CONTENT_API.faqUpdate, body, { onError }));
export const useDeleteFaq = () => useToolMutation('faq', (body: { id: string }) => api.act<{ ok: boolean }>(CONTENT_API.faqDelete, body));

/**
 * Sends an image file's bytes as the body (the JSON client cannot); the server checks type, size and
 * magic bytes and answers with a localized message when it refuses.
 */
export async function uploadNewsImage(file: File): Promise<NewsImageUploadResult> {
  const token = await api.freshToken();
  const response = await window.fetch(`${CONTENT_API.newsImageUpload}?lang=${currentLang()}`, {
    method: 'POST',
    headers: { 'Content-Type': file.type || 'application/octet-stream', 'X-App-Id': getAppId(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: file,
  });
  if (!response.ok) throw await readApiError(response);
  return ((await response.json()) as { result: NewsImageUploadResult }).result;
}
