import { Provider, useAtomValue, useSetAtom } from "jotai";
import { useEffect } from "react";
import { RouterProvider } from "react-router";
import { ConfirmHost, GlobalLoading, ToastHost } from "../components/Feedback.tsx";
import { UserRealtime } from "../features/messages/realtime.ts";
import { effectiveThemeAtom, systemDarkAtom } from "../features/preferences/atoms.ts";
import { store } from "../lib/ui.ts";
import { router } from "./router.tsx";

/** Applies the theme through CSS variables: switching re-renders no data. */
function ThemeSync() {
  const theme = useAtomValue(effectiveThemeAtom);
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
  return null;
}

export function App() {
  return (
    <Provider store={store}>
      <ThemeSync />
      <UserRealtime />
      <RouterProvider router={router} />
      <GlobalLoading />
      <ConfirmHost />
      <ToastHost />
    </Provider>
  );
}
