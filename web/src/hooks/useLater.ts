import { useCallback, useEffect, useRef } from "react";

/**
 * Runs something after a delay (say, leaving a page 1.2 s after a success
 * toast) unless the component is gone by then: a user who already navigated
 * elsewhere is not sent back.
 */
export function useLater(): (fn: () => void, ms: number) => void {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending) clearTimeout(t);
      pending.clear();
    };
  }, []);
  return useCallback((fn, ms) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      fn();
    }, ms);
    timers.current.add(timer);
  }, []);
}
