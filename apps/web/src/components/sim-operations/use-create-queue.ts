import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QUEUE_API, type QueueCreateRequest } from '@cab/contract/queue';
import { api, required } from '@/lib/api';
import { formatCount } from '@/lib/format-count';
import { announceQueued } from '@/lib/operation-notice';
import type { ToastText } from '@/lib/toast-bus';

/**
 * POST /api/queue/create; the header queue follows by websocket (queue_add). "Queued" is said where
 * the operation's result will show, and the result takes its place (one message per action).
 */
export function useCreateQueue() {
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: async (request: QueueCreateRequest) =>
      required(await api.call(QUEUE_API.create, request)),
    onSuccess: (result) => {
      const texts: ToastText[] = [{ key: 'ops.queued', values: { count: formatCount(result.count, i18n.language) } }];
      if (result.skipped > 0) texts.push({ key: 'ops.skipped', values: { count: formatCount(result.skipped, i18n.language) } });
      announceQueued({ qid: result.qid, texts });
    },
  });
}
