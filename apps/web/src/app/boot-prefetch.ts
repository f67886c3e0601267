import type { ResultOf } from '@cab/contract/endpoint';
import type { ME_API } from '@cab/contract/me';
import { ENTRY_PATHS } from '@cab/contract/paths';
import { api } from '@/lib/api';
import { cookieTokenStorage } from '@/lib/auth-storage';
import { isTokenFresh } from '@/lib/jwt';
import { ME_REQUEST } from '@/lib/session';
import { parseListState, toListRequest } from '@/features/sims/model/list-state';

/**
 * The first requests of a signed-in page, sent by the entry before anything else runs, while the
 * page's modules are still on their way: the queries that want these answers take them from the API
 * client (`startEarly`) once their code has loaded. This is part of the entry, which the login route
 * loads too: nothing here may import the shell's chunks (PrimeReact, zod schemas, the query client),
 * which would also hold the requests back by their evaluation.
 * The paths come from ENTRY_PATHS, the very constants the registry declares these endpoints with
 * (me.ts, sims.ts), whose zod schemas stay out of the entry (only their types are imported).
 * Only with a fresh token: a refresh on load is left to the page's own query. The news panel opens by
 * itself on unseen news (spec §4): its first page is asked for as soon as the user data says so.
 */
export function prefetchFirstRequests(location: Pick<Location, 'pathname' | 'search'>): void {
  if (!isTokenFresh(cookieTokenStorage.read().token)) return;
  void api.startEarly<ResultOf<typeof ME_API.get>>(ENTRY_PATHS.me, ME_REQUEST).then((me) => {
    if (me?.news.show) void prefetchNews();
  }, () => undefined);
  if (location.pathname === '/list') {
    void api.startEarly(ENTRY_PATHS.simsList, toListRequest(parseListState(new URLSearchParams(location.search)), null));
  }
}

async function prefetchNews(): Promise<void> {
  const [{ queryClient }, { newsQueryOptions }] = await Promise.all([import('@/lib/query-client'), import('./widgets/news/news-query')]);
  await queryClient.prefetchQuery(newsQueryOptions(1));
}
