import { atomWithStorage, createJSONStorage } from "jotai/utils";

/**
 * Persisted client state (the spec's list: theme, lang, token, user, fiat, fiats,
 * unread count, logos). Read on init so the first render already has them; the
 * boot script applies the reset rule (lib/storage-version.ts) before any is made.
 */
export const persisted = <T>(key: string, initial: T, valid?: (value: unknown) => value is T) => {
  const json = createJSONStorage<T>(() => localStorage);
  // A stored value the app cannot use (another version's code, a hand edit) reads as the initial value: a language
  // with no texts stopped the app before its first render.
  const storage = valid
    ? {
        ...json,
        getItem: (k: string, init: T) => {
          const v = json.getItem(k, init);
          return valid(v) ? v : init;
        },
      }
    : json;
  return atomWithStorage<T>(key, initial, storage as typeof json, { getOnInit: true });
};

/** A validator for `persisted`: the value is one of `choices`. */
export const oneOf =
  <T>(choices: readonly T[]) =>
  (value: unknown): value is T =>
    (choices as readonly unknown[]).includes(value);
