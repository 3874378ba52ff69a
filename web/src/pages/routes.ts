import { commonRoutes } from "./common/routes.ts";
import type { PageRoute } from "./types.ts";

/** Every page of the app, by area; each area keeps its own list. */
export const pageRoutes: PageRoute[] = [...commonRoutes];
