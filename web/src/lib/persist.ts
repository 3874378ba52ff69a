import { atomWithStorage, createJSONStorage } from "jotai/utils";

/**
 * Persisted client state (the spec's list: theme, lang, token, user, fiat, fiats,
 * unread count, logos). Read on init so the first render already has them; the
 * boot script applies the reset rule (lib/storage-version.ts) before any is made.
 */
export const persisted = <T>(key: string, initial: T) =>
  atomWithStorage<T>(
    key,
    initial,
    createJSONStorage<T>(() => localStorage),
    { getOnInit: true },
  );
