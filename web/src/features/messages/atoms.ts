import { persisted } from "../../lib/persist.ts";

export const unreadAtom = persisted<number>("unreadMessage", 0);
