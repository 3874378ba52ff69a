import { DEFAULT_LANG, type Lang } from "../../../schema/api/lang.ts";

/**
 * A persisted value the boot script reads before jotai is loaded: its storage key and its value when nothing is stored.
 * The app's atom is made from the same pair (lib/persist.ts stores JSON under the key), so the two never disagree.
 */
export type Stored<T> = { key: string; initial: T };

export const STORED_LANG: Stored<Lang> = { key: "lang", initial: DEFAULT_LANG };
export const STORED_TOKEN: Stored<string> = { key: "token", initial: "" };

/** The stored value as the persisted atom would read it, or its initial value when absent or unreadable. */
export function readStored<T>(storage: Storage, stored: Stored<T>): T {
  try {
    const text = storage.getItem(stored.key);
    return text === null ? stored.initial : (JSON.parse(text) as T);
  } catch {
    return stored.initial;
  }
}
