import { type QueryKey, queryClient } from "./client.ts";

/**
 * A server write with the keys it changes: after it succeeds, every cached read under
 * those prefixes is stale and the mounted ones are read again, so no page has to
 * remember to refresh another. `invalidates` may depend on the call's arguments.
 */
export function mutation<A extends unknown[], R>(
  run: (...args: A) => Promise<R>,
  invalidates: readonly QueryKey[] | ((...args: A) => readonly QueryKey[]),
): (...args: A) => Promise<R> {
  return async (...args: A) => {
    const result = await run(...args);
    const keys = typeof invalidates === "function" ? invalidates(...args) : invalidates;
    for (const key of keys) void queryClient.invalidate(key);
    return result;
  };
}
