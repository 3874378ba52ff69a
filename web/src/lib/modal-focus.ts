import { type RefObject, useEffect } from "react";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  '[tabindex]:not([tabindex="-1"])',
].join(", ");

/**
 * Keyboard and screen-reader behaviour every modal dialog shares: while open, the dialog itself takes the focus unless one
 * of its fields already has it (so its title and text are announced first and a stray Enter confirms nothing), Tab and
 * Shift+Tab cycle inside it, and on close the focus returns to what had it before (the button that opened it).
 */
export function useModalFocus(ref: RefObject<HTMLElement | null>, open: boolean): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.hasAttribute("tabindex")) dialog.setAttribute("tabindex", "-1");
    // A field the dialog focused itself (autoFocus) keeps the focus.
    if (!dialog.contains(document.activeElement)) dialog.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Tab") return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      if (items.length === 0) {
        e.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const inside = dialog.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || document.activeElement === dialog || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (before) restoreFocus(before);
    };
  }, [ref, open]);
}

/**
 * Gives the focus back to `el`. A button that started the confirmed action is often disabled while the action runs, and a
 * disabled element cannot take the focus: then it takes it once it is enabled again, unless the user has moved on meanwhile.
 */
function restoreFocus(el: HTMLElement): void {
  if (!el.isConnected) return;
  if (!el.matches(":disabled")) {
    el.focus({ preventScroll: true });
    return;
  }
  const observer = new MutationObserver(() => {
    if (el.matches(":disabled")) return;
    stop();
    const idle = document.activeElement === null || document.activeElement === document.body;
    if (el.isConnected && idle) el.focus({ preventScroll: true });
  });
  const timer = setTimeout(() => stop(), 10_000);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(el, { attributes: true, attributeFilter: ["disabled"] });
}
