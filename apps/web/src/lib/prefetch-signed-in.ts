import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { cookieTokenStorage } from './auth-storage';
import { isTokenFresh } from './jwt';
import { queryClient } from './query-client';

/**
 * Starts a signed-in route's first request from its route loader, as soon as its module has loaded:
 * rendering the shell and the page first would delay the request by their main-thread work (seconds
 * on a slow machine). Only with a fresh token: a refresh on load is left to the page's own query.
 * Answers whether the request was started.
 */
export function prefetchSignedIn<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): boolean {
  if (!isTokenFresh(cookieTokenStorage.read().token)) return false;
  void queryClient.prefetchQuery(options);
  return true;
}
