import { currentRoundsRead, quizConfigRead } from "../../features/quiz/reads.ts";
import type { PageRoute } from "../types.ts";

/** The prediction quiz (page game): rounds and results are public; betting and one's bets need a session (asked on the page). */
export const gameRoutes: PageRoute[] = [
  { path: "/game", load: () => import("./GamePage.tsx"), texts: ["guess", "fund"], reads: () => [quizConfigRead, currentRoundsRead] },
];
