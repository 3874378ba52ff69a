import { useCallback, useRef, useState } from "react";
import { ApiFailure } from "../api.ts";
import type { AmountInputError } from "../amount-input.ts";
import { toast } from "../ui.ts";
import { useInputLang } from "./lang.ts";
import { amountInputMessage, type FieldErrors, hasErrors, serverFieldError } from "./messages.ts";

/**
 * The one form helper: values, per-field errors (editing a field clears its error),
 * and `submit`, which runs the client check (usually `validate` with the shared
 * zod/mini schema), then the request once at a time (the button is disabled while
 * `submitting`). A server failure about a field shows under it; any other failure is
 * toasted (requests pass `silent`, so nothing is shown twice).
 *
 * Amounts and prices are typed into AmountInput and bound with `amount(key)`: the
 * field then holds the canonical number, and a text that is not an amount in the
 * user's language blocks the submit with the reason under the field.
 */
export function useForm<K extends string>(initial: Record<K, string>) {
  const lang = useInputLang();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [unreadable, setUnreadable] = useState<Partial<Record<K, AmountInputError>>>({});
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  const set = useCallback(
    (key: K) => (value: string) => {
      setValues((v) => ({ ...v, [key]: value }));
      setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
      setUnreadable((u) => (u[key] ? { ...u, [key]: undefined } : u));
    },
    [],
  );

  /** Props for an AmountInput / AmountField bound to `key`. */
  const amount = (key: K) => ({
    value: values[key],
    onChange: (value: string, why: AmountInputError | null) => {
      set(key)(value);
      if (why) setUnreadable((u) => ({ ...u, [key]: why }));
    },
    error: errors[key],
  });

  /** Empties these fields and every error (the form switched between email and mobile). */
  const clear = useCallback((...keys: K[]) => {
    setValues((v) => ({ ...v, ...Object.fromEntries(keys.map((k) => [k, ""])) }));
    setErrors({});
    setUnreadable({});
  }, []);

  /** Shows (or clears) one field's error from a check made now, e.g. the address before a code is sent; true when it passed. */
  const checkField = useCallback((key: K, found: FieldErrors<K>) => {
    setErrors((e) => ({ ...e, [key]: found[key] }));
    return !found[key];
  }, []);

  const submit = useCallback(
    async (check: () => FieldErrors<K>, run: () => Promise<void>) => {
      if (busy.current) return;
      // An amount that could not be read is reported as such, never checked as the empty value it holds.
      const found: FieldErrors<K> = { ...check() };
      for (const [key, why] of Object.entries(unreadable) as [K, AmountInputError | undefined][])
        if (why && values[key] === "") found[key] = amountInputMessage(why, lang);
      setErrors(found);
      if (hasErrors(found)) return;
      busy.current = true;
      setSubmitting(true);
      try {
        await run();
      } catch (err) {
        if (!(err instanceof ApiFailure)) throw err;
        const fieldError = serverFieldError(err, Object.keys(values) as K[]);
        if (fieldError) setErrors(fieldError);
        else if (err.kind !== "999" && err.kind !== "998") toast(err.message);
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    },
    [values, unreadable, lang],
  );

  return { values, set, setValues, amount, errors, setErrors, clear, checkField, submitting, submit };
}
