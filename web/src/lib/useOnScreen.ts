import { startTransition, useCallback, useEffect, useRef, useState } from "react";

/**
 * Whether the element has come on screen (any part of it, once): work for what sits below the fold waits until the
 * visitor scrolls to it. Returns a callback ref, so an element mounted later (a panel opened) is watched too. Where
 * IntersectionObserver is missing, the element counts as on screen.
 *
 * The ref starts the observer itself and keeps the element out of state: a state update from a ref callback runs in
 * the commit, at the synchronous priority, and forced a second, uninterruptible render of the page right after its
 * first. The change renders as a transition.
 */
export function useOnScreen<T extends Element>(): [(el: T | null) => void, boolean] {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === "undefined");
  const observer = useRef<IntersectionObserver | null>(null);
  const watch = useCallback(
    (el: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!el || seen) return;
      const watching = new IntersectionObserver((entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        watching.disconnect();
        startTransition(() => setSeen(true));
      });
      watching.observe(el);
      observer.current = watching;
    },
    [seen],
  );
  useEffect(() => () => observer.current?.disconnect(), []);
  return [watch, seen];
}
