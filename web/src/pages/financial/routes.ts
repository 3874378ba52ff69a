import { menuRead } from "../../features/content/reads.ts";
import type { PageRoute } from "../types.ts";

export const financialRoutes: PageRoute[] = [
  { path: "/financial", load: () => import("./FinancialPage.tsx"), tab: true, reads: () => [menuRead] },
];
