import type { EarlyRead } from "../../lib/api.ts";

/** Quiz reads the first screen waits for, named once for the fetchers and the boot script (no schema imports). */
export const quizConfigRead: EarlyRead = { path: "/guess/config" };
export const currentRoundsRead: EarlyRead = { path: "/guess/rounds", params: { scope: "current", limit: 20 } };
