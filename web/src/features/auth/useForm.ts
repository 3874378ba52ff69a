import { useCallback, useRef, useState } from "react";
import { ApiFailure } from "../../lib/api.ts";
import { toast } from "../../lib/ui.ts";
import { type FieldErrors, hasErrors, serverFieldError } from "./validation.ts";

/**
 * Form state for the account pages: values, per-field errors (editing a field
 * clears its error), and `submit`, which runs the client check, then the
 * request once at a time (the button is disabled while `submitting`). Server
 * failures about a field show under it; any other failure is toasted.
 */
export function useForm<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  const set = useCallback(
    (key: K) => (value: string) => {
      setValues((v) => ({ ...v, [key]: value }));
      setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
    },
    [],
  );

  /** Empties these fields and every error (the form switched between email and mobile). */
  const clear = useCallback((...keys: K[]) => {
    setValues((v) => ({ ...v, ...Object.fromEntries(keys.map((k) => [k, ""])) }));
    setErrors({});
  }, []);

  /** Shows (or clears) one field's error from a check made now, e.g. the address before a code is sent; true when it passed. */
  const checkField = useCallback((key: K, found: FieldErrors<K>) => {
    setErrors((e) => ({ ...e, [key]: found[key] }));
    return !found[key];
  }, []);

  const submit = useCallback(
    async (check: () => FieldErrors<K>, run: () => Promise<void>) => {
      if (busy.current) return;
      const found = check();
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
    [values],
  );

  return { values, set, setValues, errors, setErrors, clear, checkField, submitting, submit };
}
