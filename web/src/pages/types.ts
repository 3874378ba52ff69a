import type { ComponentType } from "react";

/**
 * A page in the hash router. Pages load on demand (route-level code splitting).
 * `tab`: shown with the bottom navigation. `guard`: needs a session (log-in prompt otherwise).
 */
export type PageRoute = {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  tab?: boolean;
  guard?: boolean;
};
