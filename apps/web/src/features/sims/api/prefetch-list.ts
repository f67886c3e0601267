import { prefetchSignedIn } from '@/lib/prefetch-signed-in';
import { parseListState, toListRequest } from '../model/list-state';
import { simListQueryOptions } from './list-sims';

/** Starts the request for the first page of the list the URL's query names (no CSV filter on a load). */
export function prefetchSimList(search: URLSearchParams): null {
  prefetchSignedIn(simListQueryOptions(toListRequest(parseListState(search), null), null));
  return null;
}
