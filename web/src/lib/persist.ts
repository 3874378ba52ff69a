import { atomWithStorage, createJSONStorage } from "jotai/utils";

/**
 * Persisted client state (the spec's list: theme, lang, token, user, fiat, fiats,
 * unread count, logos). Read on init so the first render already has them; the
 * boot script applies the reset rule (lib/storage-version.ts) before any is made.
 *
 * The value is kept with the text it was read from or written as, and stays the same object until that text changes:
 * jotai reads storage again when the atom's first reader mounts, and a fresh parse of unchanged text, a new object,
 * counted as a change and rendered every reader once more, in one blocking pass (the trade header, on each first visit).
 */
export const persisted = <T>(key: string, initial: T, valid?: (value: unknown) => value is T) => {
  let last: { text: string | null; value: T } | null = null;
  const storage = {
    // Another tab's change arrives through the storage event, as jotai's JSON storage delivers it.
    subscribe: createJSONStorage<T>(() => localStorage).subscribe,
    getItem: (k: string, init: T): T => {
      const text = storedText(k);
      if (last?.text !== text) last = { text, value: parsed(text, init, valid) };
      return last.value;
    },
    setItem: (k: string, value: T) => {
      const text = JSON.stringify(value);
      localStorage.setItem(k, text);
      last = { text, value };
    },
    removeItem: (k: string) => {
      localStorage.removeItem(k);
      last = null;
    },
  };
  return atomWithStorage<T>(key, initial, storage, { getOnInit: true });
};

/**
 * A stored text as a value: the initial one when there is none, or when the app cannot use it (not JSON, another
 * version's code, a hand edit: a language with no texts stopped the app before its first render).
 */
function parsed<T>(text: string | null, init: T, valid?: (value: unknown) => value is T): T {
  if (text === null) return init;
  try {
    const value: unknown = JSON.parse(text);
    return !valid || valid(value) ? (value as T) : init;
  } catch {
    return init;
  }
}

/** The stored text of a key, or null (none, or storage unavailable). */
function storedText(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** A validator for `persisted`: the value is one of `choices`. */
export const oneOf =
  <T>(choices: readonly T[]) =>
  (value: unknown): value is T =>
    (choices as readonly unknown[]).includes(value);
