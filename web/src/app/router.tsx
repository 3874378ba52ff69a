import { Component, type ReactNode, useEffect } from "react";
import { HashRouter, Route, Routes, useLocation, useNavigate } from "react-router";
import { RequireAuth } from "../components/RequireAuth.tsx";
import { preloadable } from "../lib/preloadable.tsx";
import { routeMatcher } from "../lib/route-matcher.ts";
import { pageRoutes } from "../pages/routes.ts";
import type { PageRoute } from "../pages/types.ts";
import { PlainLayout, TabLayout } from "./Layouts.tsx";
import { registerNavigate } from "./navigation.ts";
import { NotFound, RouteError } from "./RouteError.tsx";

/*
 * Declarative hash routing: the data-router API adds about 17 KB gzip to every
 * first load and the app uses none of its loaders, so pages are components
 * loaded on demand (route-level code splitting, lib/preloadable.tsx) inside
 * the layouts' Suspense boundaries.
 */

/** Each page's component, made once; the boot script may have asked for its chunk before the router renders it. */
const pages = pageRoutes.map((page) => ({ ...page, Page: preloadable(page.load) }));

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

/**
 * The page a path opens (tab pages first, as they were nested before). <Routes> is given that page alone: given all
 * 120 it flattens and ranks the whole table on every render.
 */
const pageAt = routeMatcher([...pages.filter(isTab), ...pages.filter((p) => !isTab(p))]);

function AppRoutes() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => registerNavigate(navigate), [navigate]);
  const page = pageAt(location.pathname);
  return (
    <RouteErrorBoundary key={location.pathname}>
      <Routes>
        {page && isTab(page) ? (
          <Route element={<TabLayout />}>{routesFor([page])}</Route>
        ) : (
          <Route element={<PlainLayout />}>{page ? routesFor([page]) : <Route path="*" element={<NotFound />} />}</Route>
        )}
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
