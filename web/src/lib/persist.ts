import { atomWithStorage, createJSONStorage } from "jotai/utils";

/**
 * Persisted client state (the spec's list: theme, lang, token, user, fiat, fiats,
 * unread count, logos). Read on init so the first render already has them.
 */
export const persisted = <T>(key: string, initial: T) =>
  atomWithStorage<T>(
    key,
    initial,
    createJSONStorage<T>(() => localStorage),
    { getOnInit: true },
  );

/** Bump when stored shapes change incompatibly; storage below it is cleared once. */
export const STORAGE_VERSION = 1;
const VERSION_KEY = "h5Version";

/** Clears storage once if its stored version is below STORAGE_VERSION (the spec's reset rule). */
export function migrateStorage(storage: Storage = localStorage): void {
  const stored = Number(storage.getItem(VERSION_KEY) ?? "0");
  if (!(stored >= STORAGE_VERSION)) {
    storage.clear();
    storage.setItem(VERSION_KEY, String(STORAGE_VERSION));
  }
}
