import { threadRead } from "../../features/support/reads.ts";
import type { PageRoute } from "../types.ts";

/** Customer service: the live chat (kefu), and kf, the spec's other entry to it. */
export const kefuRoutes: PageRoute[] = [
  { path: "/kefu", load: () => import("./KefuPage.tsx"), guard: true, texts: ["support", "fund"], reads: () => [threadRead()] },
  { path: "/kf", load: () => import("./KefuPage.tsx"), guard: true, texts: ["support", "fund"] },
];
