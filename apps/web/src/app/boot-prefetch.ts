import { meQueryOptions } from '@/lib/me-query';
import { prefetchSignedIn } from '@/lib/prefetch-signed-in';
import { queryClient } from '@/lib/query-client';
import { prefetchSimList } from '@/features/sims/api/prefetch-list';
import { newsQueryOptions } from './widgets/news/news-query';

/**
 * The first requests of a signed-in page, started from the entry while the page's modules (dozens of
 * files) are still on their way: the route loaders would start them only once all had arrived.
 * The route loaders start the same requests on navigations within the app; the query cache makes
 * the second start of a request a no-op. The news panel opens by itself on unseen news (spec §4):
 * its first page is asked for as soon as the user data says so.
 */
export function prefetchFirstRequests(location: Pick<Location, 'pathname' | 'search'>): void {
  if (prefetchSignedIn(meQueryOptions)) {
    void queryClient.ensureQueryData(meQueryOptions).then(
      (me) => {
        if (me.news.show) void queryClient.prefetchQuery(newsQueryOptions(1));
      },
      () => undefined,
    );
  }
  if (location.pathname === '/list') prefetchSimList(new URLSearchParams(location.search));
}
