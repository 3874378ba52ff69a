/** The hourly rounds' calendar, pure (the seed, which runs in node, shares it with the Quiz objects' planning). */
export const HOUR_MS = 3_600_000;
/** Automatic rounds are planned this many hours ahead (the page shows them as upcoming). */
export const PLAN_HOURS = 3;
