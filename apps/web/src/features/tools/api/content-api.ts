import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CONTENT_API, type BannerInput, type FaqInput, type NewsImageUploadResult, type NewsUpdateRequest } from '@cab/contract/content';
import { COMPANIES_ADMIN_API } from '@cab/contract/companies-admin';
import { NEWS_API, type NewsCreateRequest } from '@cab/contract/news';
import { api, required } from '@/lib/api';
import { readApiError, type ApiError } from '@/lib/api-error';
import { getAppId } from '@/lib/app-id';
import { currentLang } from '@/lib/i18n';
import { ME_KEY } from '@/lib/me-query';

type OnError = (error: ApiError) => void;

export const bannerQueryOptions = queryOptions({
  queryKey: ['tools', 'banner'],
  queryFn: async () => required(await api.call(CONTENT_API.bannerGet, {})),
});

/** Companies a banner may be aimed at (root's picker; the platform has hundreds, not millions). */
export const bannerCompaniesQueryOptions = queryOptions({
  queryKey: ['tools', 'banner-companies'],
  queryFn: async () => required(await api.call(COMPANIES_ADMIN_API.list, { page: 0, size: 500 })),
  staleTime: 60_000,
});

export const versionQueryOptions = queryOptions({
  queryKey: ['tools', 'version'],
  queryFn: async () => required(await api.call(CONTENT_API.versionGet, {})),
});

export const NEWS_EDITOR_PAGE_SIZE = 20;
export function newsAdminQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['tools', 'news', page],
    queryFn: async () => required(await api.call(NEWS_API.adminList, { page, size: NEWS_EDITOR_PAGE_SIZE })),
  });
}

export const faqAdminQueryOptions = queryOptions({
  queryKey: ['tools', 'faq'],
  queryFn: async () => required(await api.call(CONTENT_API.faqAdminList, {})),
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
  useToolMutation('banner', (body: BannerInput) => api.call(CONTENT_API.bannerPublish, body, { onError }));
export const useWithdrawBanner = () => useToolMutation('banner', () => api.call(CONTENT_API.bannerWithdraw, {}));
export const useSetVersion = (onError: OnError) =>
  useToolMutation('version', (body: { min_version: number }) => api.call(CONTENT_API.versionSet, body, { onError }));

export const useCreateNews = (onError: OnError) =>
  useToolMutation('news', (body: NewsCreateRequest) => api.call(NEWS_API.create, body, { onError }));
export const useUpdateNews = (onError: OnError) =>
  useToolMutation('news', (body: NewsUpdateRequest) => api.call(NEWS_API.update, body, { onError }));
export const useSetNewsPublished = () =>
  useToolMutation('news', ({ id, published }: { id: number; published: boolean }) =>
    api.call(published ? NEWS_API.publish : NEWS_API.unpublish, { id }),
  );

export const useCreateFaq = (onError: OnError) => useToolMutation('faq', (body: FaqInput) => api.call(CONTENT_API.faqCreate, body, { onError }));
export const useUpdateFaq = (onError: OnError) => useToolMutation('faq', (body: FaqInput) => api.call(CONTENT_API.faqUpdate, body, { onError }));
export const useDeleteFaq = () => useToolMutation('faq', (body: { id: string }) => api.call(CONTENT_API.faqDelete, body));

/**
 * Sends an image file's bytes as the body (the JSON client cannot); the server checks type, size and
 * magic bytes and answers with a localized message when it refuses.
 */
export async function uploadNewsImage(file: File): Promise<NewsImageUploadResult> {
  const token = await api.freshToken();
  const response = await window.fetch(`${NEWS_API.imageUpload.path}?lang=${currentLang()}`, {
    method: 'POST',
    headers: { 'Content-Type': file.type || 'application/octet-stream', 'X-App-Id': getAppId(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: file,
  });
  if (!response.ok) throw await readApiError(response);
  return ((await response.json()) as { result: NewsImageUploadResult }).result;
}
