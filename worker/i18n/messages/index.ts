import { common } from "./common.ts";

/**
 * All server messages by stable code. Each domain keeps its own file;
 * add it here. Codes are stable API: clients may branch on them.
 */
export const catalog = {
  ...common,
};

export type MessageCode = keyof typeof catalog;
