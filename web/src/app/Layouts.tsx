import { Suspense } from "react";
import { Outlet } from "react-router";
import { DelayedSpinner } from "../components/Feedback.tsx";
import { TabBar } from "../components/TabBar.tsx";

/** The five tab pages share the bottom navigation. */
export function TabLayout() {
  return (
    <div className="page page-with-tabs">
      <Suspense fallback={<DelayedSpinner />}>
        <Outlet />
      </Suspense>
      <TabBar />
    </div>
  );
}

/** Every other page: its own NavBar, full height. */
export function PlainLayout() {
  return (
    <div className="page">
      <Suspense fallback={<DelayedSpinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
