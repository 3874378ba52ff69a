import { createHashRouter, type RouteObject } from "react-router";
import { RequireAuth } from "../components/RequireAuth.tsx";
import { pageRoutes } from "../pages/routes.ts";
import type { PageRoute } from "../pages/types.ts";
import { PlainLayout, TabLayout } from "./Layouts.tsx";
import { NotFound, RouteError } from "./RouteError.tsx";

const toRoute = (page: PageRoute): RouteObject => ({
  path: page.path,
  lazy: async () => ({ Component: (await page.load()).default }),
});

/** Splits pages into the tab and plain layouts, each with a guarded branch. */
function withLayout(pages: PageRoute[]): RouteObject[] {
  const open = pages.filter((p) => !p.guard).map(toRoute);
  const guarded = pages.filter((p) => p.guard).map(toRoute);
  return guarded.length ? [...open, { element: <RequireAuth />, children: guarded }] : open;
}

export const router = createHashRouter([
  {
    errorElement: <RouteError />,
    children: [
      { element: <TabLayout />, children: withLayout(pageRoutes.filter((p) => p.tab)) },
      { element: <PlainLayout />, children: [...withLayout(pageRoutes.filter((p) => !p.tab)), { path: "*", element: <NotFound /> }] },
    ],
  },
]);
