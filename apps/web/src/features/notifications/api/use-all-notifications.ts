import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listNotifications, readNotifications } from '@/lib/notify-api';
import { ALL_NOTIFICATIONS_KEY } from './query-keys';


export function useAllNotifications() {
  return useQuery({ queryKey: ALL_NOTIFICATIONS_KEY, queryFn: () => listNotifications(true) });
}

export function useReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readNotifications,
    // The header list and its unread count follow the server.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notify'] }),
  });
}
