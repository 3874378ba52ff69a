import { startTransition, useCallback, useState } from "react";

/**
 * Whether the element has come on screen (any part of it, once): work for what sits below the fold waits until the
 * visitor scrolls to it. Returns a callback ref, so an element mounted later (a panel opened) is watched too; its
 * cleanup stops the watch. Where IntersectionObserver is missing, the element counts as on screen.
 *
 * The ref starts the observer itself and keeps the element out of state: a state update from a ref callback runs in
 * the commit, at the synchronous priority, and forced a second, uninterruptible render of the page right after its
 * first. The change renders as a transition.
 */
export function useOnScreen<T extends Element>(): [(el: T | null) => (() => void) | undefined, boolean] {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === "undefined");
  const watch = useCallback(
    (el: T | null) => {
      if (!el || seen) return undefined;
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setSeen(true));
      });
      observer.observe(el);
      return () => observer.disconnect();
    },
    [seen],
  );
  return [watch, seen];
}
