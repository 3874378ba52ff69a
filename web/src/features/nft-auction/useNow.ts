import { useEffect, useState } from "react";

/** The clock, re-read every `everyMs`, so countdowns and "has it ended" re-render as time passes. */
export function useNow(everyMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
