import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { getAppId } from '@/lib/app-id';
import { currentLang, i18next, isLang } from '@/lib/i18n';
import { useIsLoggedIn } from '@/lib/use-session';
import { showToast, toastError } from '@/lib/toast-bus';
import { createWsClient, defaultWsUrl } from '@/lib/ws-client';
import { popupStore } from '../widgets/popups/popup-store';
import { handleWsEvent } from './handle-ws-event';
import { notifyQueryOptions, queueQueryOptions } from './header-queries';
import { NOTIFY_KEY, QUEUE_KEY } from './header-state';

/** While logged in: loads the header lists and keeps one websocket open (spec §4). */
export function RealtimeBridge() {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!loggedIn) return;
    void queryClient.prefetchQuery(queueQueryOptions(queryClient));
    void queryClient.prefetchQuery(notifyQueryOptions());
    const client = createWsClient({
      WebSocket: typeof window.WebSocket === 'function' ? window.WebSocket : undefined,
      url: defaultWsUrl(),
      getToken: api.freshToken,
      getAppId,
      getLang: currentLang,
      onEvent: (event) => handleWsEvent(event, { queryClient, popups: popupStore, toast: showToast }),
      onProblem: (problem) => toastError({ key: problem === 'unsupported' ? 'ws.unsupported' : 'ws.connectionError' }),
    });
    client.start();
    const onLanguageChanged = (lang: string) => {
      if (isLang(lang)) client.sendLang(lang);
    };
    i18next.on('languageChanged', onLanguageChanged);
    return () => {
      i18next.off('languageChanged', onLanguageChanged);
      client.stop();
      // Logged out: the marker and the counter reset (spec §4).
      queryClient.removeQueries({ queryKey: QUEUE_KEY });
      queryClient.removeQueries({ queryKey: NOTIFY_KEY });
    };
  }, [loggedIn, queryClient]);

  return null;
}
