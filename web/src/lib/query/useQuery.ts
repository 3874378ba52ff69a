import { startTransition, useCallback, useEffect, useReducer, useRef } from "react";
import type { ApiFailure } from "../api.ts";
import { hashKey, type QueryDef, type QueryKey, type QueryState, queryClient } from "./client.ts";

export type Query<T> = {
  /** The last answer for the key (kept while a newer read is on its way, and after a failed one). */
  data: T | undefined;
  error: ApiFailure | undefined;
  /** A read is on its way, or nothing has been read yet. */
  loading: boolean;
  /** Reads the key again now. */
  reload: () => void;
};

/**
 * The one way pages read server state: `def` names the key, the loader and how long
 * an answer stays fresh. The cached answer paints at once; a stale one is read again
 * on mount and whenever the key changes. Failures are silent here (the page shows
 * them); loaders pass the API's `silent` option. With `enabled: false` nothing is read.
 */
export function useQuery<T>(def: QueryDef<T>, options: { enabled?: boolean } = {}): Query<T> {
  const enabled = options.enabled ?? true;
  const hash = hashKey(def.key);
  // The key is what identifies the read; the loader of the latest render is the one used.
  const latest = useRef(def);
  useEffect(() => {
    latest.current = def;
  });

  const { key } = def;
  const state = useKeyState<T>(key, hash);

  const read = useCallback((force: boolean) => {
    const current = latest.current;
    queryClient.fetch(current.key, current.load, { staleTime: current.staleTime ?? 0, force }).catch(() => undefined);
  }, []);

  // A mount, a new key or a reader switched on reads (a fresh answer comes from the cache).
  useEffect(() => {
    if (enabled) read(false);
    // oxlint-disable-next-line react/exhaustive-effect-dependencies -- a new key (its hash) is what asks for a read
  }, [hash, enabled, read]);
  // So does an entry emptied under a mounted reader (a session change cleared the cache). Only that: an entry that
  // merely stops being idle, because its answer came, is not read again (changes render as transitions, so the render
  // after the answer may be the first one after the read started).
  const idle = state.data === undefined && state.error === undefined && !state.fetching;
  useEffect(() => {
    if (enabled && idle) read(false);
  }, [enabled, idle, read]);

  const reload = useCallback(() => read(true), [read]);
  return {
    data: enabled ? state.data : undefined,
    error: enabled ? state.error : undefined,
    loading: enabled && (state.fetching || idle),
    reload,
  };
}

/**
 * The key's current state, read during render, and a re-render whenever it changes. A change renders as a transition:
 * React renders it in slices and yields to the browser between them, so a large answer (a book, a list, a page's
 * first data) never holds the main thread for long. (useSyncExternalStore would render every change in one
 * uninterruptible pass.) A change between this render and the subscription is caught when the subscription starts.
 */
function useKeyState<T>(key: QueryKey, hash: string): QueryState<T> {
  const [, changed] = useReducer((n: number) => n + 1, 0);
  const state = queryClient.get<T>(key);
  const rendered = useRef(state);
  useEffect(() => {
    rendered.current = state;
  });
  useEffect(() => {
    const check = () => {
      if (queryClient.get(key) !== rendered.current) startTransition(changed);
    };
    const stop = queryClient.subscribe(key, check);
    check();
    return stop;
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- the hash stands for the key
  }, [hash]);
  return state;
}
