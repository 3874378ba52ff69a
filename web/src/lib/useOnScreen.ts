import { useEffect, useState } from "react";

/**
 * Whether the element has come on screen (any part of it, once): work for what sits below the fold waits until the
 * visitor scrolls to it. Returns a callback ref, so an element mounted later (a panel opened) is watched too. Where
 * IntersectionObserver is missing, the element counts as on screen.
 */
export function useOnScreen<T extends Element>(): [(el: T | null) => void, boolean] {
  const [el, setEl] = useState<T | null>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    if (seen || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el, seen]);
  return [setEl, seen];
}
