import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QUEUE_API, type QueueCreateRequest } from '@cab/contract/queue';
import { api, required, showSuccessToast } from '@/lib/api';
import { formatCount } from '@/lib/format-count';

/** POST /api/queue/create; the header queue follows by websocket (queue_add). */
export function useCreateQueue() {
  const { t, i18n } = useTranslation();
  return useMutation({
    mutationFn: async (request: QueueCreateRequest) =>
      required(await api.call(QUEUE_API.create, request)),
    onSuccess: (result) => {
      const queued = t('ops.queued', { count: formatCount(result.count, i18n.language) });
      const skipped =
        result.skipped > 0 ? ` ${t('ops.skipped', { count: formatCount(result.skipped, i18n.language) })}` : '';
      showSuccessToast(`${queued}${skipped}`);
    },
  });
}
