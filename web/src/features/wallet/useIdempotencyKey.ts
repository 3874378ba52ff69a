import { useCallback, useRef } from "react";
import { newIdempotencyKey } from "../../lib/api.ts";

/**
 * One Idempotency-Key per user action: the same key while the user retries the
 * same request (say, after a network failure), a new one once it succeeded or
 * the form changed. The server then moves money at most once per key.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => (key.current ??= newIdempotencyKey()), []);
  const reset = useCallback(() => {
    key.current = null;
  }, []);
  return { current, reset };
}
