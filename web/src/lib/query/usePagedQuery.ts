import { useCallback, useEffect, useRef } from "react";
import type { ApiFailure } from "../api.ts";
import { type QueryKey, queryClient } from "./client.ts";
import { useQuery } from "./useQuery.ts";

export type PageResult<T> = { items: T[]; hasMore: boolean };

export type PagedList<T> = {
  items: T[];
  /** A page is loading (the first or a further one). */
  loading: boolean;
  /** The first page failed (a failed further page keeps what was shown and offers "load more" again). */
  error: ApiFailure | undefined;
  hasMore: boolean;
  loadMore: () => void;
  reload: () => void;
};

type Pages<T> = { items: T[]; page: number; hasMore: boolean };

/**
 * A list read page by page ("load more") through the cache: the pages read so far
 * are the key's data, so a revisit paints at once and an invalidation of the key
 * (a money action) reads page 1 again. A further page that answers after a reload
 * is dropped like any superseded answer.
 */
export function usePagedQuery<T>(
  key: QueryKey,
  loadPage: (page: number) => Promise<PageResult<T>>,
  options: { enabled?: boolean } = {},
): PagedList<T> {
  // The loader of the latest render is the one used (the key decides when to read again).
  const latest = useRef(loadPage);
  const keyRef = useRef(key);
  useEffect(() => {
    latest.current = loadPage;
    keyRef.current = key;
  });
  const query = useQuery<Pages<T>>(
    {
      key,
      load: async () => {
        const first = await latest.current(1);
        return { items: first.items, page: 1, hasMore: first.hasMore };
      },
    },
    options,
  );

  const loadMore = useCallback(() => {
    const state = queryClient.get<Pages<T>>(keyRef.current);
    const shown = state.data;
    if (!shown?.hasMore || state.fetching) return;
    const next = shown.page + 1;
    const read = async (): Promise<Pages<T>> => {
      const more = await latest.current(next);
      return { items: [...shown.items, ...more.items], page: next, hasMore: more.hasMore };
    };
    queryClient.fetch(keyRef.current, read, { force: true, once: true }).catch(() => undefined);
  }, []);

  const data = query.data;
  return {
    items: data?.items ?? [],
    loading: query.loading,
    error: data ? undefined : query.error,
    hasMore: data?.hasMore ?? false,
    loadMore,
    reload: query.reload,
  };
}
