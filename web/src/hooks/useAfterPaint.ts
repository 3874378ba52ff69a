import { startTransition, useEffect, useState } from "react";

/**
 * True once `ready` has been true for a painted frame, and from then on. A page's secondary parts (the chart) start
 * their downloads then: on a first visit they would otherwise share the network with the price and the book the page
 * opens for, and delay them. The change renders as a transition: it re-renders the page that asked, which must not
 * hold the main thread in one piece.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setAfter(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, after]);
  return after;
}
