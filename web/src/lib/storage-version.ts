/** Bump when stored shapes change incompatibly; storage below it is cleared once. */
export const STORAGE_VERSION = 1;
const VERSION_KEY = "h5Version";

/**
 * Clears storage once if its stored version is below STORAGE_VERSION (the spec's reset rule). The boot script runs it
 * before anything reads storage: persisted atoms read it when they are created, and early reads send the stored session.
 */
export function migrateStorage(storage: Storage = localStorage): void {
  const stored = Number(storage.getItem(VERSION_KEY) ?? "0");
  if (!(stored >= STORAGE_VERSION)) {
    storage.clear();
    storage.setItem(VERSION_KEY, String(STORAGE_VERSION));
  }
}
