import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { RowsSkeleton } from './rows-skeleton';

/** What QueryStates reads of a TanStack query (a `useQuery` result fits). */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

interface QueryStatesProps<T> {
  query: QueryLike<T>;
  /** A page-level block: the placeholder and the error view are cards (the error with the spec's 'Error' title). */
  card?: boolean;
  /** Rows of the default placeholder. */
  rows?: number;
  /** Another placeholder while the first answer loads (a form's fields, one block). */
  pending?: ReactNode;
  /** With `empty`: when the answer counts as "nothing here yet". */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * A query's screen: a placeholder while it loads, the error view with a retry, the empty view, else its data.
 * Data already loaded stays on screen when a later refetch fails (its toast has said so), as TanStack
 * Query's "stale while error" suggests: the error view is for a query that has nothing to show.
 */
export function QueryStates<T>({ query, card = false, rows, pending, isEmpty, empty, children }: QueryStatesProps<T>) {
  const { data } = query;
  if (data !== undefined) {
    if (empty !== undefined && isEmpty?.(data)) return <>{empty}</>;
    return <>{children(data)}</>;
  }
  if (query.isError) return <LoadError card={card} onRetry={() => void query.refetch()} />;
  if (!query.isPending) return null;
  return (
    <div className={card ? 'card' : undefined} aria-busy="true">
      {pending ?? <RowsSkeleton rows={rows} />}
    </div>
  );
}
