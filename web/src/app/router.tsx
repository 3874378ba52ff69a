import { Component, type ReactNode, useEffect } from "react";
import { HashRouter, matchRoutes, Route, type RouteObject, Routes, useLocation, useNavigate } from "react-router";
import { RequireAuth } from "../components/RequireAuth.tsx";
import { preloadable } from "../lib/preloadable.tsx";
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

type Page = (typeof pages)[number];

/** Every page's path, in the table's order (tab pages first, as they were nested), for matching alone. */
const matchable: RouteObject[] = [...pages.filter(isTab), ...pages.filter((p) => !isTab(p))].map((p) => ({ path: p.path }));
const pageOfPath = new Map(pages.map((p) => [p.path, p]));
const matched = new Map<string, Page | null>();

/**
 * The page a path opens, matched by the router's own rules (most specific pattern first), once per path. <Routes>
 * given all 120 pages flattens and ranks the whole table on every render, some 30 ms of a phone's first render;
 * given only the page found here it has one route to match. A path that is a page's path exactly is that page (no
 * pattern outranks one made only of fixed segments); others are matched by the router's matchRoutes, which itself
 * flattens and ranks the table.
 */
function pageAt(pathname: string): Page | null {
  const exact = pageOfPath.get(pathname);
  if (exact) return exact;
  let page = matched.get(pathname);
  if (page === undefined) {
    const path = matchRoutes(matchable, pathname)?.[0]?.route.path;
    page = (path !== undefined && pageOfPath.get(path)) || null;
    matched.set(pathname, page);
  }
  return page;
}

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
