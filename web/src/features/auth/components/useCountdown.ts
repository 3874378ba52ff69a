import { useCallback, useEffect, useState } from "react";

/** Deadlines by key, kept for the app's lifetime so leaving a page does not reset a countdown. */
const deadlines = new Map<string, number>();

const secondsLeft = (key: string) => Math.max(0, Math.ceil(((deadlines.get(key) ?? 0) - Date.now()) / 1000));

/** A seconds countdown (code re-send gate): `left` ticks down to 0; `start(n)` begins one. */
export function useCountdown(key: string): { left: number; start: (seconds: number) => void } {
  const [state, setState] = useState(() => ({ key, left: secondsLeft(key) }));
  // Another key (the form switched between email and mobile): take that key's countdown.
  if (state.key !== key) setState({ key, left: secondsLeft(key) });
  const left = state.key === key ? state.left : 0;
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setState({ key, left: secondsLeft(key) }), 250);
    return () => clearInterval(timer);
  }, [key, running]);
  const start = useCallback(
    (seconds: number) => {
      deadlines.set(key, Date.now() + seconds * 1000);
      setState({ key, left: secondsLeft(key) });
    },
    [key],
  );
  return { left, start };
}
