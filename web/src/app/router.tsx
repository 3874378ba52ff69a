import { Component, lazy, type ComponentType, type ReactNode, useEffect } from "react";
import { HashRouter, matchPath, Route, Routes, useLocation, useNavigate } from "react-router";
import { RequireAuth } from "../components/RequireAuth.tsx";
import { pageRoutes } from "../pages/routes.ts";
import type { PageRoute } from "../pages/types.ts";
import { PlainLayout, TabLayout } from "./Layouts.tsx";
import { registerNavigate } from "./navigation.ts";
import { NotFound, RouteError } from "./RouteError.tsx";

/*
 * Declarative hash routing: the data-router API adds about 17 KB gzip to every
 * first load and the app uses none of its loaders, so pages are plain
 * React.lazy components (route-level code splitting) inside the layouts'
 * Suspense boundaries.
 */

/** Runs `load` once; later calls share its promise (a failed load may be tried again). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load().catch((error: unknown) => ((loading = undefined), Promise.reject(error))));
}

/** One lazy component per page, made once; its chunk may be asked for earlier, by preloadPage. */
const pages = pageRoutes.map((page) => {
  const load = once(page.load);
  return { ...page, load, Page: lazy(load) as ComponentType };
});

/**
 * Starts loading the chunk of the page a hash URL opens, so that on a first visit it downloads beside the language's
 * texts instead of after them (the router would ask for it only once the app renders).
 */
export function preloadPage(hash: string): void {
  const path = hash.replace(/^#/, "").split("?")[0] || "/";
  void pages
    .find((p) => matchPath(p.path, path))
    ?.load()
    .catch(() => undefined); // the router's own load shows the failure
}

function routesFor(list: typeof pages): ReactNode {
  const route = (p: (typeof pages)[number]) => <Route key={p.path} path={p.path} element={<p.Page />} />;
  const open = list.filter((p) => !p.guard).map(route);
  const guarded = list.filter((p) => p.guard).map(route);
  return (
    <>
      {open}
      {guarded.length > 0 && <Route element={<RequireAuth />}>{guarded}</Route>}
    </>
  );
}

const isTab = (p: PageRoute) => p.tab === true;

/**
 * A page that fails to render or load (for example a chunk after a deploy) shows
 * the error view. It is keyed by the path, so moving to another page starts clean.
 */
class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

function AppRoutes() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => registerNavigate(navigate), [navigate]);
  return (
    <RouteErrorBoundary key={location.pathname}>
      <Routes>
        <Route element={<TabLayout />}>{routesFor(pages.filter(isTab))}</Route>
        <Route element={<PlainLayout />}>
          {routesFor(pages.filter((p) => !isTab(p)))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}
