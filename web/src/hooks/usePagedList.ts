import { useCallback, useEffect, useRef, useState } from "react";
import { ApiFailure } from "../lib/api.ts";

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

/**
 * A list read page by page ("load more"): page 1 on mount and whenever `deps`
 * change; answers that arrive after a newer reload are dropped.
 */
export function usePagedList<T>(load: (page: number) => Promise<PageResult<T>>, deps: readonly unknown[] = []): PagedList<T> {
  const [state, setState] = useState<{ items: T[]; page: number; hasMore: boolean; loading: boolean; error?: ApiFailure }>({
    items: [],
    page: 0,
    hasMore: false,
    loading: true,
  });
  const seq = useRef(0);
  const busy = useRef(false);
  // oxlint-disable-next-line react-hooks/exhaustive-deps -- deps are the caller's
  const run = useCallback(load, deps);

  const fetchPage = useCallback(
    (page: number, mine: number) => {
      busy.current = true;
      setState((s) => ({ ...s, loading: true, error: page === 1 ? undefined : s.error }));
      run(page).then(
        (result) => {
          if (mine !== seq.current) return;
          busy.current = false;
          setState((s) => ({
            items: page === 1 ? result.items : [...s.items, ...result.items],
            page,
            hasMore: result.hasMore,
            loading: false,
          }));
        },
        (error: unknown) => {
          if (mine !== seq.current) return;
          busy.current = false;
          const failure = error instanceof ApiFailure ? error : new ApiFailure(String(error), "network");
          setState((s) => ({ ...s, loading: false, error: page === 1 ? failure : undefined }));
        },
      );
    },
    [run],
  );

  const reload = useCallback(() => {
    seq.current += 1;
    fetchPage(1, seq.current);
  }, [fetchPage]);

  const loadMore = useCallback(() => {
    if (busy.current || !state.hasMore) return;
    fetchPage(state.page + 1, seq.current);
  }, [fetchPage, state.hasMore, state.page]);

  useEffect(reload, [reload]);
  return { items: state.items, loading: state.loading, error: state.error, hasMore: state.hasMore, loadMore, reload };
}
