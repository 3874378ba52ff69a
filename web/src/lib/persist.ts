import { atomWithStorage, createJSONStorage } from "jotai/utils";

/**
 * Persisted client state (the spec's list: theme, lang, token, user, fiat, fiats,
 * unread count, logos). Read on init so the first render already has them; the
 * boot script applies the reset rule (lib/storage-version.ts) before any is made.
 */
export const persisted = <T>(key: string, initial: T, valid?: (value: unknown) => value is T) => {
  const json = createJSONStorage<T>(() => localStorage);
  // The value last read or written, with its stored text. jotai reads storage again when the atom's first reader
  // mounts; a fresh parse of unchanged text is a new object, which counted as a change and rendered every reader
  // once more, in one blocking pass (the trade header, on each first visit).
  let last: { text: string | null; value: T } | null = null;
  const storage: typeof json = {
    ...json,
    getItem: (k, init) => {
      const text = storedText(k);
      if (last && last.text === text) return last.value;
      const read = json.getItem(k, init);
      // A stored value the app cannot use (another version's code, a hand edit) reads as the initial value: a
      // language with no texts stopped the app before its first render.
      const value = !valid || valid(read) ? read : init;
      last = { text, value };
      return value;
    },
    setItem: (k, value) => {
      json.setItem(k, value);
      last = { text: storedText(k), value };
    },
    removeItem: (k) => {
      json.removeItem(k);
      last = null;
    },
  };
  return atomWithStorage<T>(key, initial, storage, { getOnInit: true });
};

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
