import { useCallback, useEffect, useRef, useState } from "react";
import { ApiFailure } from "../lib/api.ts";

export type Query<T> = {
  data: T | undefined;
  error: ApiFailure | undefined;
  loading: boolean;
  reload: () => void;
};

/**
 * The one way pages load data: runs `load` on mount and whenever `deps`
 * change, drops answers that arrive after a newer request, and exposes
 * loading, error and reload for the page's states. Failures are silent
 * here (the page shows them); pass the API's `silent` option in `load`.
 * `deps` decide when to load again, so `load` may be any function, inline or not.
 */
export function useQuery<T>(load: () => Promise<T>, deps: readonly unknown[] = []): Query<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiFailure; loading: boolean }>({ loading: true });
  const seq = useRef(0);
  const latestLoad = useRef(load);
  latestLoad.current = load;
  const reload = useCallback(() => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    latestLoad.current().then(
      (data) => mine === seq.current && setState({ data, loading: false }),
      (error: unknown) =>
        mine === seq.current &&
        setState((s) => ({
          data: s.data,
          loading: false,
          error: error instanceof ApiFailure ? error : new ApiFailure(String(error), "network"),
        })),
    );
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps decide when to load again
  }, deps);
  useEffect(reload, [reload]);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
