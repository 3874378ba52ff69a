import { Provider, useAtomValue, useSetAtom } from "jotai";
import { lazy, Suspense, useEffect, useState } from "react";
import { ConfirmHost, GlobalLoading, ToastHost } from "../components/Feedback.tsx";
import { colorsAtom, effectiveThemeAtom, systemDarkAtom } from "../features/preferences/atoms.ts";
import { tokenAtom } from "../features/session/atoms.ts";
import { store } from "../lib/ui.ts";
import { AppRouter } from "./router.tsx";

/** Applies the theme and the price colours through CSS variables: switching re-renders no data. */
function ThemeSync() {
  const theme = useAtomValue(effectiveThemeAtom);
  const colors = useAtomValue(colorsAtom);
  const setSystemDark = useSetAtom(systemDarkAtom);
  useEffect(() => {
    const query = matchMedia("(prefers-color-scheme: dark)");
    const update = () => setSystemDark(query.matches);
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, [setSystemDark]);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", theme === "dark" ? "#0b0e11" : "#ffffff");
  }, [theme]);
  useEffect(() => {
    document.documentElement.dataset.colors = colors;
  }, [colors]);
  return null;
}

const UserRealtime = lazy(() => import("../features/messages/realtime.ts").then((m) => ({ default: m.UserRealtime })));

/**
 * The user-room socket (and partysocket and the frame schemas with it) loads only
 * once someone logs in, after the first paint; once loaded it stays mounted so it
 * can close the socket and clear the count on log-out.
 */
function UserRealtimeWhenLoggedIn() {
  const token = useAtomValue(tokenAtom);
  const [needed, setNeeded] = useState(false);
  if (token && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <UserRealtime />
    </Suspense>
  ) : null;
}

export function App() {
  return (
    <Provider store={store}>
      <ThemeSync />
      <UserRealtimeWhenLoggedIn />
      <AppRouter />
      <GlobalLoading />
      <ConfirmHost />
      <ToastHost />
    </Provider>
  );
}
